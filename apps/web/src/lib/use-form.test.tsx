import { act, renderHook, screen } from '@testing-library/react';
import { careerBody, LIMITS, type CareerBody } from '@egreso/domain';
import { describe, expect, it, vi } from 'vitest';
import { FormModal } from '../components/FormModal';
import { LimitedTextInput } from '../components/LimitedTextInput';
import { renderWithProviders } from '../test/render';
import { ApiError } from './api';
import { errorText } from './errors';
import { useForm, useResetOnOpen } from './use-form';

function CareerForm({ save }: { save: (body: CareerBody) => Promise<unknown> }) {
  const form = useForm({ initial: { career_key: '', name: '' }, schema: careerBody, toBody: (v) => v });
  const submit = () => form.submit(save, (err) => form.fail(errorText('Error guardando carrera', err)));
  return (
    <FormModal opened title="Nueva carrera" onClose={() => {}} onSubmit={submit} saving={false} failure={form.failure}>
      <LimitedTextInput label="Clave" max={LIMITS.careerKey} {...form.bind('career_key')} />
      <LimitedTextInput label="Nombre" max={LIMITS.careerName} {...form.bind('name')} />
    </FormModal>
  );
}

describe('useForm with FormModal', () => {
  it("shows the domain schema's messages under the fields and does not save", async () => {
    const save = vi.fn();
    const { user } = renderWithProviders(<CareerForm save={save} />);
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(screen.getByText('La clave de la carrera es obligatoria')).toBeInTheDocument();
    expect(screen.getByText('El nombre de la carrera es obligatorio')).toBeInTheDocument();
    expect(save).not.toHaveBeenCalled();
  });

  it("saves the schema's output (trimmed)", async () => {
    const save = vi.fn().mockResolvedValue({});
    const { user } = renderWithProviders(<CareerForm save={save} />);
    await user.type(screen.getByLabelText('Clave'), ' ISC ');
    await user.type(screen.getByLabelText('Nombre'), 'Sistemas');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(save).toHaveBeenCalledWith(
      { career_key: 'ISC', name: 'Sistemas' },
      { career_key: ' ISC ', name: 'Sistemas' },
    );
  });

  it("shows the server's field error under its field and clears it once that field changes", async () => {
    const save = vi.fn().mockRejectedValue(
      new ApiError(409, 'Ya existe una carrera con esa clave.', {
        career_key: ['Ya existe una carrera con esa clave.'],
      }),
    );
    const { user } = renderWithProviders(<CareerForm save={save} />);
    await user.type(screen.getByLabelText('Clave'), 'ISC');
    await user.type(screen.getByLabelText('Nombre'), 'Sistemas');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Error guardando carrera: Ya existe una carrera con esa clave.',
    );
    expect(screen.getByLabelText('Clave')).toHaveAccessibleDescription(/Ya existe una carrera con esa clave\./);

    // Changing another field keeps the key's message; changing the key clears it.
    await user.type(screen.getByLabelText('Nombre'), 'x');
    expect(screen.getByLabelText('Clave')).toHaveAccessibleDescription(/Ya existe una carrera con esa clave\./);
    await user.type(screen.getByLabelText('Clave'), '2');
    expect(screen.queryByText('Ya existe una carrera con esa clave.')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('useResetOnOpen', () => {
  const EMPTY = { career_key: '', name: '' };
  type Row = { id: number; career_key: string; name: string };
  function useCareerModal(props: { opened: boolean; row: Row | null }) {
    const form = useForm({ initial: EMPTY, schema: careerBody, toBody: (v) => v });
    useResetOnOpen(form, props.opened, props.row, (r) => ({ career_key: r.career_key, name: r.name }));
    return form;
  }

  it('starts the form from the row when the modal opens with one, from the initial values without, and keeps what is typed between', () => {
    const isc = { id: 1, career_key: 'ISC', name: 'Sistemas' };
    const { result, rerender } = renderHook(useCareerModal, {
      initialProps: { opened: true, row: isc as Row | null },
    });
    expect(result.current.values).toEqual({ career_key: 'ISC', name: 'Sistemas' });

    // Typing re-renders with a new mapping function: the typed value stays.
    act(() => result.current.setField('name', 'Sistemas Computacionales'));
    rerender({ opened: true, row: isc });
    expect(result.current.values.name).toBe('Sistemas Computacionales');

    rerender({ opened: false, row: isc });
    rerender({ opened: true, row: null });
    expect(result.current.values).toEqual(EMPTY);
  });
});

import { TextInput } from '@mantine/core';
import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { ConfirmDialog } from './ConfirmDialog';
import { DISCARD_TITLE, GuardedDrawer, GuardedModal } from './GuardedModal';

function Form({ Shell, onClosed }: { Shell: typeof GuardedModal | typeof GuardedDrawer; onClosed: () => void }) {
  const [opened, setOpened] = useState(true);
  const [name, setName] = useState('');
  const close = () => {
    setOpened(false);
    onClosed();
  };
  return (
    <Shell opened={opened} onClose={close} title="Nueva carrera">
      <TextInput label="Nombre" value={name} onChange={(e) => setName(e.currentTarget.value)} />
    </Shell>
  );
}

describe.each([
  ['GuardedModal', GuardedModal],
  ['GuardedDrawer', GuardedDrawer],
] as const)('%s', (_, Shell) => {
  it('names its close button Cerrar and closes an untouched form at once', async () => {
    const onClosed = vi.fn();
    const r = renderWithProviders(<Form Shell={Shell} onClosed={onClosed} />);
    await r.user.click(
      within(screen.getByRole('dialog', { name: 'Nueva carrera' })).getByRole('button', { name: 'Cerrar' }),
    );
    expect(onClosed).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog', { name: DISCARD_TITLE })).not.toBeInTheDocument();
  });

  it('asks before Escape discards typed data; the focus starts on Seguir editando, which keeps the text', async () => {
    const onClosed = vi.fn();
    const r = renderWithProviders(<Form Shell={Shell} onClosed={onClosed} />);
    await r.user.type(screen.getByLabelText('Nombre'), 'Ingeniería Civil');
    await r.user.keyboard('{Escape}');
    const ask = await screen.findByRole('dialog', { name: DISCARD_TITLE });
    await waitFor(() => expect(within(ask).getByRole('button', { name: 'Seguir editando' })).toHaveFocus());
    expect(onClosed).not.toHaveBeenCalled();
    await r.user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: DISCARD_TITLE })).not.toBeInTheDocument());
    expect(onClosed).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Nombre')).toHaveValue('Ingeniería Civil');
  });

  it('closes with typed data only when the user chooses Descartar', async () => {
    const onClosed = vi.fn();
    const r = renderWithProviders(<Form Shell={Shell} onClosed={onClosed} />);
    await r.user.type(screen.getByLabelText('Nombre'), 'x');
    await r.user.click(
      within(screen.getByRole('dialog', { name: 'Nueva carrera' })).getByRole('button', { name: 'Cerrar' }),
    );
    await r.user.click(
      within(await screen.findByRole('dialog', { name: DISCARD_TITLE })).getByRole('button', { name: 'Descartar' }),
    );
    expect(onClosed).toHaveBeenCalledTimes(1);
  });

  it('does not ask when the typed text was put back as it was', async () => {
    const onClosed = vi.fn();
    const r = renderWithProviders(<Form Shell={Shell} onClosed={onClosed} />);
    await r.user.type(screen.getByLabelText('Nombre'), 'ab{Backspace}{Backspace}');
    await r.user.keyboard('{Escape}');
    expect(onClosed).toHaveBeenCalledTimes(1);
  });
});

describe('ConfirmDialog', () => {
  it('starts the focus on the safe button, so Enter cancels', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    const r = renderWithProviders(
      <ConfirmDialog
        opened
        title="Eliminar"
        message="¿Seguro?"
        confirmLabel="Eliminar"
        danger
        onConfirm={onConfirm}
        onCancel={onCancel}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Eliminar' });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toHaveFocus());
    await r.user.keyboard('{Enter}');
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
  });
});

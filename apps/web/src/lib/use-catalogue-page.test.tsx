import { act, renderHook } from '@testing-library/react';
import { careerBody, type Career } from '@egreso/domain';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api';
import { useCatalogueModalPage, useCataloguePage } from './use-catalogue-page';

const row: Career = { id: 7, career_key: 'ISC', name: 'Sistemas' } as Career;
const formOptions = {
  initial: { career_key: '', name: '' },
  schema: careerBody,
  toBody: (v: { career_key: string; name: string }) => v,
};
const messages = {
  registered: 'Carrera registrada correctamente.',
  updated: 'Carrera actualizada correctamente.',
  deleted: 'Carrera eliminada correctamente.',
  createError: 'Error registrando carrera',
  updateError: 'Error actualizando carrera',
  deleteError: 'Error eliminando carrera',
};

function setup(
  overrides: { create?: () => Promise<unknown>; update?: () => Promise<unknown>; remove?: () => Promise<unknown> } = {},
) {
  const create = vi.fn(overrides.create ?? (() => Promise.resolve({})));
  const update = vi.fn(overrides.update ?? (() => Promise.resolve({})));
  const remove = vi.fn(overrides.remove ?? (() => Promise.resolve({})));
  const hook = renderHook(() =>
    useCataloguePage({
      createForm: formOptions,
      editForm: formOptions,
      toDraft: (c: Career) => ({ career_key: c.career_key, name: c.name }),
      create,
      update,
      remove,
      messages,
    }),
  );
  return { hook, create, update, remove };
}

describe('useCataloguePage', () => {
  it('creates from the draft, resets it and reports the registered message', async () => {
    const { hook, create } = setup();
    act(() => hook.result.current.draft.setValues({ career_key: ' ISC ', name: 'Sistemas' }));
    const preventDefault = vi.fn();
    await act(() => hook.result.current.create({ preventDefault } as unknown as React.FormEvent));
    expect(preventDefault).toHaveBeenCalled();
    expect(create).toHaveBeenCalledWith(
      { career_key: 'ISC', name: 'Sistemas' },
      { career_key: ' ISC ', name: 'Sistemas' },
    );
    expect(hook.result.current.draft.values).toEqual({ career_key: '', name: '' });
    expect(hook.result.current.feedback.dialogProps.result).toEqual({
      kind: 'success',
      message: 'Carrera registrada correctamente.',
    });
  });

  it('does not save an invalid draft', async () => {
    const { hook, create } = setup();
    await act(() => hook.result.current.create());
    expect(create).not.toHaveBeenCalled();
    expect(hook.result.current.draft.errors.career_key).toBe('La clave de la carrera es obligatoria');
    expect(hook.result.current.feedback.dialogProps.result).toBeNull();
  });

  it("reports a failed create with the spec's prefix and keeps the draft", async () => {
    const { hook } = setup({
      create: () =>
        Promise.reject(
          new ApiError(409, 'Ya existe una carrera con esa clave.', {
            career_key: ['Ya existe una carrera con esa clave.'],
          }),
        ),
    });
    act(() => hook.result.current.draft.setValues({ career_key: 'ISC', name: 'Sistemas' }));
    await act(() => hook.result.current.create());
    expect(hook.result.current.feedback.dialogProps.result).toEqual({
      kind: 'error',
      message: 'Error registrando carrera: Ya existe una carrera con esa clave.',
    });
    expect(hook.result.current.draft.values.career_key).toBe('ISC');
    expect(hook.result.current.draft.errors.career_key).toBe('Ya existe una carrera con esa clave.');
  });

  it('opens the edit modal with the row as a draft and updates that row', async () => {
    const { hook, update } = setup();
    act(() => hook.result.current.openEdit(row));
    expect(hook.result.current.editModal.opened).toBe(true);
    expect(hook.result.current.edit.values).toEqual({ career_key: 'ISC', name: 'Sistemas' });
    act(() => hook.result.current.edit.setField('name', 'Sistemas Computacionales'));
    await act(() => hook.result.current.update());
    expect(update).toHaveBeenCalledWith(
      7,
      { career_key: 'ISC', name: 'Sistemas Computacionales' },
      { career_key: 'ISC', name: 'Sistemas Computacionales' },
    );
    expect(hook.result.current.editModal.opened).toBe(false);
    expect(hook.result.current.feedback.dialogProps.result).toEqual({
      kind: 'success',
      message: 'Carrera actualizada correctamente.',
    });
  });

  it('keeps the modal open when the update fails', async () => {
    const { hook } = setup({ update: () => Promise.reject(new ApiError(500, 'Error interno.')) });
    act(() => hook.result.current.openEdit(row));
    await act(() => hook.result.current.update());
    expect(hook.result.current.editModal.opened).toBe(true);
    expect(hook.result.current.feedback.dialogProps.result?.kind).toBe('error');
    expect(hook.result.current.feedback.dialogProps.result?.message).toMatch(/^Error actualizando carrera/);
  });

  it('deletes the confirmed row and reports success or the failure', async () => {
    const { hook, remove } = setup();
    act(() => hook.result.current.deletion.ask(row));
    expect(hook.result.current.deletion.dialogProps.opened).toBe(true);
    await act(() => hook.result.current.deletion.dialogProps.onConfirm());
    expect(remove).toHaveBeenCalledWith(row);
    expect(hook.result.current.deletion.dialogProps.opened).toBe(false);
    expect(hook.result.current.feedback.dialogProps.result).toEqual({
      kind: 'success',
      message: 'Carrera eliminada correctamente.',
    });

    const failing = setup({ remove: () => Promise.reject(new ApiError(409, 'La carrera tiene atributos.')) });
    act(() => failing.hook.result.current.deletion.ask(row));
    await act(() => failing.hook.result.current.deletion.dialogProps.onConfirm());
    expect(failing.hook.result.current.feedback.dialogProps.result?.message).toMatch(/^Error eliminando carrera/);
  });
});

describe('useCatalogueModalPage', () => {
  it('reports registered or updated by whether the modal edits a row, and closes it', () => {
    const hook = renderHook(() => useCatalogueModalPage({ remove: () => Promise.resolve(), messages }));
    act(() => hook.result.current.form.open(null));
    act(() => hook.result.current.saved());
    expect(hook.result.current.form.opened).toBe(false);
    expect(hook.result.current.feedback.dialogProps.result?.message).toBe('Carrera registrada correctamente.');
    act(() => hook.result.current.form.open(row));
    act(() => hook.result.current.saved());
    expect(hook.result.current.feedback.dialogProps.result?.message).toBe('Carrera actualizada correctamente.');
  });
});

import { act, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ENROLMENT_MSG, ROLE, type AvailableSubject } from '@egreso/domain';
import { mockApi, signIn } from '../../../test/render';
import { renderHookWithProviders } from '../../../test/render-hook';
import { SELECTION_TEXT } from '../selection-text';
import { confirmText, useSelectionState } from './use-selection-state';

const subjects: AvailableSubject[] = [
  { id: 1, subject_name: 'Álgebra', subject_key: 'ALG', inscrita: true, bloqueada: false, motivo_bloqueo: null },
  { id: 2, subject_name: 'Cálculo', subject_key: 'CAL', inscrita: false, bloqueada: false, motivo_bloqueo: null },
  { id: 3, subject_name: 'Física', subject_key: 'FIS', inscrita: false, bloqueada: true, motivo_bloqueo: 'No.' },
] as AvailableSubject[];

afterEach(() => vi.unstubAllGlobals());

async function withGroup(inscribir: { status: number; body: unknown }) {
  signIn({ id: 7, full_name: 'Ana', rol: ROLE.STUDENT });
  const calls = mockApi({
    'GET /alumno/grupos': { body: [{ id: 9, group_name: '301', semester_id: 3 }] },
    'GET /alumno/materias-disponibles': { body: subjects },
    'POST /alumno/inscribir': inscribir,
  });
  const { result } = renderHookWithProviders(() => useSelectionState());
  await waitFor(() => expect(result.current.groups.data).toHaveLength(1));
  act(() => result.current.chooseGroup('9'));
  await waitFor(() => expect(result.current.subjects.data).toHaveLength(3));
  return { calls, result };
}

describe('useSelectionState', () => {
  it('asks for a subject before confirming, and never counts an enrolled or blocked one', async () => {
    const { result } = await withGroup({ status: 201, body: {} });
    act(() => result.current.toggle(1, true));
    act(() => result.current.toggle(3, true));
    expect(result.current.chosen).toEqual([]);
    act(() => result.current.onSave());
    expect(result.current.confirming).toBe(false);
    expect(result.current.feedback.dialogProps.result).toEqual({ kind: 'error', message: SELECTION_TEXT.required });
  });

  it('enrols the chosen subjects with the group and its semester, then clears the ticks', async () => {
    const { calls, result } = await withGroup({ status: 201, body: { message: ENROLMENT_MSG.saved } });
    act(() => result.current.toggle(2, true));
    act(() => result.current.onSave());
    expect(result.current.confirming).toBe(true);
    act(() => result.current.onConfirm());
    await waitFor(() => expect(result.current.picked.size).toBe(0));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { user_id: 7, subject_id: 2, semester_id: 3, group_id: 9 },
    ]);
    expect(result.current.feedback.dialogProps.result).toEqual({ kind: 'success', message: ENROLMENT_MSG.saved });
  });

  it("reports a 409 with the server's own message", async () => {
    const { result } = await withGroup({ status: 409, body: { message: 'Ya estás inscrito.' } });
    act(() => result.current.toggle(2, true));
    act(() => result.current.onConfirm());
    await waitFor(() =>
      expect(result.current.feedback.dialogProps.result).toEqual({ kind: 'error', message: 'Ya estás inscrito.' }),
    );
  });

  it('counts the subjects in the confirmation', () => {
    expect(confirmText([subjects[1]!])).toBe('Te inscribirás en 1 materia: Cálculo. ¿Deseas continuar?');
    expect(confirmText(subjects.slice(0, 2))).toBe(
      'Te inscribirás en 2 materias: Álgebra, Cálculo. ¿Deseas continuar?',
    );
  });
});

import { act, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ROLE } from '@egreso/domain';
import { mockApi, signIn } from '../../../test/render';
import { renderHookWithProviders } from '../../../test/render-hook';
import { deleteActivityMessage, useActivitiesState } from './use-activities-state';

const career = { id: 1, career_key: 'ISC', name: 'Ingeniería en Sistemas' };
const assignment = {
  id: 7,
  user_id: 4,
  subject_id: 5,
  group_id: 3,
  period_id: 1,
  career_id: 1,
  created_at: '',
  user: { id: 4, full_name: 'Laura' },
  subject: { id: 5, subject_name: 'Cálculo', subject_key: 'CAL' },
  group: { id: 3, group_name: '101', semester_id: 1 },
  semester: { id: 1, semester_name: 'Primero' },
  period: { id: 1, period_name: 'AGO-DIC 2026', is_active: true },
  career,
  careers: [career],
};
const saved = {
  id: 40,
  professor_subject_id: 7,
  activity_name: 'Examen',
  type_activity: null,
  evaluation_instrument: null,
  ponderation: 100,
  attribute_ids: [],
};

beforeEach(() => signIn({ id: 4, full_name: 'Laura Mendoza', rol: ROLE.TEACHER }));
afterEach(() => vi.unstubAllGlobals());

async function chosen(extra: Parameters<typeof mockApi>[0] = {}) {
  const calls = mockApi({
    'GET /mis-carreras': { body: [career] },
    'GET /profesor/materias': { body: [assignment] },
    'GET /subjects/5/attributes': { body: [] },
    'GET /activities': { body: [saved] },
    ...extra,
  });
  const hook = renderHookWithProviders(() => useActivitiesState());
  await waitFor(() => expect(hook.result.current.selection.subjects).toHaveLength(1));
  act(() => hook.result.current.selection.setAssignmentId(7));
  await waitFor(() => expect(hook.result.current.rows).toHaveLength(1));
  return { calls, result: hook.result };
}

describe('useActivitiesState', () => {
  it("follows the server's list, and drops an unsaved row on delete without asking the server", async () => {
    const { calls, result } = await chosen();
    expect(result.current.rows[0]).toMatchObject({ id: 40, activity_name: 'Examen', ponderation: '100' });
    act(() => result.current.add());
    const added = result.current.rows[1]!;
    act(() => result.current.setDeleting(added));
    act(() => result.current.doDelete());
    expect(result.current.rows.map((r) => r.id)).toEqual([40]);
    expect(result.current.deleting).toBeNull();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
  });

  it('saves the edited rows, then shows the saved notice and the success dialog', async () => {
    const { calls, result } = await chosen({
      'POST /activities/bulk-upsert': { body: { message: '¡Actividades guardadas correctamente!', activities: [] } },
    });
    act(() => result.current.change(result.current.rows[0]!.key, { ponderation: '40' }));
    act(() => result.current.setConfirmSave(true));
    act(() => result.current.doSave());
    await waitFor(() => expect(result.current.banner).toBe('saved'));
    expect(result.current.confirmSave).toBe(false);
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      professor_subject_id: 7,
      activities: [{ id: 40, ponderation: 40 }],
    });
    expect(result.current.feedback.dialogProps.result).toEqual({
      kind: 'success',
      message: '¡Actividades guardadas correctamente!',
    });
  });

  it("reports 'Error al guardar actividades' when the server gives no message", async () => {
    const { result } = await chosen({ 'POST /activities/bulk-upsert': { status: 500, body: {} } });
    act(() => result.current.doSave());
    await waitFor(() =>
      expect(result.current.feedback.dialogProps.result).toEqual({
        kind: 'error',
        message: 'Error al guardar actividades',
      }),
    );
    expect(result.current.banner).toBeNull();
  });

  it('names the activity in the delete confirmation, or says it has none', () => {
    expect(deleteActivityMessage(null)).toBe('¿Eliminar la actividad "sin nombre"? Esta acción no se puede deshacer.');
  });
});

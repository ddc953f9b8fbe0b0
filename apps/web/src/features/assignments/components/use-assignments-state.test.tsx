import { act, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, signIn } from '../../../test/render';
import { renderHookWithProviders } from '../../../test/render-hook';
import { periodLine, useAssignmentsState } from './use-assignments-state';

const stamp = { created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z' };
const GROUPS = [
  { id: 1, group_name: '101', semester_id: 1, semester: { id: 1, semester_name: 'Primer semestre' }, ...stamp },
  { id: 3, group_name: '301', semester_id: 3, semester: { id: 3, semester_name: 'Tercer semestre' }, ...stamp },
];
const subject = (id: number, subject_name: string) => ({
  id,
  subject_name,
  subject_key: `K-${id}`,
  theory_credits: 2,
  practice_credits: 3,
  prerequisites: [],
  semesters: [],
  careers: [],
  attributes: [],
  ...stamp,
});
const LINKS = [
  { id: 1, subject_id: 10, semester_id: 1 },
  { id: 2, subject_id: 12, semester_id: 1 },
  { id: 3, subject_id: 11, semester_id: 3 },
  { id: 4, subject_id: 12, semester_id: 3 },
];

function setup(extra: Parameters<typeof mockApi>[0] = {}) {
  signIn({ id: 2, full_name: 'Jefe', rol: 1 });
  const calls = mockApi({
    'GET /professorsubjects': { body: [] },
    'GET /users': { body: [] },
    'GET /groups': { body: GROUPS },
    'GET /subjects': { body: [subject(10, 'Cálculo'), subject(11, 'Estructuras'), subject(12, 'Ética')] },
    'GET /subjectsemesters': { body: LINKS },
    'GET /periods': { body: { data: [], meta: { current_page: 1, last_page: 1, total: 0, per_page: 1 } } },
    ...extra,
  });
  return { calls, ...renderHookWithProviders(() => useAssignmentsState()) };
}

afterEach(() => vi.unstubAllGlobals());

describe('useAssignmentsState', () => {
  it("offers the group's semester subjects and keeps the chosen subject only while the group offers it", async () => {
    const { result } = setup();
    await waitFor(() => expect(result.current.subjectsLoaded).toBe(true));
    await waitFor(() => expect(result.current.groupList).toHaveLength(2));
    act(() => result.current.chooseGroup('1'));
    expect(result.current.subjectOptions.map((x) => x.id).sort()).toEqual([10, 12]);
    act(() => result.current.form.setField('subject_id', '12'));
    act(() => result.current.chooseGroup('3'));
    expect(result.current.form.values.subject_id).toBe('12');
    act(() => result.current.form.setField('subject_id', '11'));
    act(() => result.current.chooseGroup('1'));
    expect(result.current.form.values.subject_id).toBeNull();
  });

  it('registers an assignment, clears only the subject and reports it', async () => {
    const { result, calls } = setup({ 'POST /professorsubjects': { status: 201, body: { id: 50 } } });
    await waitFor(() => expect(result.current.groupList).toHaveLength(2));
    act(() => result.current.form.setValues({ user_id: '7', group_id: '1', subject_id: '10' }));
    await act(() => result.current.assign({ preventDefault: () => undefined } as React.FormEvent));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ user_id: 7, subject_id: 10, group_id: 1 });
    expect(result.current.form.values).toEqual({ user_id: '7', group_id: '1', subject_id: null });
    expect(result.current.feedback.dialogProps.result).toEqual({
      kind: 'success',
      message: 'Asignación registrada correctamente.',
    });
  });

  it('names the active period, says there is none, or says nothing while it loads', () => {
    expect(periodLine({ period_name: 'AGO-DIC 2026' }, true)).toBe('Periodo activo: AGO-DIC 2026');
    expect(periodLine(null, true)).toBe('No hay un periodo activo; las asignaciones quedan sin periodo.');
    expect(periodLine(undefined, false)).toBeUndefined();
  });
});

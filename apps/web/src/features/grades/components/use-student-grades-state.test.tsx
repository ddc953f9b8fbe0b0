import { act, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ROLE } from '@egreso/domain';
import { mockApi, signIn } from '../../../test/render';
import { renderHookWithProviders } from '../../../test/render-hook';
import { useStudentGradesState } from './use-student-grades-state';

afterEach(() => vi.unstubAllGlobals());

const subject = (id: number, activityId: number) => ({
  id,
  subject_name: `Materia ${id}`,
  subject_key: `M${id}`,
  activities: [
    { id: activityId, activity_name: 'Examen', type_activity: null, ponderation: 100, professor_subject_id: 1 },
  ],
});

describe('useStudentGradesState', () => {
  it("preselects the first subject, reads its grades by activity, and follows the student's choice", async () => {
    signIn({ id: 7, full_name: 'Ana', rol: ROLE.STUDENT });
    const calls = mockApi({
      'GET /subjects/user/7': { body: [subject(3, 11), subject(4, 21)] },
      'POST /useractivities/by-users-and-activities': (call) => ({
        body: (call.body as { activity_ids: number[] }).activity_ids.map((activity_id) => ({
          user_id: 7,
          activity_id,
          qualification: activity_id === 11 ? 95 : 70,
          version: 1,
          updated_at: 'x',
          updated_by: null,
        })),
      }),
      'GET /userattributes/by-user/7': { body: [] },
    });
    const { result } = renderHookWithProviders(() => useStudentGradesState());
    await waitFor(() => expect(result.current.gradeOf.get(11)).toBe(95));
    expect(result.current.subjectId).toBe('3');
    act(() => result.current.setPicked('4'));
    await waitFor(() => expect(result.current.gradeOf.get(21)).toBe(70));
    expect(result.current.subject?.id).toBe(4);
    expect(calls.filter((c) => c.path === '/userattributes/by-user/7').map((c) => c.query.get('subject_id'))).toEqual([
      '3',
      '4',
    ]);
  });
});

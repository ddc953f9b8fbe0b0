import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '../../../lib/query-keys';
import { createTestQueryClient, mockApi } from '../../../test/render';
import { useSaveGrades } from './save-grades';

/** One cached query of each family whose numbers come from grades. */
const gradeViews = {
  'grade sheet': queryKeys.grades.sheet(5),
  'teacher dashboard': queryKeys.teacherDashboard.detail(1),
  "student's dashboard": queryKeys.student.dashboard(7),
  "student's ratings": queryKeys.student.ratings(7, 3),
  'group report': queryKeys.reports.group({ subject_id: 3, group_id: 2 }),
  'division report': queryKeys.divisionReport.summary({ generation_id: 4 }),
  'cohort evidence': queryKeys.evidence.cohort(1, 4),
  'curriculum map': queryKeys.evidence.curriculumMap(1, null),
  'performance indices': queryKeys.evidence.performance(1, 4),
  'improvement actions': queryKeys.improvementActions.list({}),
};

describe('useSaveGrades', () => {
  it('marks every view computed from grades stale, and nothing else', async () => {
    const saved = { user_id: 7, activity_id: 11, qualification: 9, version: 1 };
    mockApi({
      'POST /profesor/calificar/actividades/batch': {
        body: { message: 'Calificaciones guardadas.', saved: [saved], unchanged: 0, conflicts: [] },
      },
    });
    const queryClient = createTestQueryClient();
    for (const key of Object.values(gradeViews)) queryClient.setQueryData(key, { cached: true });
    queryClient.setQueryData(queryKeys.careers.list(), []);
    const { result } = renderHook(() => useSaveGrades(), {
      wrapper: ({ children }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>,
    });

    await act(() =>
      result.current.mutateAsync({ calificaciones: [{ user_id: 7, activity_id: 11, qualification: 9 }] }),
    );

    const stale = Object.entries(gradeViews)
      .filter(([, key]) => queryClient.getQueryState(key)?.isInvalidated)
      .map(([name]) => name);
    expect(stale).toEqual(Object.keys(gradeViews));
    expect(queryClient.getQueryState(queryKeys.careers.list())?.isInvalidated).toBe(false);
  });
});

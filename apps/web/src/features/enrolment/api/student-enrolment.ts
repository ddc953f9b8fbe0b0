import { useQuery } from '@tanstack/react-query';
import type { AvailableSubject, StudentGroup } from '@egreso/domain';
import { api } from '../../../lib/api';
import { declareWrite, useWrite } from '../../../lib/cache';
import { queryKeys } from '../../../lib/query-keys';

/** GET /alumno/grupos: the student's groups, in Spanish order. */
export function useStudentGroups(userId: number) {
  return useQuery({
    queryKey: queryKeys.student.groups(userId),
    queryFn: () => api<StudentGroup[]>('/alumno/grupos', { query: { user_id: userId } }),
  });
}

/** GET /alumno/materias-disponibles for the chosen group's semester. */
export function useAvailableSubjects(userId: number, group: StudentGroup | null) {
  const semesterId = group?.semester_id ?? 0;
  return useQuery({
    queryKey: queryKeys.student.available(userId, semesterId, group?.id ?? 0),
    queryFn: () =>
      api<AvailableSubject[]>('/alumno/materias-disponibles', {
        query: { user_id: userId, semester_id: semesterId, group_id: group?.id },
      }),
    enabled: group !== null && semesterId > 0,
  });
}

export interface EnrolRequest {
  user_id: number;
  subject_id: number;
  semester_id: number;
  group_id: number;
}

const ENROL = declareWrite('POST /alumno/inscribir', ['enrolments']);

/** POST /alumno/inscribir, one call per subject (the spec's contract); stops at the first refusal. */
export function useEnrolSubjects() {
  return useWrite(
    ENROL,
    async (requests: EnrolRequest[]) => {
      for (const body of requests) await api('/alumno/inscribir', { method: 'POST', body });
    },
    { refreshOnError: true },
  );
}

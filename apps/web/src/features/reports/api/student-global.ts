import { useQuery } from '@tanstack/react-query';
import type { AttributeProfile, GlobalReport, StudentDashboard } from '@egreso/domain';
import { api, download } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** GET /reportes/alumno/{id}/global: the student's global average per attribute. */
export function useGlobalReport(userId: number) {
  return useQuery({
    queryKey: queryKeys.student.global(userId),
    queryFn: () => api<GlobalReport>(`/reportes/alumno/${userId}/global`),
  });
}

/** GET /alumno/{id}/perfil-atributos: per attribute, the rating in each subject and the grades it comes from. */
export function useAttributeProfile(userId: number) {
  return useQuery({
    queryKey: queryKeys.student.profile(userId),
    queryFn: () => api<AttributeProfile>(`/alumno/${userId}/perfil-atributos`),
  });
}

/** GET /alumno/{id}/tablero: the dashboard's counters, attribute averages and activity list. */
export function useStudentDashboard(userId: number) {
  return useQuery({
    queryKey: queryKeys.student.dashboard(userId),
    queryFn: () => api<StudentDashboard>(`/alumno/${userId}/tablero`),
  });
}

/** GET /alumno/{id}/datos: everything stored about the student, as one .xlsx. */
export function downloadMyData(userId: number): Promise<string> {
  return download(`/alumno/${userId}/datos`, 'mis-datos.xlsx');
}

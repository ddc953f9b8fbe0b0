import { download } from '../../../lib/api';
import type { PeopleKind } from './import-people';

/** Export status of students: 1 activos, 0 bajas, 2 graduados, all todos. */
export type StudentExportStatus = '1' | '0' | '2' | 'all';

/** GET /teachers/export, or GET /students/export?active=…&assign_generation=1 (.xlsx). */
export function exportPeople(kind: PeopleKind, status: StudentExportStatus = 'all'): Promise<string> {
  if (kind === 'teachers') return download('/teachers/export', 'profesores.xlsx');
  const names: Record<StudentExportStatus, string> = { 1: 'activos', 0: 'bajas', 2: 'graduados', all: 'todos' };
  return download('/students/export', `alumnos_${names[status]}.xlsx`, { active: status, assign_generation: 1 });
}

/** GET /{kind}/template (.xlsx). */
export function downloadTemplate(kind: PeopleKind): Promise<string> {
  return download(`/${kind}/template`, `plantilla_${kind === 'teachers' ? 'profesores' : 'alumnos'}.xlsx`);
}

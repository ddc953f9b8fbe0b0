import { download } from '../../../lib/api';

export interface SheetAddress {
  subject_id: number;
  group_id: number;
  period_id?: number;
}

/** GET /ratings/template: template.xlsx (Matrícula · Nombre · one column per activity). */
export function downloadTemplate(address: SheetAddress): Promise<string> {
  return download('/ratings/template', 'template.xlsx', { ...address });
}

/** GET /ratings/export: grades.xlsx with every student, graded or not. */
export function exportGrades(address: SheetAddress): Promise<string> {
  return download('/ratings/export', 'grades.xlsx', { ...address, include_nulls: true });
}

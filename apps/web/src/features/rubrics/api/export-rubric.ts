import { download } from '../../../lib/api';

/** GET /rubrics/{id}/export: saves the rubric as an .xlsx file. */
export function exportRubric(rubricId: number): Promise<string> {
  return download(`/rubrics/${rubricId}/export`, 'rubrica.xlsx');
}

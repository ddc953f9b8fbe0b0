import type { AdvanceSemesterResult } from '@egreso/domain';
import { api } from '../../../lib/api';
import { declareWrite, useWrite } from '../../../lib/cache';

/** POST /students/advance-semester: every active student, or only those of a group. */
export function advanceSemester(groupId: number | null): Promise<AdvanceSemesterResult> {
  return api<AdvanceSemesterResult>('/students/advance-semester', {
    method: 'POST',
    body: groupId ? { group_id: groupId } : {},
  });
}

/** Students move to groups the advance may create; the 9th semester graduates (a status change). */
const ADVANCE = declareWrite('POST /students/advance-semester', ['memberships', 'statuses', 'groups']);

export const useAdvanceSemester = () => useWrite(ADVANCE, advanceSemester);

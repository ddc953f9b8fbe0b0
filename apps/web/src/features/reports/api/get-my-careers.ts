import { useMyCareers } from '../../../lib/teacher-assignments';
import { useCareers } from '../../../lib/queries/careers';

/** The careers whose targets the signed-in user may edit: all of them for an administrator, their own for a chief. */
export function useTargetCareers(isAdmin: boolean) {
  const every = useCareers(isAdmin);
  const own = useMyCareers(!isAdmin);
  return isAdmin ? every : own;
}

import { getUserId } from './session';

/** The signed-in user's id, from the session stored at login (the student screens read the student's own data). */
export function useStudentId(): number {
  return getUserId();
}

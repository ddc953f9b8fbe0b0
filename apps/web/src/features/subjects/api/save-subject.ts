import type { Subject, SubjectBody } from '@egreso/domain';
import { useSaveResource } from '../../../lib/resource-mutations';
import { queryKeys } from '../../../lib/query-keys';

/** POST /subjects or PUT /subjects/{id}; the subject-semester relations (same key) and assignment chips follow. */
export const useSaveSubject = () =>
  useSaveResource<Subject, SubjectBody>('/subjects', [queryKeys.subjects.all, queryKeys.assignments.all]);

import type { Subject, SubjectBody } from '@egreso/domain';
import { declareWrite } from '../../../lib/cache';
import { useSaveResource } from '../../../lib/resource-mutations';

const SAVE_SUBJECT = declareWrite('POST|PUT /subjects', ['subjects']);

/** POST /subjects or PUT /subjects/{id}; the subject-semester relations and assignment chips follow. */
export const useSaveSubject = () => useSaveResource<Subject, SubjectBody>('/subjects', SAVE_SUBJECT);

import { SUBJECT_MSG, type Actor, type SubjectInput } from '@egreso/domain';
import { assertSubjectHeld, assertSubjectLinksInScope } from '../../db/career-scope.js';
import { valueTaken } from '../../db/lookups.js';
import type { DbOrTrx } from '../../db/types.js';
import { auditRow } from '../../lib/audit.js';
import { fieldError, unprocessable } from '../../lib/http-errors.js';
import { nowIso } from '../../lib/time.js';
import {
  existingIds,
  insertSubject,
  prerequisiteEdgesExcept,
  replaceSubjectLinks,
  subjectAttributeLevels,
  subjectNames,
  updateSubject,
} from './subjects.repository.js';

/** Whether `from` reaches `target` following "requires" edges. */
function reaches(edges: Map<number, number[]>, from: number, target: number): boolean {
  const seen = new Set<number>();
  const stack = [from];
  while (stack.length) {
    const node = stack.pop()!;
    if (node === target) return true;
    if (seen.has(node)) continue;
    seen.add(node);
    stack.push(...(edges.get(node) ?? []));
  }
  return false;
}

/** Checks every related id, and on edit that the prerequisites neither include the subject nor close a cycle. */
async function validateLinks(db: DbOrTrx, input: SubjectInput, selfId: number | null): Promise<void> {
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);

  if (selfId !== null && input.prerequisites.includes(selfId)) add('prerequisites', SUBJECT_MSG.selfPrerequisite);
  const prereqs = await subjectNames(
    db,
    input.prerequisites.filter((p) => p !== selfId),
  );
  if (prereqs.length !== input.prerequisites.filter((p) => p !== selfId).length)
    add('prerequisites', SUBJECT_MSG.prerequisiteMissing);
  if (selfId !== null && !errors.prerequisites && prereqs.length) {
    const edges = new Map<number, number[]>();
    for (const e of await prerequisiteEdgesExcept(db, selfId))
      edges.set(e.subject_id, [...(edges.get(e.subject_id) ?? []), e.prerequisite_id]);
    const cyclic = prereqs.find((p) => reaches(edges, p.id, selfId));
    if (cyclic) add('prerequisites', SUBJECT_MSG.cycle(cyclic.subject_name));
  }
  if ((await existingIds(db, 'semesters', input.semesters)).size !== input.semesters.length)
    add('semesters', SUBJECT_MSG.semesterInvalid);
  if ((await existingIds(db, 'careers', input.careers)).size !== input.careers.length)
    add('careers', SUBJECT_MSG.careerMissing);
  const attributeIds = input.attributes.map((a) => a.id);
  if ((await existingIds(db, 'attributes', attributeIds)).size !== attributeIds.length)
    add('attributes', SUBJECT_MSG.attributeMissing);

  if (Object.keys(errors).length) throw unprocessable(errors, Object.values(errors)[0]![0]);
}

/**
 * Creates (`id` null) or updates a subject with its four link sets, after checking the actor's careers (DESIGN §5: a
 * chief changes only subjects wholly of their careers, links them only to their careers, and never links or unlinks
 * another career's attribute), every linked id, the prerequisite graph and the key. Answers the subject's id.
 */
export async function saveSubject(trx: DbOrTrx, actor: Actor, input: SubjectInput, id: number | null): Promise<number> {
  if (id !== null) await assertSubjectHeld(trx, actor, id);
  const before = id === null ? [] : await subjectAttributeLevels(trx, id);
  await assertSubjectLinksInScope(trx, actor, input, before);
  await validateLinks(trx, input, id);
  if (await valueTaken(trx, 'subjects', 'subject_key', input.subject_key, id))
    throw fieldError('subject_key', SUBJECT_MSG.keyTaken);
  const now = nowIso();
  const subjectId = id ?? (await insertSubject(trx, input, now));
  if (id !== null) await updateSubject(trx, id, input, now);
  await replaceSubjectLinks(trx, subjectId, input);
  if (id === null)
    await auditRow(trx, actor.id, 'subject.create', 'subjects', subjectId, { subject_key: input.subject_key });
  else await auditRow(trx, actor.id, 'subject.update', 'subjects', subjectId);
  return subjectId;
}

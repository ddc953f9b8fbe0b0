import {
  holdingOf,
  type CareerScope,
  type Subject,
  type SubjectAttribute,
  type SubjectInput,
  type SubjectListItem,
} from '@egreso/domain';
import { byAttributeOrder, esKey } from '../../db/spanish.js';
import type { DbOrTrx } from '../../db/types.js';
import type { Dependent } from '../../db/usage.js';
import { attributesWithCareer, presentAttribute } from '../attributes/index.js';

/** Attributes of many subjects in one query, with their knowledge level, grouped by subject id. */
export async function attributesBySubject(db: DbOrTrx, subjectIds: number[] | null) {
  let q = attributesWithCareer(db)
    .innerJoin('subject_attributes as sa', 'sa.attribute_id', 'a.id')
    .select(['sa.subject_id', 'sa.knowledge_level'])
    .$call(byAttributeOrder('a'));
  if (subjectIds) q = q.where('sa.subject_id', 'in', subjectIds);
  const map = new Map<number, SubjectAttribute[]>();
  for (const r of await q.execute()) {
    const list = map.get(r.subject_id) ?? [];
    list.push({
      ...presentAttribute(r),
      knowledge_level: r.knowledge_level,
      pivot: { knowledge_level: r.knowledge_level },
    });
    map.set(r.subject_id, list);
  }
  return map;
}

/**
 * Subjects with their prerequisites, semesters, careers and attributes: one query per table for the whole list,
 * merged in memory. `ids` null reads every subject.
 */
export async function loadSubjects(db: DbOrTrx, ids: number[] | null): Promise<Subject[]> {
  if (ids && ids.length === 0) return [];
  let subjectsQ = db.selectFrom('subjects').selectAll().orderBy(esKey('subject_name')).orderBy('id');
  let prereqQ = db
    .selectFrom('subject_prerequisites')
    .select(['subject_id', 'prerequisite_id'])
    .orderBy('prerequisite_id');
  let semestersQ = db
    .selectFrom('subject_semesters as ss')
    .innerJoin('semesters as s', 's.id', 'ss.semester_id')
    .select(['ss.subject_id', 's.id', 's.semester_name'])
    .orderBy('s.id');
  let careersQ = db
    .selectFrom('subject_careers as sc')
    .innerJoin('careers as c', 'c.id', 'sc.career_id')
    .select(['sc.subject_id', 'c.id', 'c.career_key', 'c.name'])
    .orderBy(esKey('c.name'))
    .orderBy('c.id');
  if (ids) {
    subjectsQ = subjectsQ.where('id', 'in', ids);
    prereqQ = prereqQ.where('subject_id', 'in', ids);
    semestersQ = semestersQ.where('ss.subject_id', 'in', ids);
    careersQ = careersQ.where('sc.subject_id', 'in', ids);
  }
  const subjects = await subjectsQ.execute();
  const prereqs = await prereqQ.execute();
  const semesters = await semestersQ.execute();
  const careers = await careersQ.execute();
  const attributes = await attributesBySubject(db, ids);

  const group = <T extends { subject_id: number }>(rows: T[]) => {
    const map = new Map<number, T[]>();
    for (const r of rows) map.set(r.subject_id, [...(map.get(r.subject_id) ?? []), r]);
    return map;
  };
  const prereqsOf = group(prereqs);
  const semestersOf = group(semesters);
  const careersOf = group(careers);

  return subjects.map((s) => ({
    id: s.id,
    subject_name: s.subject_name,
    subject_key: s.subject_key,
    theory_credits: s.theory_credits,
    practice_credits: s.practice_credits,
    prerequisites: (prereqsOf.get(s.id) ?? []).map((p) => p.prerequisite_id),
    semesters: (semestersOf.get(s.id) ?? []).map((x) => ({ id: x.id, semester_name: x.semester_name })),
    careers: (careersOf.get(s.id) ?? []).map((c) => ({ id: c.id, career_key: c.career_key, name: c.name })),
    attributes: attributes.get(s.id) ?? [],
    created_at: s.created_at,
    updated_at: s.updated_at,
  }));
}

/**
 * Every subject, with whether the viewer may edit and delete it (`can_edit`): the rule of `assertSubjectHeld` (every
 * career of the subject is the viewer's, and it has one) over the careers the list already read. `scope` null: the
 * viewer manages no catalogue, so no row is theirs to change.
 */
export async function listSubjects(db: DbOrTrx, scope: CareerScope | null): Promise<SubjectListItem[]> {
  return (await loadSubjects(db, null)).map((s) => ({
    ...s,
    can_edit:
      scope !== null &&
      holdingOf(
        scope,
        s.careers.map((c) => c.id),
      ) === 'own',
  }));
}

export async function findSubjectRow(db: DbOrTrx, id: number) {
  return db
    .selectFrom('subjects')
    .select(['id', 'subject_name', 'subject_key'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function subjectNames(db: DbOrTrx, ids: number[]) {
  if (ids.length === 0) return [];
  return db.selectFrom('subjects').select(['id', 'subject_name']).where('id', 'in', ids).execute();
}

export async function existingIds(
  db: DbOrTrx,
  table: 'careers' | 'attributes' | 'semesters',
  ids: number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom(table).select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((r) => r.id));
}

/** Every prerequisite edge except those of one subject (whose edges are about to be replaced). */
export function prerequisiteEdgesExcept(db: DbOrTrx, subjectId: number) {
  return db
    .selectFrom('subject_prerequisites')
    .select(['subject_id', 'prerequisite_id'])
    .where('subject_id', '<>', subjectId)
    .execute();
}

export async function insertSubject(db: DbOrTrx, input: SubjectInput, now: string): Promise<number> {
  const row = await db
    .insertInto('subjects')
    .values({
      subject_name: input.subject_name,
      subject_key: input.subject_key,
      theory_credits: input.theory_credits,
      practice_credits: input.practice_credits,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateSubject(db: DbOrTrx, id: number, input: SubjectInput, now: string): Promise<void> {
  await db
    .updateTable('subjects')
    .set({
      subject_name: input.subject_name,
      subject_key: input.subject_key,
      theory_credits: input.theory_credits,
      practice_credits: input.practice_credits,
      updated_at: now,
    })
    .where('id', '=', id)
    .execute();
}

/** The attributes a subject is linked to now (as `id`), with the knowledge level of each. */
export function subjectAttributeLevels(db: DbOrTrx, id: number) {
  return db
    .selectFrom('subject_attributes')
    .select(['attribute_id as id', 'knowledge_level'])
    .where('subject_id', '=', id)
    .execute();
}

/** Replaces the subject's prerequisites, semesters, careers and attributes with the given sets. */
export async function replaceSubjectLinks(db: DbOrTrx, id: number, input: SubjectInput): Promise<void> {
  await db.deleteFrom('subject_prerequisites').where('subject_id', '=', id).execute();
  await db.deleteFrom('subject_semesters').where('subject_id', '=', id).execute();
  await db.deleteFrom('subject_careers').where('subject_id', '=', id).execute();
  await db.deleteFrom('subject_attributes').where('subject_id', '=', id).execute();
  if (input.prerequisites.length) {
    await db
      .insertInto('subject_prerequisites')
      .values(input.prerequisites.map((p) => ({ subject_id: id, prerequisite_id: p })))
      .execute();
  }
  if (input.semesters.length) {
    await db
      .insertInto('subject_semesters')
      .values(input.semesters.map((s) => ({ subject_id: id, semester_id: s })))
      .execute();
  }
  if (input.careers.length) {
    await db
      .insertInto('subject_careers')
      .values(input.careers.map((c) => ({ subject_id: id, career_id: c })))
      .execute();
  }
  if (input.attributes.length) {
    await db
      .insertInto('subject_attributes')
      .values(input.attributes.map((a) => ({ subject_id: id, attribute_id: a.id, knowledge_level: a.knowledge_level })))
      .execute();
  }
}

/** What keeps a subject from being deleted: assignments (with their activities and grades), enrolments, observations, dependants. */
export const SUBJECT_DEPENDENTS: Dependent[] = [
  { table: 'professor_subjects', column: 'subject_id', noun: ['asignación de profesor', 'asignaciones de profesores'] },
  { table: 'enrolments', column: 'subject_id', noun: ['inscripción de alumno', 'inscripciones de alumnos'] },
  { table: 'observations', column: 'subject_id', noun: ['observación', 'observaciones'] },
  {
    table: 'subject_prerequisites',
    column: 'prerequisite_id',
    noun: ['materia que la requiere como prerrequisito', 'materias que la requieren como prerrequisito'],
  },
];

import type { Transaction } from 'kysely';
import { joinAssignmentGroup, joinAssignmentPeriod } from '../../db/joins.js';
import { rowWith } from '../../db/lookups.js';
import type { Database, DbOrTrx } from '../../db/types.js';
import type { Dialect } from '../../db/connect.js';
import { insertInChunks } from '../../db/chunks.js';
import { byAttributeOrder } from '../../db/spanish.js';

const RUBRIC_COLUMNS = ['id', 'professor_subject_id', 'rubric_name', 'created_at'] as const;

export function findRubric(db: DbOrTrx, id: number) {
  return db.selectFrom('rubrics').select(RUBRIC_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export function findRubricOfAssignment(db: DbOrTrx, professorSubjectId: number) {
  return db
    .selectFrom('rubrics')
    .select(RUBRIC_COLUMNS)
    .where('professor_subject_id', '=', professorSubjectId)
    .executeTakeFirst();
}

export type RubricRow = NonNullable<Awaited<ReturnType<typeof findRubric>>>;

/** Creates the assignment's rubric unless one exists; a concurrent creation is absorbed by the unique key. */
export async function insertRubricOnce(
  db: DbOrTrx,
  professorSubjectId: number,
  rubricName: string,
  now: string,
): Promise<boolean> {
  const result = await db
    .insertInto('rubrics')
    .values({ professor_subject_id: professorSubjectId, rubric_name: rubricName, created_at: now })
    .onConflict((oc) => oc.column('professor_subject_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/**
 * Holds the rubric's row until the transaction ends, so criteria sums of one rubric are checked and written by one
 * save at a time on PostgreSQL; SQLite already runs one write transaction at a time.
 */
export async function lockRubric(trx: Transaction<Database>, dialect: Dialect, id: number) {
  let q = trx.selectFrom('rubrics').select(RUBRIC_COLUMNS).where('id', '=', id);
  if (dialect === 'postgres') q = q.forUpdate();
  return q.executeTakeFirst();
}

const CRITERION_COLUMNS = ['id', 'rubric_id', 'attribute_id', 'name_criterion', 'weight'] as const;

export function findCriterion(db: DbOrTrx, id: number) {
  return db.selectFrom('evaluation_criterias').select(CRITERION_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export type CriterionRow = NonNullable<Awaited<ReturnType<typeof findCriterion>>>;

/** The same row lock for a criterion: its indicators' sum is checked and written by one save at a time. */
export async function lockCriterion(trx: Transaction<Database>, dialect: Dialect, id: number) {
  let q = trx.selectFrom('evaluation_criterias').select(CRITERION_COLUMNS).where('id', '=', id);
  if (dialect === 'postgres') q = q.forUpdate();
  return q.executeTakeFirst();
}

/** Sum of the criteria weights of one attribute in a rubric, leaving one criterion out (the one being edited). */
export async function sumCriteriaWeights(
  db: DbOrTrx,
  rubricId: number,
  attributeId: number,
  exceptId: number | null,
): Promise<number> {
  let q = db
    .selectFrom('evaluation_criterias')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('weight'), eb.lit(0)).as('total'))
    .where('rubric_id', '=', rubricId)
    .where('attribute_id', '=', attributeId);
  if (exceptId !== null) q = q.where('id', '<>', exceptId);
  return Number((await q.executeTakeFirstOrThrow()).total);
}

export async function sumIndicatorWeights(db: DbOrTrx, criterionId: number, exceptId: number | null): Promise<number> {
  let q = db
    .selectFrom('indicators')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('weight'), eb.lit(0)).as('total'))
    .where('evaluationcriteria_id', '=', criterionId);
  if (exceptId !== null) q = q.where('id', '<>', exceptId);
  return Number((await q.executeTakeFirstOrThrow()).total);
}

export function insertCriterion(
  db: DbOrTrx,
  values: { rubric_id: number; attribute_id: number; name_criterion: string; weight: number },
) {
  return db.insertInto('evaluation_criterias').values(values).returning('id').executeTakeFirstOrThrow();
}

export async function updateCriterion(
  db: DbOrTrx,
  id: number,
  values: { name_criterion: string; weight: number },
): Promise<void> {
  await db.updateTable('evaluation_criterias').set(values).where('id', '=', id).execute();
}

export async function deleteCriterion(db: DbOrTrx, id: number): Promise<void> {
  await db.deleteFrom('evaluation_criterias').where('id', '=', id).execute();
}

const INDICATOR_COLUMNS = ['id', 'evaluationcriteria_id', 'description', 'weight'] as const;

export function findIndicator(db: DbOrTrx, id: number) {
  return db.selectFrom('indicators').select(INDICATOR_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export function insertIndicator(
  db: DbOrTrx,
  values: { evaluationcriteria_id: number; description: string; weight: number },
) {
  return db.insertInto('indicators').values(values).returning('id').executeTakeFirstOrThrow();
}

export async function updateIndicator(
  db: DbOrTrx,
  id: number,
  values: { description: string; weight: number },
): Promise<void> {
  await db.updateTable('indicators').set(values).where('id', '=', id).execute();
}

export async function deleteIndicator(db: DbOrTrx, id: number): Promise<void> {
  await db.deleteFrom('indicators').where('id', '=', id).execute();
}

export function listScales(db: DbOrTrx) {
  return db
    .selectFrom('evaluation_scales')
    .select(['id', 'scale_name', 'min_value', 'max_value'])
    .orderBy('min_value')
    .orderBy('id')
    .execute();
}

/** Writes (or replaces) a criterion's description for one scale. */
export async function upsertCriterionScale(
  db: DbOrTrx,
  criterionId: number,
  scaleId: number,
  description: string,
): Promise<void> {
  await db
    .insertInto('criteria_scales')
    .values({ evaluationcriteria_id: criterionId, scale_id: scaleId, custom_description: description })
    .onConflict((oc) =>
      oc.columns(['evaluationcriteria_id', 'scale_id']).doUpdateSet({ custom_description: description }),
    )
    .execute();
}

export async function deleteCriterionScale(db: DbOrTrx, criterionId: number, scaleId: number): Promise<void> {
  await db
    .deleteFrom('criteria_scales')
    .where('evaluationcriteria_id', '=', criterionId)
    .where('scale_id', '=', scaleId)
    .execute();
}

/** Whether the attribute is linked to the subject (criteria may only be written for the subject's attributes). */
export function subjectHasAttribute(db: DbOrTrx, subjectId: number, attributeId: number): Promise<boolean> {
  return rowWith(db, 'subject_attributes', { subject_id: subjectId, attribute_id: attributeId });
}

/** The subject's attributes in the attributes' order (code, 'AE2' before 'AE10', then name). */
export function listSubjectAttributes(db: DbOrTrx, subjectId: number) {
  return db
    .selectFrom('subject_attributes as sa')
    .innerJoin('attributes as a', 'a.id', 'sa.attribute_id')
    .select(['a.id', 'a.attribute_name', 'a.codigo', 'a.description'])
    .where('sa.subject_id', '=', subjectId)
    .$call(byAttributeOrder('a'))
    .execute();
}

/** Every criterion of a rubric in creation order. */
export function listCriteria(db: DbOrTrx, rubricId: number) {
  return db
    .selectFrom('evaluation_criterias')
    .select(CRITERION_COLUMNS)
    .where('rubric_id', '=', rubricId)
    .orderBy('id')
    .execute();
}

/** The indicators of every criterion of a rubric, in one query. */
export function listIndicatorsOfRubric(db: DbOrTrx, rubricId: number) {
  return db
    .selectFrom('indicators as i')
    .innerJoin('evaluation_criterias as c', 'c.id', 'i.evaluationcriteria_id')
    .select(['i.id', 'i.evaluationcriteria_id', 'i.description', 'i.weight'])
    .where('c.rubric_id', '=', rubricId)
    .orderBy('i.id')
    .execute();
}

/** The custom scale descriptions of every criterion of a rubric, in one query. */
export function listCriterionScalesOfRubric(db: DbOrTrx, rubricId: number) {
  return db
    .selectFrom('criteria_scales as cs')
    .innerJoin('evaluation_criterias as c', 'c.id', 'cs.evaluationcriteria_id')
    .select(['cs.evaluationcriteria_id', 'cs.scale_id', 'cs.custom_description'])
    .where('c.rubric_id', '=', rubricId)
    .execute();
}

/** The teacher's other assignments of the same subject that have a rubric with at least one criterion. */
export function listCopySources(db: DbOrTrx, userId: number, subjectId: number, exceptAssignmentId: number) {
  return db
    .selectFrom('professor_subjects as ps')
    .innerJoin('rubrics as r', 'r.professor_subject_id', 'ps.id')
    .innerJoin('evaluation_criterias as c', 'c.rubric_id', 'r.id')
    .$call(joinAssignmentGroup)
    .$call(joinAssignmentPeriod)
    .select((eb) => [
      'ps.id as professor_subject_id',
      'r.id as rubric_id',
      'g.group_name',
      'p.period_name',
      eb.fn.count<number>('c.id').as('criteria_count'),
    ])
    .where('ps.user_id', '=', userId)
    .where('ps.subject_id', '=', subjectId)
    .where('ps.id', '<>', exceptAssignmentId)
    .groupBy(['ps.id', 'r.id', 'g.group_name', 'p.period_name', 'p.start_date'])
    .orderBy('p.start_date', 'desc')
    .orderBy('ps.id', 'desc')
    .execute();
}

export async function deleteCriteriaOfRubric(db: DbOrTrx, rubricId: number): Promise<void> {
  await db.deleteFrom('evaluation_criterias').where('rubric_id', '=', rubricId).execute();
}

/**
 * Copies every criterion, indicator and scale description of one rubric into another in a fixed number of
 * statements: criteria are inserted in id order, so the n-th new id belongs to the n-th source criterion.
 */
export async function copyRubricContent(trx: Transaction<Database>, fromRubricId: number, toRubricId: number) {
  const source = await listCriteria(trx, fromRubricId);
  if (source.length === 0) return { criteria: 0, indicators: 0 };
  const inserted = await trx
    .insertInto('evaluation_criterias')
    .values(
      source.map((c) => ({
        rubric_id: toRubricId,
        attribute_id: c.attribute_id,
        name_criterion: c.name_criterion,
        weight: c.weight,
      })),
    )
    .returning('id')
    .execute();
  const newIds = inserted.map((r) => r.id).sort((a, b) => a - b);
  const idMap = new Map(source.map((c, i) => [c.id, newIds[i]!] as const));
  const indicators = await listIndicatorsOfRubric(trx, fromRubricId);
  await insertInChunks(
    trx,
    'indicators',
    indicators.map((i) => ({
      evaluationcriteria_id: idMap.get(i.evaluationcriteria_id)!,
      description: i.description,
      weight: i.weight,
    })),
  );
  const scales = await listCriterionScalesOfRubric(trx, fromRubricId);
  await insertInChunks(
    trx,
    'criteria_scales',
    scales.map((s) => ({
      evaluationcriteria_id: idMap.get(s.evaluationcriteria_id)!,
      scale_id: s.scale_id,
      custom_description: s.custom_description,
    })),
  );
  return { criteria: source.length, indicators: indicators.length };
}

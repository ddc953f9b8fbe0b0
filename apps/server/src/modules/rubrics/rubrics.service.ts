import type { Transaction } from 'kysely';
import {
  RUBRIC_MSG,
  SCOPE_MSG,
  canActOnAssignment,
  canGrade,
  type Actor,
  type Assignment,
  type AssignScaleBody,
  type Criterion,
  type RubricTree,
} from '@egreso/domain';
import type { Database, DbOrTrx } from '../../db/types.js';
import type { Dialect } from '../../db/connect.js';
import { auditRow } from '../../lib/audit.js';
import { conflict, fieldError, forbidden, notFound } from '../../lib/http-errors.js';
import { nowIso } from '../../lib/time.js';
import { rowExists } from '../../db/lookups.js';
import { assertCareerInScope } from '../../db/career-scope.js';
import { findAssignment } from '../assignments/index.js';
import {
  copyRubricContent,
  deleteCriteriaOfRubric,
  deleteCriterion,
  deleteCriterionScale,
  deleteIndicator,
  findCriterion,
  findIndicator,
  findRubric,
  findRubricOfAssignment,
  insertCriterion,
  insertIndicator,
  insertRubricOnce,
  listCriteria,
  listCriterionScalesOfRubric,
  listIndicatorsOfRubric,
  listScales,
  listSubjectAttributes,
  lockCriterion,
  lockRubric,
  subjectHasAttribute,
  sumCriteriaWeights,
  sumIndicatorWeights,
  updateCriterion,
  updateIndicator,
  upsertCriterionScale,
  type CriterionRow,
  type RubricRow,
} from './rubrics.repository.js';

/** Reads take the database or a transaction; writes run in the handler's transaction. */
type Db = DbOrTrx;
type Trx = Transaction<Database>;

/** The assignment, if the actor may read it (its teacher, a chief or an administrator). */
export async function readableAssignment(db: Db, actor: Actor, id: number): Promise<Assignment> {
  const assignment = await findAssignment(db, id);
  if (!assignment) throw notFound(RUBRIC_MSG.assignmentNotFound);
  if (!canActOnAssignment(actor, assignment)) throw forbidden();
  if (!canGrade(actor, assignment)) await assertCareerInScope(db, actor, assignment.career_id, SCOPE_MSG.assignment);
  return assignment;
}

/** The assignment, if the actor is its teacher: only they write its rubric. */
async function editableAssignment(db: Db, actor: Actor, id: number): Promise<Assignment> {
  const assignment = await findAssignment(db, id);
  if (!assignment) throw notFound(RUBRIC_MSG.assignmentNotFound);
  if (!canGrade(actor, assignment)) throw forbidden();
  return assignment;
}

/** The rubric and its assignment, if the actor may write it. */
async function editableRubric(
  db: Db,
  actor: Actor,
  rubricId: number,
): Promise<{ rubric: RubricRow; assignment: Assignment }> {
  const rubric = await findRubric(db, rubricId);
  if (!rubric) throw notFound(RUBRIC_MSG.rubricNotFound);
  return { rubric, assignment: await editableAssignment(db, actor, rubric.professor_subject_id) };
}

async function editableCriterion(db: Db, actor: Actor, criterionId: number) {
  const criterion = await findCriterion(db, criterionId);
  if (!criterion) throw notFound(RUBRIC_MSG.criterionNotFound);
  return { criterion, ...(await editableRubric(db, actor, criterion.rubric_id)) };
}

/** Each attribute of the subject with its criteria, their indicators and one entry per evaluation scale (4 queries). */
export async function loadRubricTree(db: Db, rubric: RubricRow, assignment: Assignment): Promise<RubricTree> {
  const [attributes, criteria, indicators, custom, scales] = await Promise.all([
    listSubjectAttributes(db, assignment.subject_id),
    listCriteria(db, rubric.id),
    listIndicatorsOfRubric(db, rubric.id),
    listCriterionScalesOfRubric(db, rubric.id),
    listScales(db),
  ]);
  const descriptions = new Map(custom.map((c) => [`${c.evaluationcriteria_id}:${c.scale_id}`, c.custom_description]));
  const toCriterion = (c: CriterionRow): Criterion => ({
    ...c,
    indicators: indicators.filter((i) => i.evaluationcriteria_id === c.id),
    evaluation_scales: scales.map((s) => ({
      scale_id: s.id,
      scale_name: s.scale_name,
      min_value: s.min_value,
      max_value: s.max_value,
      custom_description: descriptions.get(`${c.id}:${s.id}`) ?? null,
    })),
  });
  return {
    rubric_id: rubric.id,
    rubric_name: rubric.rubric_name,
    professor_subject_id: assignment.id,
    subject_name: assignment.subject.subject_name,
    group_name: assignment.group?.group_name ?? null,
    period_name: assignment.period?.period_name ?? null,
    teacher_name: assignment.user.full_name,
    atributos: attributes.map((a) => ({
      ...a,
      evaluationcriterias: criteria.filter((c) => c.attribute_id === a.id).map(toCriterion),
    })),
  };
}

/** The assignment's rubric as the screen reads it; 404 until it is created. */
export async function getRubricOfAssignment(db: Db, actor: Actor, assignmentId: number): Promise<RubricTree> {
  const assignment = await readableAssignment(db, actor, assignmentId);
  const rubric = await findRubricOfAssignment(db, assignment.id);
  if (!rubric) throw notFound(RUBRIC_MSG.rubricNotCreated);
  return loadRubricTree(db, rubric, assignment);
}

/** One rubric per assignment: a second creation answers the existing one (a concurrent one is absorbed by the unique key). */
export async function createRubric(trx: Trx, actor: Actor, assignmentId: number, name: string | undefined) {
  const assignment = await editableAssignment(trx, actor, assignmentId);
  const rubricName =
    name ||
    `Rúbrica - ${assignment.subject.subject_name}${assignment.group ? ` - ${assignment.group.group_name}` : ''}`;
  const created = await insertRubricOnce(trx, assignment.id, rubricName, nowIso());
  if (created) await auditRow(trx, actor.id, 'rubric.create', 'professor_subjects', assignment.id);
  const rubric = (await findRubricOfAssignment(trx, assignment.id))!;
  return { created, rubric: { ...rubric, rubric_id: rubric.id } };
}

async function criterionAnswer(db: Db, criterionId: number): Promise<Criterion> {
  const criterion = await findCriterion(db, criterionId);
  if (!criterion) throw notFound(RUBRIC_MSG.criterionNotFound);
  const rubric = (await findRubric(db, criterion.rubric_id))!;
  const assignment = (await findAssignment(db, rubric.professor_subject_id))!;
  const tree = await loadRubricTree(db, rubric, assignment);
  const found = tree.atributos.flatMap((a) => a.evaluationcriterias).find((c) => c.id === criterionId);
  if (!found) throw notFound(RUBRIC_MSG.criterionNotFound);
  return found;
}

/** A weight being written: the row's id (null for a new one) and its new weight. */
interface WeightWrite {
  id: number | null;
  weight: number;
}

/** The attribute's criteria of the rubric, with the written one's new weight, add up to 100 at most. */
async function checkCriteriaSum(trx: Trx, rubricId: number, attributeId: number, write: WeightWrite): Promise<void> {
  const others = await sumCriteriaWeights(trx, rubricId, attributeId, write.id);
  if (others + write.weight > 100) throw fieldError('weight', RUBRIC_MSG.criteriaSum);
}

/** Adds a criterion once the rubric is locked, so the attribute's sum is read and written by one save at a time. */
export async function createCriterion(
  trx: Trx,
  dialect: Dialect,
  actor: Actor,
  body: { rubric_id: number; attribute_id: number; name_criterion: string; weight: number },
): Promise<Criterion> {
  const { assignment } = await editableRubric(trx, actor, body.rubric_id);
  if (!(await subjectHasAttribute(trx, assignment.subject_id, body.attribute_id)))
    throw fieldError('attribute_id', RUBRIC_MSG.attributeNotInSubject);
  if (!(await lockRubric(trx, dialect, body.rubric_id))) throw notFound(RUBRIC_MSG.rubricNotFound);
  await checkCriteriaSum(trx, body.rubric_id, body.attribute_id, { id: null, weight: body.weight });
  const row = await insertCriterion(trx, body);
  await auditRow(trx, actor.id, 'criterion.create', 'evaluation_criterias', row.id, body);
  return criterionAnswer(trx, row.id);
}

export async function updateCriterionChecked(
  trx: Trx,
  dialect: Dialect,
  actor: Actor,
  id: number,
  body: { name_criterion: string; weight: number },
): Promise<Criterion> {
  const { rubric } = await editableCriterion(trx, actor, id);
  // Rubric first, then criterion: the same order as every other save, so two saves never wait on each other in a cycle.
  await lockRubric(trx, dialect, rubric.id);
  const current = await lockCriterion(trx, dialect, id);
  if (!current) throw notFound(RUBRIC_MSG.criterionNotFound);
  await checkCriteriaSum(trx, rubric.id, current.attribute_id, { id, weight: body.weight });
  const indicators = await sumIndicatorWeights(trx, id, null);
  if (indicators > body.weight) throw fieldError('weight', RUBRIC_MSG.criterionBelowIndicators(indicators));
  await updateCriterion(trx, id, body);
  await auditRow(trx, actor.id, 'criterion.update', 'evaluation_criterias', id, body);
  return criterionAnswer(trx, id);
}

export async function deleteCriterionChecked(trx: Trx, actor: Actor, id: number): Promise<void> {
  await editableCriterion(trx, actor, id);
  await deleteCriterion(trx, id);
  await auditRow(trx, actor.id, 'criterion.delete', 'evaluation_criterias', id);
}

/** Writes the criterion's description for one scale; an empty one removes it ('Sin descripción'). */
export async function assignScale(
  trx: Trx,
  actor: Actor,
  criterionId: number,
  body: Required<AssignScaleBody> & { scale_id: number },
) {
  await editableCriterion(trx, actor, criterionId);
  if (!(await rowExists(trx, 'evaluation_scales', body.scale_id)))
    throw fieldError('scale_id', RUBRIC_MSG.scaleMissing);
  if (body.custom_description) await upsertCriterionScale(trx, criterionId, body.scale_id, body.custom_description);
  else await deleteCriterionScale(trx, criterionId, body.scale_id);
  await auditRow(trx, actor.id, 'criterion.scale', 'evaluation_criterias', criterionId, body);
  return criterionAnswer(trx, criterionId);
}

async function indicatorAnswer(db: Db, id: number) {
  const row = await findIndicator(db, id);
  if (!row) throw notFound(RUBRIC_MSG.indicatorNotFound);
  return row;
}

/**
 * Locks the criterion, so the indicators' sum is read and written by one save at a time, and checks that its
 * indicators, with the written one's new weight, stay within the criterion's weight.
 */
async function lockIndicatorsSum(trx: Trx, dialect: Dialect, criterionId: number, write: WeightWrite): Promise<void> {
  const criterion = await lockCriterion(trx, dialect, criterionId);
  if (!criterion) throw notFound(RUBRIC_MSG.criterionNotFound);
  const others = await sumIndicatorWeights(trx, criterion.id, write.id);
  if (others + write.weight > criterion.weight) throw fieldError('weight', RUBRIC_MSG.indicatorsSum(criterion.weight));
}

/** Adds an indicator once its criterion is locked, so the indicators' sum is read and written by one save at a time. */
export async function createIndicator(
  trx: Trx,
  dialect: Dialect,
  actor: Actor,
  body: { evaluationcriteria_id: number; description: string; weight: number },
) {
  await editableCriterion(trx, actor, body.evaluationcriteria_id);
  await lockIndicatorsSum(trx, dialect, body.evaluationcriteria_id, { id: null, weight: body.weight });
  const row = await insertIndicator(trx, body);
  await auditRow(trx, actor.id, 'indicator.create', 'indicators', row.id, body);
  return indicatorAnswer(trx, row.id);
}

export async function updateIndicatorChecked(
  trx: Trx,
  dialect: Dialect,
  actor: Actor,
  id: number,
  body: { description: string; weight: number },
) {
  const existing = await findIndicator(trx, id);
  if (!existing) throw notFound(RUBRIC_MSG.indicatorNotFound);
  await editableCriterion(trx, actor, existing.evaluationcriteria_id);
  await lockIndicatorsSum(trx, dialect, existing.evaluationcriteria_id, { id, weight: body.weight });
  await updateIndicator(trx, id, body);
  await auditRow(trx, actor.id, 'indicator.update', 'indicators', id, body);
  return indicatorAnswer(trx, id);
}

export async function deleteIndicatorChecked(trx: Trx, actor: Actor, id: number): Promise<void> {
  const existing = await findIndicator(trx, id);
  if (!existing) throw notFound(RUBRIC_MSG.indicatorNotFound);
  await editableCriterion(trx, actor, existing.evaluationcriteria_id);
  await deleteIndicator(trx, id);
  await auditRow(trx, actor.id, 'indicator.delete', 'indicators', id);
}

/**
 * Replaces the target assignment's rubric content with a copy of the source's; the target's rubric is created when
 * missing. Both assignments must be the actor's and of the same subject.
 */
export async function copyRubric(trx: Trx, dialect: Dialect, actor: Actor, fromId: number, toId: number) {
  if (fromId === toId) throw fieldError('from_professor_subject_id', RUBRIC_MSG.copySameAssignment);
  const target = await editableAssignment(trx, actor, toId);
  const source = await editableAssignment(trx, actor, fromId);
  if (source.subject_id !== target.subject_id)
    throw fieldError('from_professor_subject_id', RUBRIC_MSG.copyOtherSubject);
  const from = await findRubricOfAssignment(trx, source.id);
  if (!from || (await listCriteria(trx, from.id)).length === 0)
    throw fieldError('from_professor_subject_id', RUBRIC_MSG.copySourceEmpty);
  const { rubric } = await createRubric(trx, actor, target.id, undefined);
  if (!(await lockRubric(trx, dialect, rubric.id))) throw conflict(RUBRIC_MSG.rubricNotFound);
  await deleteCriteriaOfRubric(trx, rubric.id);
  const counts = await copyRubricContent(trx, from.id, rubric.id);
  await auditRow(trx, actor.id, 'rubric.copy', 'rubrics', rubric.id, { from: from.id, ...counts });
  return { rubric_id: rubric.id, ...counts };
}

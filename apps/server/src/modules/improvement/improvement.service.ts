import {
  DEFAULT_ATTRIBUTE_TARGET,
  IMPROVEMENT_MSG,
  IMPROVEMENT_STATUS_LABELS,
  ROLE,
  VERDICT_STATUSES,
  attributeDisplayName,
  generationName,
  type Actor,
  type ImprovementAction,
  type ImprovementActionBody,
  type ImprovementActionUpdateBody,
  type ImprovementActionsQuery,
  type ImprovementFollowupBody,
  type ImprovementMeasure,
  type ImprovementMeasureAnswer,
  type ImprovementMeasureQuery,
  verdict,
} from '@egreso/domain';
import { rowExists } from '../../db/lookups.js';
import type { DbOrTrx } from '../../db/types.js';
import { auditRow } from '../../lib/audit.js';
import { HttpError, fieldError, forbidden, notFound } from '../../lib/http-errors.js';
import { fileDay, nowIso } from '../../lib/time.js';
import { writeWorkbook } from '../../lib/xlsx.js';
import { countStudentBandsByPeriod, type BandCountRow, type CohortScope } from '../ratings/index.js';
import { mayActOnCareer } from '../../db/career-scope.js';
import { listEffectiveTargets } from '../reports/index.js';
import {
  deleteAction,
  deleteActionSubjects,
  findAction,
  findPeriod,
  insertAction,
  insertActionSubjects,
  insertFollowup,
  isActionTeacher,
  isCareerAttribute,
  listActionFollowups,
  listActionRows,
  listActionSubjectIds,
  listActionSubjects,
  listForeignSubjects,
  listSubjectTeachers,
  updateAction,
  type ActionReader,
  type ActionRow,
} from './improvement.repository.js';

/*
 * Improvement actions (CACEI 4.4). The finding and the measured result are the cohort evidence's trend points: the
 * students of the generation in the career rated in that period, by the band of their mean rating there
 * (`countStudentBandsByPeriod` of the ratings module; a list counts only the points its actions apply to), judged with
 * the evidence's `verdict`. Nothing is counted twice.
 */

type Period = { id: number; period_name: string; start_date: string };

/** The evidence's trend point of an attribute in a period, or null when the cohort has no rating of it there. */
function trendPoint(
  rows: Awaited<ReturnType<typeof countStudentBandsByPeriod>>,
  attributeId: number,
  periodId: number,
): BandCountRow | null {
  return rows.find((r) => r.attribute_id === attributeId && r.period_id === periodId) ?? null;
}

function measure(counts: BandCountRow, against: number): ImprovementMeasure {
  const v = verdict(counts, against);
  return { students: counts.total, share: v.share, met: v.met ?? false, critical: v.critical };
}

/** The target of an attribute of a career in force in a period (the evidence's rule). */
async function targetIn(db: DbOrTrx, careerId: number, attributeId: number, period: Period): Promise<number> {
  const targets = await listEffectiveTargets(db, careerId, period);
  return targets.find((t) => t.attribute_id === attributeId)?.target ?? DEFAULT_ATTRIBUTE_TARGET;
}

async function periodOrFail(db: DbOrTrx, field: string, id: number): Promise<Period> {
  const period = await findPeriod(db, id);
  if (!period) throw fieldError(field, IMPROVEMENT_MSG.periodMissing);
  return period;
}

/** The applied period exists and starts after the finding's period: an action is measured in a later period. */
async function appliedPeriod(db: DbOrTrx, periodId: number, finding: Period): Promise<Period> {
  const period = await periodOrFail(db, 'period_id', periodId);
  if (period.start_date <= finding.start_date) {
    throw fieldError('period_id', IMPROVEMENT_MSG.periodBeforeFinding);
  }
  return period;
}

async function checkSubjects(db: DbOrTrx, careerId: number, subjectIds: readonly number[]): Promise<void> {
  if ((await listForeignSubjects(db, careerId, subjectIds)).length)
    throw fieldError('subject_ids', IMPROVEMENT_MSG.subjectNotInCareer);
}

/** Adds subjects to an action, each with its teachers at the moment (one row without a teacher when nobody teaches it). */
async function addSubjects(
  trx: DbOrTrx,
  actionId: number,
  careerId: number,
  subjectIds: readonly number[],
  period: Period,
): Promise<void> {
  const teachers = await listSubjectTeachers(trx, careerId, subjectIds, period);
  await insertActionSubjects(
    trx,
    subjectIds.flatMap(
      (
        subjectId,
      ): Array<{ action_id: number; subject_id: number; teacher_id: number | null; teacher_name: string | null }> => {
        const mine = teachers.filter((t) => t.subject_id === subjectId);
        return mine.length
          ? mine.map((t) => ({
              action_id: actionId,
              subject_id: subjectId,
              teacher_id: t.teacher_id,
              teacher_name: t.teacher_name,
            }))
          : [{ action_id: actionId, subject_id: subjectId, teacher_id: null, teacher_name: null }];
      },
    ),
  );
}

/** The career exists (422) and the actor may act on it (403 with the given message). */
export async function checkCareer(
  db: DbOrTrx,
  actor: Actor,
  careerId: number,
  notYours: string = IMPROVEMENT_MSG.notYourCareer,
): Promise<void> {
  if (!(await rowExists(db, 'careers', careerId))) throw fieldError('career_id', IMPROVEMENT_MSG.careerMissing);
  if (!(await mayActOnCareer(db, actor, careerId))) throw forbidden(notYours);
}

/** Writes an action: the finding measured now from the evidence's numbers, the expected share defaulting to the target. */
export async function createImprovementAction(
  trx: DbOrTrx,
  actor: Actor,
  body: ImprovementActionBody,
): Promise<number> {
  await checkCareer(trx, actor, body.career_id);
  if (!(await rowExists(trx, 'generations', body.generation_id)))
    throw fieldError('generation_id', IMPROVEMENT_MSG.generationMissing);
  if (!(await isCareerAttribute(trx, body.attribute_id, body.career_id)))
    throw fieldError('attribute_id', IMPROVEMENT_MSG.attributeNotInCareer);
  const findingPeriod = await periodOrFail(trx, 'finding_period_id', body.finding_period_id);
  const scope: CohortScope = { careerId: body.career_id, generationId: body.generation_id };
  const finding = trendPoint(await countStudentBandsByPeriod(trx, scope), body.attribute_id, findingPeriod.id);
  if (!finding) throw fieldError('finding_period_id', IMPROVEMENT_MSG.noFindingData);
  const period = await appliedPeriod(trx, body.period_id, findingPeriod);
  await checkSubjects(trx, body.career_id, body.subject_ids);
  const now = nowIso();
  const id = await insertAction(trx, {
    career_id: body.career_id,
    generation_id: body.generation_id,
    attribute_id: body.attribute_id,
    finding_period_id: findingPeriod.id,
    finding_students: finding.total,
    finding_sufficient: finding.sobresaliente + finding.suficiente,
    finding_insufficient: finding.insuficiente,
    finding_target: await targetIn(trx, body.career_id, body.attribute_id, findingPeriod),
    period_id: period.id,
    cause: body.cause,
    action: body.action,
    expected_share: body.expected_share ?? (await targetIn(trx, body.career_id, body.attribute_id, period)),
    status: 'planeada',
    verdict_note: null,
    verdict_by: null,
    verdict_at: null,
    created_by: actor.id,
    created_at: now,
    updated_at: now,
  });
  await addSubjects(trx, id, body.career_id, body.subject_ids, period);
  await auditRow(trx, actor.id, 'improvement.create', 'improvement_actions', id, body);
  return id;
}

/** The action exists (404) and the actor may act on its career (403). */
async function actionOf(db: DbOrTrx, actor: Actor, id: number) {
  const action = await findAction(db, id);
  if (!action) throw notFound(IMPROVEMENT_MSG.notFound);
  if (!(await mayActOnCareer(db, actor, action.career_id))) throw forbidden(IMPROVEMENT_MSG.notYourCareer);
  return action;
}

/**
 * Edits an action; the finding stays as it was measured. Its teachers follow its period and subjects: when either
 * changes, every subject's teachers are taken again from the assignments of the period it applies to (as when it was
 * registered); otherwise they stay as recorded. Closing it records who confirmed the verdict.
 */
export async function updateImprovementAction(
  trx: DbOrTrx,
  actor: Actor,
  id: number,
  body: ImprovementActionUpdateBody,
): Promise<void> {
  const action = await actionOf(trx, actor, id);
  const period = await appliedPeriod(trx, body.period_id, (await findPeriod(trx, action.finding_period_id))!);
  await checkSubjects(trx, action.career_id, body.subject_ids);
  const closes = VERDICT_STATUSES.includes(body.status);
  const verdictChanged = closes && (body.status !== action.status || body.verdict_note !== action.verdict_note);
  const now = nowIso();
  await updateAction(trx, id, {
    period_id: period.id,
    cause: body.cause,
    action: body.action,
    expected_share: body.expected_share,
    status: body.status,
    verdict_note: body.verdict_note,
    verdict_by: closes ? (verdictChanged ? actor.id : action.verdict_by) : null,
    verdict_at: closes ? (verdictChanged ? now : action.verdict_at) : null,
    updated_at: now,
  });
  const kept = await listActionSubjectIds(trx, id);
  const sameSubjects = kept.length === body.subject_ids.length && kept.every((s) => body.subject_ids.includes(s));
  if (period.id !== action.period_id || !sameSubjects) {
    await deleteActionSubjects(trx, id, kept);
    await addSubjects(trx, id, action.career_id, body.subject_ids, period);
  }
  await auditRow(trx, actor.id, 'improvement.update', 'improvement_actions', id, body);
}

/**
 * What an action would measure if it applied to another period (the edit window asks while the chief chooses one):
 * the evidence's trend point of its attribute and generation there against the expected share, and the proposed
 * verdict; the period must follow the finding's (422).
 */
export async function measureImprovementAction(
  db: DbOrTrx,
  actor: Actor,
  id: number,
  query: ImprovementMeasureQuery,
): Promise<ImprovementMeasureAnswer> {
  const action = await actionOf(db, actor, id);
  const period = await appliedPeriod(db, query.period_id, (await findPeriod(db, action.finding_period_id))!);
  const expected = query.expected_share ?? action.expected_share;
  const [counts] = await countStudentBandsByPeriod(
    db,
    { careerId: action.career_id, generationId: action.generation_id },
    { attributeIds: [action.attribute_id], periodIds: [period.id] },
  );
  const measured = counts ? measure(counts, expected) : null;
  return {
    period: { period_id: period.id, period_name: period.period_name, start_date: period.start_date },
    expected_share: expected,
    measured,
    proposed_status: measured ? (measured.met ? 'cumplida' : 'no_cumplida') : null,
  };
}

export async function deleteImprovementAction(trx: DbOrTrx, actor: Actor, id: number): Promise<void> {
  await actionOf(trx, actor, id);
  await deleteAction(trx, id);
  await auditRow(trx, actor.id, 'improvement.delete', 'improvement_actions', id);
}

/** A follow-up by a teacher recorded on one of the action's subjects, or by whoever may act on its career. */
export async function addImprovementFollowup(
  trx: DbOrTrx,
  actor: Actor & { full_name: string },
  id: number,
  body: ImprovementFollowupBody,
): Promise<void> {
  const action = await findAction(trx, id);
  if (!action) throw notFound(IMPROVEMENT_MSG.notFound);
  const allowed =
    actor.role === ROLE.TEACHER
      ? await isActionTeacher(trx, id, actor.id)
      : await mayActOnCareer(trx, actor, action.career_id);
  if (!allowed)
    throw forbidden(actor.role === ROLE.TEACHER ? IMPROVEMENT_MSG.notYourSubject : IMPROVEMENT_MSG.notYourCareer);
  const followupId = await insertFollowup(trx, {
    action_id: id,
    followup_date: body.followup_date,
    text: body.text,
    author_id: actor.id,
    author_name: actor.full_name,
    created_at: nowIso(),
  });
  await auditRow(trx, actor.id, 'improvement.followup', 'improvement_action_followups', followupId, { action_id: id });
}

function readerOf(actor: Actor): ActionReader {
  if (actor.role === ROLE.ADMIN) return { kind: 'all' };
  return actor.role === ROLE.CHIEF ? { kind: 'chief', userId: actor.id } : { kind: 'teacher', userId: actor.id };
}

/**
 * The actions the actor may read with their measured result: administrators all, a chief those of their careers (403
 * when asking for another career), a teacher those on their subjects.
 */
export async function listImprovementActions(
  db: DbOrTrx,
  actor: Actor,
  query: ImprovementActionsQuery & { id?: number },
): Promise<ImprovementAction[]> {
  if (query.career_id !== undefined && actor.role !== ROLE.TEACHER) await checkCareer(db, actor, query.career_id);
  const rows = await listActionRows(db, readerOf(actor), {
    careerId: query.career_id,
    generationId: query.generation_id,
    attributeId: query.attribute_id,
    periodId: query.period_id,
    status: query.status,
    id: query.id,
  });
  return shapeActions(db, rows);
}

/** One action as the actor may read it (404 when it does not exist or is not theirs to read). */
export async function readImprovementAction(db: DbOrTrx, actor: Actor, id: number): Promise<ImprovementAction> {
  const [action] = await listImprovementActions(db, actor, { id });
  if (!action) throw notFound(IMPROVEMENT_MSG.notFound);
  return action;
}

/**
 * The evidence's trend points the actions apply to, keyed career:generation:attribute:period: per cohort, just the
 * attributes and periods of its actions.
 */
async function measuredPoints(db: DbOrTrx, rows: ActionRow[]): Promise<Map<string, BandCountRow>> {
  const cohorts = new Map<string, CohortScope & { attributeIds: Set<number>; periodIds: Set<number> }>();
  for (const r of rows) {
    const key = `${r.career_id}:${r.generation_id}`;
    const cohort = cohorts.get(key) ?? {
      careerId: r.career_id,
      generationId: r.generation_id,
      attributeIds: new Set(),
      periodIds: new Set(),
    };
    cohort.attributeIds.add(r.attribute_id);
    cohort.periodIds.add(r.period_id);
    cohorts.set(key, cohort);
  }
  const points = new Map<string, BandCountRow>();
  await Promise.all(
    [...cohorts.values()].map(async ({ attributeIds, periodIds, ...scope }) => {
      const counted = await countStudentBandsByPeriod(db, scope, {
        attributeIds: [...attributeIds],
        periodIds: [...periodIds],
      });
      for (const p of counted)
        points.set(`${scope.careerId}:${scope.generationId}:${p.attribute_id}:${p.period_id}`, p);
    }),
  );
  return points;
}

/** An action's subjects, each once, with the teachers its rows name. */
function subjectsOf(
  subjects: Awaited<ReturnType<typeof listActionSubjects>>,
  actionId: number,
): ImprovementAction['subjects'] {
  const mine = new Map<number, ImprovementAction['subjects'][number]>();
  for (const s of subjects.filter((x) => x.action_id === actionId)) {
    const entry = mine.get(s.subject_id) ?? {
      subject_id: s.subject_id,
      subject_key: s.subject_key,
      subject_name: s.subject_name,
      teachers: [],
    };
    if (s.teacher_name !== null) entry.teachers.push({ id: s.teacher_id, full_name: s.teacher_name });
    mine.set(s.subject_id, entry);
  }
  return [...mine.values()];
}

/** The actions' rows as the API answers them: subjects and teachers, follow-ups, finding and measured result. */
async function shapeActions(db: DbOrTrx, rows: ActionRow[]): Promise<ImprovementAction[]> {
  const ids = rows.map((r) => r.id);
  const [subjects, followups] = await Promise.all([listActionSubjects(db, ids), listActionFollowups(db, ids)]);
  const points = await measuredPoints(db, rows);

  return rows.map((r) => {
    const measured = points.get(`${r.career_id}:${r.generation_id}:${r.attribute_id}:${r.period_id}`) ?? null;
    const finding: BandCountRow = {
      total: r.finding_students,
      sobresaliente: r.finding_sufficient,
      suficiente: 0,
      insuficiente: r.finding_insufficient,
    };
    const result = measured ? measure(measured, r.expected_share) : null;
    return {
      id: r.id,
      career: { id: r.career_id, name: r.career_name },
      generation: { id: r.generation_id, generation_name: generationName(r.generation_start, r.generation_end) },
      attribute: {
        id: r.attribute_id,
        attribute_name: r.attribute_name,
        codigo: r.codigo,
        shared: r.attribute_career_id === null,
      },
      finding: {
        ...measure(finding, r.finding_target),
        target: r.finding_target,
        period: {
          period_id: r.finding_period_id,
          period_name: r.finding_period_name,
          start_date: r.finding_period_start,
        },
      },
      cause: r.cause,
      action: r.action,
      subjects: subjectsOf(subjects, r.id),
      period: { period_id: r.period_id, period_name: r.period_name, start_date: r.period_start },
      expected_share: r.expected_share,
      measured: result,
      proposed_status: result ? (result.met ? 'cumplida' : 'no_cumplida') : null,
      status: r.status,
      verdict_note: r.verdict_note,
      verdict_at: r.verdict_at,
      verdict_by: r.verdict_by_name ?? null,
      followups: followups.filter((f) => f.action_id === r.id).map(({ action_id: _, ...f }) => f),
      created_by: r.created_by_name ?? null,
      created_at: r.created_at,
      updated_at: r.updated_at,
    };
  });
}

/** The actions of the filters as a one-sheet workbook (404 when there is none). */
export async function buildImprovementWorkbook(
  db: DbOrTrx,
  actor: Actor,
  query: ImprovementActionsQuery,
  now = new Date(),
): Promise<{ fileName: string; buffer: Buffer }> {
  const actions = await listImprovementActions(db, actor, query);
  if (!actions.length) throw new HttpError(404, IMPROVEMENT_MSG.nothingToExport);
  const buffer = await writeWorkbook(
    'Acciones de mejora',
    [
      'Carrera',
      'Generación',
      'Atributo',
      'Periodo del hallazgo',
      'Alumnos con datos (hallazgo)',
      '% Suficiente o más (hallazgo)',
      'Meta (%)',
      'Crítico',
      'Causa',
      'Acción',
      'Materias y profesores',
      'Periodo de aplicación',
      'Resultado esperado (%)',
      'Alumnos con datos (medido)',
      'Resultado medido (%)',
      'Dictamen propuesto',
      'Estatus',
      'Nota del dictamen',
      'Seguimientos',
    ],
    actions.map((a) => [
      a.career.name,
      a.generation.generation_name,
      attributeDisplayName(a.attribute.attribute_name, a.attribute.shared),
      a.finding.period.period_name,
      a.finding.students,
      a.finding.share,
      a.finding.target,
      a.finding.critical ? 'Sí' : 'No',
      a.cause,
      a.action,
      a.subjects
        .map(
          (s) => `${s.subject_name}${s.teachers.length ? ` (${s.teachers.map((t) => t.full_name).join(', ')})` : ''}`,
        )
        .join('; '),
      a.period.period_name,
      a.expected_share,
      a.measured?.students ?? null,
      a.measured?.share ?? null,
      a.proposed_status ? IMPROVEMENT_STATUS_LABELS[a.proposed_status] : 'Sin calificaciones',
      IMPROVEMENT_STATUS_LABELS[a.status],
      a.verdict_note,
      a.followups.map((f) => `${f.followup_date} ${f.author_name}: ${f.text}`).join('\n'),
    ]),
    { filter: true },
  );
  return { fileName: `acciones_mejora_${fileDay(now)}.xlsx`, buffer };
}

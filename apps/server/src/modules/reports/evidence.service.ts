import {
  DEFAULT_ATTRIBUTE_TARGET,
  EVIDENCE_MSG,
  KNOWLEDGE_LEVELS,
  generationName,
  tally,
  verdict,
  type CurriculumMapAnswer,
  type EvidenceAnswer,
} from '@egreso/domain';
import type { DbOrTrx } from '../../db/types.js';
import { fieldError } from '../../lib/http-errors.js';
import { findActivePeriod } from '../catalogues/catalogues.repository.js';
import {
  countRecordBandsBySubject,
  countStudentBands,
  countStudentBandsByPeriod,
  type BandCountRow,
  type CohortScope,
} from '../ratings/ratings.repository.js';
import {
  countCohort,
  countGradedActivities,
  findCohortGeneration,
  findCohortCareer,
  listCareerAttributes,
  listCareerLevels,
  listCareerSubjects,
  listEvidenceActivities,
  listPeriodsById,
  type EvidenceActivityRow,
  type PeriodRow,
} from './evidence.repository.js';
import { listEffectiveTargets } from './targets.repository.js';

const EMPTY: BandCountRow = { total: 0, sobresaliente: 0, suficiente: 0, insuficiente: 0 };

async function findCareer(db: DbOrTrx, careerId: number) {
  const career = await findCohortCareer(db, careerId);
  if (!career) throw fieldError('career_id', EVIDENCE_MSG.careerMissing);
  return career;
}

/** The targets of the career's attributes in force in a period (the default everywhere without a period). */
async function targetsIn(
  db: DbOrTrx,
  careerId: number,
  period: PeriodRow | null | undefined,
): Promise<Map<number, number>> {
  if (!period) return new Map();
  const targets = await listEffectiveTargets(db, careerId, period);
  return new Map(targets.map((t) => [t.attribute_id, t.target]));
}

/**
 * The cohort evidence of one generation in one career (CACEI criterion 4). The whole-cohort verdicts are judged
 * against the targets in force in the latest period with ratings (else the active period); each trend point against
 * its own period's targets, so a later change of target does not rewrite an earlier period's verdict.
 */
export async function buildCohortEvidence(
  db: DbOrTrx,
  scope: CohortScope,
  institution: string,
  now = new Date(),
): Promise<EvidenceAnswer> {
  const career = await findCareer(db, scope.careerId);
  const generation = await findCohortGeneration(db, scope.generationId);
  if (!generation) throw fieldError('generation_id', EVIDENCE_MSG.generationMissing);

  const [cohortSize, attributes, students, byPeriod, bySubject, activities] = await Promise.all([
    countCohort(db, scope),
    listCareerAttributes(db, scope.careerId),
    countStudentBands(db, scope),
    countStudentBandsByPeriod(db, scope),
    countRecordBandsBySubject(db, scope),
    listEvidenceActivities(db, scope),
  ]);
  const periods = await listPeriodsById(db, [...new Set(byPeriod.map((r) => r.period_id))]);
  const targetPeriod = periods.at(-1) ?? (await findActivePeriod(db)) ?? null;
  const periodTargets = new Map(
    await Promise.all(periods.map(async (p) => [p.id, await targetsIn(db, scope.careerId, p)] as const)),
  );
  const finalTargets =
    targetPeriod && periodTargets.has(targetPeriod.id)
      ? periodTargets.get(targetPeriod.id)!
      : await targetsIn(db, scope.careerId, targetPeriod);
  const targetOf = (targets: Map<number, number>, attributeId: number) =>
    targets.get(attributeId) ?? DEFAULT_ATTRIBUTE_TARGET;
  const activitiesOf = new Map<string, Array<Omit<EvidenceActivityRow, 'attribute_id' | 'subject_id'>>>();
  for (const { attribute_id, subject_id, ...activity } of activities) {
    const key = `${attribute_id}:${subject_id}`;
    const list = activitiesOf.get(key);
    if (list) list.push(activity);
    else activitiesOf.set(key, [activity]);
  }

  const period = (p: PeriodRow) => ({ period_id: p.id, period_name: p.period_name, start_date: p.start_date });
  return {
    institution,
    career,
    generation: {
      id: generation.id,
      generation_name: generationName(generation.start_date, generation.end_date),
      start_date: generation.start_date,
      end_date: generation.end_date,
    },
    cohort_size: cohortSize,
    periods: periods.map(period),
    target_period: targetPeriod ? period(targetPeriod) : null,
    generated_at: now.toISOString(),
    attributes: attributes.map((at) => {
      const overall = students.find((r) => r.attribute_id === at.id) ?? EMPTY;
      const subjects = bySubject.filter((r) => r.attribute_id === at.id);
      const records = subjects.reduce<BandCountRow>(
        (sum, r) => ({
          total: sum.total + r.total,
          sobresaliente: sum.sobresaliente + r.sobresaliente,
          suficiente: sum.suficiente + r.suficiente,
          insuficiente: sum.insuficiente + r.insuficiente,
        }),
        EMPTY,
      );
      return {
        attribute_id: at.id,
        attribute_name: at.attribute_name,
        codigo: at.codigo,
        description: at.description,
        shared: at.shared,
        students: tally(overall),
        verdict: verdict(overall, targetOf(finalTargets, at.id)),
        trend: periods.flatMap((p) => {
          const row = byPeriod.find((r) => r.attribute_id === at.id && r.period_id === p.id);
          return row
            ? [{ ...period(p), students: tally(row), verdict: verdict(row, targetOf(periodTargets.get(p.id)!, at.id)) }]
            : [];
        }),
        subjects: subjects.map((s) => ({
          subject_id: s.subject_id,
          subject_key: s.subject_key,
          subject_name: s.subject_name,
          knowledge_level: s.knowledge_level,
          records: tally(s),
          activities: activitiesOf.get(`${at.id}:${s.subject_id}`) ?? [],
        })),
        records: tally(records),
      };
    }),
  };
}

/**
 * The curriculum map of a career: its subjects × attributes with the I/M/A levels, the levels no subject reaches per
 * attribute, and per attribute the activities with grades in the period (the active one when none is asked for).
 */
export async function buildCurriculumMap(
  db: DbOrTrx,
  careerId: number,
  periodId: number | undefined,
): Promise<CurriculumMapAnswer> {
  const career = await findCareer(db, careerId);
  let period: PeriodRow | undefined;
  if (periodId !== undefined) {
    period = (await listPeriodsById(db, [periodId]))[0];
    if (!period) throw fieldError('period_id', EVIDENCE_MSG.periodMissing);
  } else {
    period = await findActivePeriod(db);
  }
  const [attributes, subjects, levels, graded] = await Promise.all([
    listCareerAttributes(db, careerId),
    listCareerSubjects(db, careerId),
    listCareerLevels(db, careerId),
    period ? countGradedActivities(db, careerId, period.id) : Promise.resolve(null),
  ]);
  return {
    career,
    period: period ? { period_id: period.id, period_name: period.period_name, start_date: period.start_date } : null,
    attributes: attributes.map((at) => {
      const mine = levels.filter((l) => l.attribute_id === at.id);
      const counts = { I: 0, M: 0, A: 0 };
      for (const l of mine) counts[l.knowledge_level] += 1;
      return {
        attribute_id: at.id,
        attribute_name: at.attribute_name,
        codigo: at.codigo,
        shared: at.shared,
        levels: counts,
        missing_levels: KNOWLEDGE_LEVELS.filter((level) => counts[level] === 0),
        graded_activities: graded ? (graded.get(at.id) ?? 0) : null,
      };
    }),
    subjects: subjects.map((s) => ({
      ...s,
      levels: levels
        .filter((l) => l.subject_id === s.subject_id)
        .map((l) => ({ attribute_id: l.attribute_id, knowledge_level: l.knowledge_level })),
    })),
  };
}

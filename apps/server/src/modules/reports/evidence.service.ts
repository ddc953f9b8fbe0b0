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
import { findActivePeriod } from '../catalogues/index.js';
import {
  countRecordBandsBySubject,
  countStudentBands,
  countStudentBandsByPeriod,
  listCohortRatedSlots,
  type BandCountRow,
  type CohortScope,
} from '../ratings/index.js';
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

type EvidenceAttribute = EvidenceAnswer['attributes'][number];
type CareerAttribute = Awaited<ReturnType<typeof listCareerAttributes>>[number];
type EvidenceActivity = Omit<EvidenceActivityRow, 'attribute_id' | 'subject_id'>;

/** The cohort's counts the evidence is made of, read side by side. */
async function readCohortCounts(db: DbOrTrx, scope: CohortScope) {
  const [cohortSize, attributes, students, byPeriod, bySubject, activities] = await Promise.all([
    countCohort(db, scope),
    listCareerAttributes(db, scope.careerId),
    countStudentBands(db, scope),
    countStudentBandsByPeriod(db, scope),
    countRecordBandsBySubject(db, scope),
    listCohortRatedSlots(db, scope).then((slots) => listEvidenceActivities(db, scope, slots)),
  ]);
  return { cohortSize, attributes, students, byPeriod, bySubject, activitiesOf: groupActivities(activities) };
}
type CohortCounts = Awaited<ReturnType<typeof readCohortCounts>>;

/** The activities behind the numbers, by attribute and subject. */
function groupActivities(activities: readonly EvidenceActivityRow[]): Map<string, EvidenceActivity[]> {
  const activitiesOf = new Map<string, EvidenceActivity[]>();
  for (const { attribute_id, subject_id, ...activity } of activities) {
    const key = `${attribute_id}:${subject_id}`;
    const list = activitiesOf.get(key);
    if (list) list.push(activity);
    else activitiesOf.set(key, [activity]);
  }
  return activitiesOf;
}

/**
 * The targets the verdicts are judged against: each period's own, and the whole cohort's, those in force in the
 * latest period with ratings (else the active period).
 */
async function evidenceTargets(db: DbOrTrx, careerId: number, periods: readonly PeriodRow[]) {
  const targetPeriod = periods.at(-1) ?? (await findActivePeriod(db)) ?? null;
  const periodTargets = new Map(
    await Promise.all(periods.map(async (p) => [p.id, await targetsIn(db, careerId, p)] as const)),
  );
  const finalTargets =
    targetPeriod && periodTargets.has(targetPeriod.id)
      ? periodTargets.get(targetPeriod.id)!
      : await targetsIn(db, careerId, targetPeriod);
  return { targetPeriod, periodTargets, finalTargets };
}
type EvidenceTargets = Awaited<ReturnType<typeof evidenceTargets>>;

const targetOf = (targets: Map<number, number> | undefined, attributeId: number) =>
  targets?.get(attributeId) ?? DEFAULT_ATTRIBUTE_TARGET;
const periodOf = (p: PeriodRow) => ({ period_id: p.id, period_name: p.period_name, start_date: p.start_date });

/** The records of an attribute in every subject, together. */
function sumBands(rows: readonly BandCountRow[]): BandCountRow {
  return rows.reduce<BandCountRow>(
    (sum, r) => ({
      total: sum.total + r.total,
      sobresaliente: sum.sobresaliente + r.sobresaliente,
      suficiente: sum.suficiente + r.suficiente,
      insuficiente: sum.insuficiente + r.insuficiente,
    }),
    EMPTY,
  );
}

/** One attribute's evidence: its students by band and verdict, its trend over the periods, its subjects. */
function attributeEvidence(
  at: CareerAttribute,
  counts: CohortCounts,
  periods: readonly PeriodRow[],
  targets: EvidenceTargets,
): EvidenceAttribute {
  const overall = counts.students.find((r) => r.attribute_id === at.id) ?? EMPTY;
  const subjects = counts.bySubject.filter((r) => r.attribute_id === at.id);
  return {
    attribute_id: at.id,
    attribute_name: at.attribute_name,
    codigo: at.codigo,
    description: at.description,
    shared: at.shared,
    students: tally(overall),
    verdict: verdict(overall, targetOf(targets.finalTargets, at.id)),
    trend: periods.flatMap((p) => {
      const row = counts.byPeriod.find((r) => r.attribute_id === at.id && r.period_id === p.id);
      const target = targetOf(targets.periodTargets.get(p.id), at.id);
      return row ? [{ ...periodOf(p), students: tally(row), verdict: verdict(row, target) }] : [];
    }),
    subjects: subjects.map((s) => ({
      subject_id: s.subject_id,
      subject_key: s.subject_key,
      subject_name: s.subject_name,
      knowledge_level: s.knowledge_level,
      records: tally(s),
      activities: counts.activitiesOf.get(`${at.id}:${s.subject_id}`) ?? [],
    })),
    records: tally(sumBands(subjects)),
  };
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
  const counts = await readCohortCounts(db, scope);
  const periods = await listPeriodsById(db, [...new Set(counts.byPeriod.map((r) => r.period_id))]);
  const targets = await evidenceTargets(db, scope.careerId, periods);
  return {
    institution,
    career,
    generation: {
      id: generation.id,
      generation_name: generationName(generation.start_date, generation.end_date),
      start_date: generation.start_date,
      end_date: generation.end_date,
    },
    cohort_size: counts.cohortSize,
    periods: periods.map(periodOf),
    target_period: targets.targetPeriod ? periodOf(targets.targetPeriod) : null,
    generated_at: now.toISOString(),
    attributes: counts.attributes.map((at) => attributeEvidence(at, counts, periods, targets)),
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

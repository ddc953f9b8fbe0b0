import {
  DEFAULT_ATTRIBUTE_TARGET,
  IMPROVEMENT_MSG,
  PERFORMANCE_DEFINITIONS,
  PERFORMANCE_MSG,
  generationName,
  percent,
  verdict,
  type PerformanceAnswer,
} from '@egreso/domain';
import type { DbOrTrx } from '../../db/types.js';
import { fieldError } from '../../lib/http-errors.js';
import { fileDay } from '../../lib/time.js';
import { writeWorkbookSheets } from '../../lib/xlsx.js';
import { countCohort, findCohortCareer, findCohortGeneration, listEffectiveTargets } from '../reports/index.js';
import { countRecordBandsBySubjectPeriod, type CohortScope } from '../ratings/index.js';
import {
  countGraduatedInTerm,
  countPeriodFlows,
  listCohortPeriods,
  listSubjectCareerAttributes,
  listSubjectFailures,
  type SubjectFailureRow,
} from './performance.repository.js';

const TOP = 3;

/** A subject's failures in a period as the answer shows them. */
const shape = (f: SubjectFailureRow) => ({
  subject_id: f.subject_id,
  subject_key: f.subject_key,
  subject_name: f.subject_name,
  students_with_final: f.with_final,
  failed: f.failed,
  failure_rate: percent(f.failed, f.with_final),
});

/** What the subjects failed most are judged with: their attributes, the cohort's records by band, the targets. */
interface FailureEvidence {
  attributes: Awaited<ReturnType<typeof listSubjectCareerAttributes>>;
  bands: Awaited<ReturnType<typeof countRecordBandsBySubjectPeriod>>;
  targets: Map<number, Awaited<ReturnType<typeof listEffectiveTargets>>>;
}

/**
 * The attributes a subject failed most in a period is linked to, each with the cohort's records of that subject in that
 * period judged with the evidence's verdict against the period's target (null share and met without records).
 */
function judgedAttributes({ attributes, bands, targets }: FailureEvidence, subjectId: number, periodId: number) {
  return attributes
    .filter((a) => a.subject_id === subjectId)
    .map((a) => {
      const counts = bands.find(
        (b) => b.attribute_id === a.attribute_id && b.subject_id === subjectId && b.period_id === periodId,
      );
      const target =
        targets.get(periodId)!.find((t) => t.attribute_id === a.attribute_id)?.target ?? DEFAULT_ATTRIBUTE_TARGET;
      const v = counts ? verdict(counts, target) : null;
      return {
        attribute_id: a.attribute_id,
        attribute_name: a.attribute_name,
        codigo: a.codigo,
        shared: a.attribute_career_id === null,
        share: v?.share ?? null,
        met: v?.met ?? null,
      };
    });
}

/**
 * The school performance indices of a cohort per period (CACEI 4.3): students at the start and at the end, dropouts,
 * graduations, failure per subject and terminal efficiency; each subject failed most is linked to its attributes with
 * the cohort's records of that subject in that period (the evidence's per-subject count), judged with the evidence's
 * verdict against the period's target.
 */
export async function buildPerformance(
  db: DbOrTrx,
  scope: CohortScope,
  institution: string,
  now = new Date(),
): Promise<PerformanceAnswer> {
  const found = await findCohortCareer(db, scope.careerId);
  if (!found) throw fieldError('career_id', IMPROVEMENT_MSG.careerMissing);
  const career = { id: found.id, career_key: found.career_key, name: found.name };
  const generation = await findCohortGeneration(db, scope.generationId);
  if (!generation) throw fieldError('generation_id', PERFORMANCE_MSG.generationMissing);
  const periods = await listCohortPeriods(db, generation);
  const ids = periods.map((p) => p.id);
  const [size, flows, graduatedInTerm, failures] = await Promise.all([
    countCohort(db, scope),
    countPeriodFlows(db, scope, ids),
    countGraduatedInTerm(db, scope, generation.end_date),
    listSubjectFailures(db, scope, ids),
  ]);
  const topOf = (periodId: number) => failures.filter((f) => f.period_id === periodId && f.failed > 0).slice(0, TOP);
  const topSubjectIds = [...new Set(periods.flatMap((p) => topOf(p.id).map((f) => f.subject_id)))];
  const [attributes, bands] = await Promise.all([
    listSubjectCareerAttributes(db, scope.careerId, topSubjectIds),
    countRecordBandsBySubjectPeriod(db, scope, { subjectIds: topSubjectIds, periodIds: ids }),
  ]);
  const targets = new Map(
    await Promise.all(periods.map(async (p) => [p.id, await listEffectiveTargets(db, scope.careerId, p)] as const)),
  );
  return {
    institution,
    career,
    generation: { ...generation, generation_name: generationName(generation.start_date, generation.end_date) },
    starting_size: size,
    periods: periods.map((p) => {
      const flow = flows.get(p.id) ?? { at_start: 0, at_end: 0, dropouts: 0, graduations: 0 };
      return {
        period_id: p.id,
        period_name: p.period_name,
        start_date: p.start_date,
        students_at_start: flow.at_start,
        dropouts: flow.dropouts,
        dropout_rate: percent(flow.dropouts, flow.at_start),
        graduations: flow.graduations,
        students_at_end: flow.at_end,
        balanced: flow.at_start === flow.dropouts + flow.graduations + flow.at_end,
        subjects: failures.filter((f) => f.period_id === p.id).map(shape),
        top_failures: topOf(p.id).map((f) => ({
          ...shape(f),
          attributes: judgedAttributes({ attributes, bands, targets }, f.subject_id, p.id),
        })),
      };
    }),
    terminal_efficiency: { graduated: graduatedInTerm, starting_size: size, rate: percent(graduatedInTerm, size) },
    definitions: [...PERFORMANCE_DEFINITIONS],
    generated_at: now.toISOString(),
  };
}

/** The indices as a workbook: per period, failures per subject, and the definitions. */
export async function buildPerformanceWorkbook(
  answer: PerformanceAnswer,
  now = new Date(),
): Promise<{ fileName: string; buffer: Buffer }> {
  const buffer = await writeWorkbookSheets([
    {
      name: 'Indicadores',
      filter: true,
      header: [
        'Periodo',
        'Alumnos al inicio',
        'Bajas en el periodo',
        'Deserción (%)',
        'Graduados en el periodo',
        'Alumnos al final',
      ],
      rows: answer.periods.map((p) => [
        p.period_name,
        p.students_at_start,
        p.dropouts,
        p.dropout_rate,
        p.graduations,
        p.students_at_end,
      ]),
    },
    {
      name: 'Reprobación',
      filter: true,
      header: ['Periodo', 'Clave', 'Materia', 'Alumnos con final', 'Reprobados', 'Reprobación (%)'],
      rows: answer.periods.flatMap((p) =>
        p.subjects.map((s) => [
          p.period_name,
          s.subject_key,
          s.subject_name,
          s.students_with_final,
          s.failed,
          s.failure_rate,
        ]),
      ),
    },
    {
      name: 'Definiciones',
      header: ['Carrera', answer.career.name],
      rows: [
        ['Generación', answer.generation.generation_name],
        ['Tamaño inicial', answer.starting_size],
        ['Eficiencia terminal (%)', answer.terminal_efficiency.rate],
        ['Graduados en los nueve semestres', answer.terminal_efficiency.graduated],
        ...answer.definitions.map((d) => ['Definición', d]),
      ],
    },
  ]);
  return { fileName: `rendimiento_${answer.generation.generation_name}_${fileDay(now)}.xlsx`, buffer };
}

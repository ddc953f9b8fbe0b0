import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type {
  CurriculumMapAnswer,
  DivisionSummary,
  EvidenceAnswer,
  ImprovementAction,
  ImprovementMeasure,
  TargetsAnswer,
} from '@egreso/domain';
import { as, createTestApp, onPostgres, type TestContext, type TestUser } from '../harness.js';
import { clearInstitution, createPool, loadInstitution, type Loaded, type Pool } from './load.js';
import { ACTIVE_PERIOD, GENERATIONS, institution, type Institution } from './model.js';
import { Reference, bandOf, percentOf, tallyOf } from './reference.js';

/*
 * The oracle: generated institutions (./model.ts) written to the database, every figure the API answers for them
 * compared with DESIGN §3's definitions computed plainly (./reference.ts), as the roles that see them. A failing case
 * prints fast-check's seed and the shrunk institution; `ORACLE_RUNS=500 npm run test:oracle` runs a longer search.
 */

/** Institutions per property: 15 in `npm test`, 500 in `npm run test:oracle`, or ORACLE_RUNS. */
const LONG = process.env.ORACLE_LONG !== undefined;
const RUNS = Number(process.env.ORACLE_RUNS ?? (LONG ? 500 : 15));
/** Only the default run is bounded in time (a slow machine draws fewer institutions rather than stalling the suite). */
const BOUNDED = !LONG && process.env.ORACLE_RUNS === undefined;
/** Shrinking a failure takes many cases: a property may run for minutes before it reports. */
const TIMEOUT = 20 * 60_000;
const SEED = process.env.ORACLE_SEED === undefined ? undefined : Number(process.env.ORACLE_SEED);

let ctx: TestContext & { close: () => Promise<void> };
let pool: Pool;
const compared = { institutions: 0, figures: 0, kinds: new Map<string, number>() };

beforeAll(async () => {
  ctx = await createTestApp();
  pool = await createPool(ctx);
}, 120_000);
afterAll(async () => {
  if (process.env.ORACLE_VERBOSE)
    console.log(
      `oracle (${onPostgres ? 'PostgreSQL' : 'SQLite'}): ${compared.institutions} institutions, ${compared.figures} figures`,
      Object.fromEntries([...compared.kinds].sort()),
    );
  await clearInstitution(ctx);
  await ctx.close();
});

/** Collects the differences of one institution; each comparison counts as one figure. */
class Check {
  readonly diffs: string[] = [];
  eq(what: string, got: unknown, want: unknown) {
    compared.figures += 1;
    const kind = what
      .replace(
        /\b(chief|career|gen|attribute|period|sheet|dashboard|student|subject|group report|id|verdict|failure)\s*[\d/]+/g,
        '$1',
      )
      .trim();
    compared.kinds.set(kind, (compared.kinds.get(kind) ?? 0) + 1);
    if (JSON.stringify(got) !== JSON.stringify(want))
      this.diffs.push(`${what}: expected ${JSON.stringify(want)}, got ${JSON.stringify(got)}`);
  }
  done() {
    if (this.diffs.length)
      throw new Error(`${this.diffs.length} figure(s) differ:\n${this.diffs.slice(0, 25).join('\n')}`);
  }
}

async function get(user: TestUser, url: string) {
  const res = await as(ctx, user, { method: 'GET', url: `/api${url}` });
  return res;
}
async function getJson<T>(user: TestUser, url: string): Promise<T> {
  const res = await get(user, url);
  if (res.statusCode !== 200) throw new Error(`GET ${url}: ${res.statusCode} ${res.body}`);
  return res.json() as T;
}

const t1 = (tenths: number | null) => (tenths === null ? null : tenths / 10);
const sortBy = <T>(rows: T[], key: (r: T) => string) => [...rows].sort((a, b) => key(a).localeCompare(key(b)));

/** The chiefs (with the model's careers each holds) and the administrator (every career). */
function viewersOf(m: Institution, ids: Loaded) {
  return [
    ...ids.chiefs.map((ch, i) => ({ who: `chief ${i}`, user: ch.user, careers: ch.careers })),
    { who: 'admin', user: ids.admin, careers: Array.from({ length: m.careers }, (_, i) => i) },
  ];
}

/**
 * `ORACLE_AVOID=shared,undone` draws only institutions without shared attributes (no career) or without a Baja undone
 * within a period (several changes in one period): to look past a known discrepancy for others while it is being fixed. The default draws everything.
 */
const AVOID = new Set((process.env.ORACLE_AVOID ?? '').split(',').filter(Boolean));
const drawn = institution.filter(
  (m) =>
    !(AVOID.has('shared') && m.attributes.some((a) => a.career === null)) &&
    !(
      AVOID.has('undone') &&
      m.students.some((s) => s.changes.some((c, i) => s.changes.slice(i + 1).some((d) => d.period === c.period)))
    ),
);

/** Runs a property over generated institutions: each case loads its institution and checks it. */
async function property(check: (m: Institution, ids: Loaded, ref: Reference, c: Check) => Promise<void>) {
  await fc.assert(
    fc.asyncProperty(drawn, async (m) => {
      const ids = await loadInstitution(ctx, pool, m);
      compared.institutions += 1;
      const c = new Check();
      await check(m, ids, new Reference(m), c);
      c.done();
    }),
    // In `npm test`, a failing property stops shrinking after a while and reports the smallest case found so far.
    { numRuns: RUNS, seed: SEED, interruptAfterTimeLimit: BOUNDED ? 40_000 : undefined },
  );
}

describe(`figures against DESIGN §3 on generated institutions (${onPostgres ? 'PostgreSQL' : 'SQLite'})`, () => {
  it(
    'teacher: grade sheet students and finals, dashboard and Pendientes, group report bands',
    async () => {
      await property(async (m, ids, ref, c) => {
        for (const [ai, a] of m.assignments.entries()) {
          const teacher = ids.teachers[a.teacher]!;
          const sheet = await getJson<{
            students: Array<{ id: number }>;
            finals: Array<{ user_id: number; final: number | null }>;
          }>(teacher, `/grade-sheets/${ids.assignments[ai]}`);
          const students = ref.sheetStudents(ai);
          c.eq(
            `sheet ${ai} students`,
            sheet.students.map((s) => s.id).sort((x, y) => x - y),
            students.map((s) => ids.students[s]!.id).sort((x, y) => x - y),
          );
          c.eq(
            `sheet ${ai} finals`,
            sortBy(sheet.finals, (f) => String(f.user_id).padStart(9)),
            sortBy(
              students.map((s) => ({ user_id: ids.students[s]!.id, final: t1(ref.finalOf(s, ai)) })),
              (f) => String(f.user_id).padStart(9),
            ),
          );
          // The teacher's graphic report: band counts of the sheet's students per attribute of the subject.
          const report = await getJson<{
            atributos: Array<{ attribute_id: number; sobresaliente: number; suficiente: number; insuficiente: number }>;
          }>(
            teacher,
            `/reportes/grupo?subject_id=${ids.subjects[a.subject]}&group_id=${ids.groups[a.group]}&period_id=${ids.periods[a.period]}`,
          );
          const want = m.subjects[a.subject]!.attributes.map((at) => {
            const counts = { attribute_id: ids.attributes[at]!, sobresaliente: 0, suficiente: 0, insuficiente: 0 };
            for (const s of students) {
              const r = ref.rating(s, a.subject, at, { period: a.period, group: a.group });
              if (r === null) continue;
              const b = bandOf(r);
              if (b === 'Sobresaliente') counts.sobresaliente += 1;
              else if (b === 'Suficiente') counts.suficiente += 1;
              else counts.insuficiente += 1;
            }
            return counts;
          });
          c.eq(
            `group report ${ai} bands`,
            sortBy(
              report.atributos.map((r) => ({
                attribute_id: r.attribute_id,
                sobresaliente: r.sobresaliente,
                suficiente: r.suficiente,
                insuficiente: r.insuficiente,
              })),
              (r) => String(r.attribute_id).padStart(9),
            ),
            sortBy(want, (r) => String(r.attribute_id).padStart(9)),
          );
        }
        for (const [ti, t] of m.teachers.entries()) {
          for (const career of t.careers) {
            const dash = await getJson<{
              cards: { students: number; activities: number; subjects: number };
              pendientes: Array<{ id: number; professor_subject_id: number; students: number; graded: number }>;
            }>(ids.teachers[ti]!, `/profesor/dashboard?career_id=${ids.careers[career]}`);
            const mine = m.assignments
              .map((a, ai) => ({ a, ai }))
              .filter(({ a }) => a.teacher === ti && a.career === career && a.period === ACTIVE_PERIOD);
            const acts = m.activities
              .map((act, i) => ({ act, i }))
              .filter(({ act }) => mine.some((x) => x.ai === act.assignment));
            const everyone = new Set(mine.flatMap(({ ai }) => ref.sheetStudents(ai)));
            c.eq(`dashboard ${ti}/${career} cards`, dash.cards, {
              students: everyone.size,
              activities: acts.length,
              subjects: new Set(mine.map(({ a }) => a.subject)).size,
            });
            c.eq(
              `dashboard ${ti}/${career} pendientes`,
              sortBy(
                dash.pendientes.map((p) => ({ id: p.id, students: p.students, graded: p.graded })),
                (p) => String(p.id).padStart(9),
              ),
              sortBy(
                acts.map(({ act, i }) => ({
                  id: ids.activities[i]!,
                  students: ref.sheetStudents(act.assignment).length,
                  graded: ref
                    .sheetStudents(act.assignment)
                    .filter((s) => m.grades.some((g) => g.student === s && g.activity === i && g.tenths !== null))
                    .length,
                })),
                (p) => String(p.id).padStart(9),
              ),
            );
          }
        }
      });
    },
    TIMEOUT,
  );

  it(
    'student: dashboard, global report, attribute profile and the download of their data',
    async () => {
      await property(async (m, ids, ref, c) => {
        for (const [si] of m.students.entries()) {
          const student = ids.students[si]!;
          const averages = ref.globalAverages(si);
          const byId = new Map([...averages].map(([a, t]) => [ids.attributes[a]!, t / 10]));
          const global = await getJson<{ atributos: Array<{ attribute_id: number; promedio: number }> }>(
            student,
            `/reportes/alumno/${student.id}/global`,
          );
          c.eq(
            `student ${si} global`,
            sortBy(
              global.atributos.map((a) => [a.attribute_id, a.promedio]),
              (r) => String(r[0]).padStart(9),
            ),
            sortBy([...byId], (r) => String(r[0]).padStart(9)),
          );
          const dash = await getJson<{
            enrolled_subjects: number;
            graded_activities: number;
            attributes: Array<{ attribute_id: number; promedio: number | null }>;
          }>(student, `/alumno/${student.id}/tablero`);
          c.eq(
            `student ${si} dashboard counters`,
            [dash.enrolled_subjects, dash.graded_activities],
            [
              m.enrolments.filter((e) => e.student === si && e.period === ACTIVE_PERIOD).length,
              m.grades.filter((g) => g.student === si && g.tenths !== null).length,
            ],
          );
          const listed = new Set(
            m.enrolments.filter((e) => e.student === si).flatMap((e) => m.subjects[e.subject]!.attributes),
          );
          c.eq(
            `student ${si} dashboard averages`,
            sortBy(
              dash.attributes.map((a) => [a.attribute_id, a.promedio]),
              (r) => String(r[0]).padStart(9),
            ),
            sortBy(
              [...listed].map((a) => [ids.attributes[a]!, averages.has(a) ? averages.get(a)! / 10 : null]),
              (r) => String(r[0]).padStart(9),
            ),
          );
          const profile = await getJson<{
            atributos: Array<{
              attribute_id: number;
              promedio: number;
              subjects: Array<{ subject_id: number; rating: number }>;
            }>;
          }>(student, `/alumno/${student.id}/perfil-atributos`);
          c.eq(
            `student ${si} profile`,
            sortBy(
              profile.atributos.flatMap((a) =>
                a.subjects.map((s) => [a.attribute_id, a.promedio, s.subject_id, s.rating].join('/')),
              ),
              (x) => x,
            ),
            sortBy(
              ref
                .ratingsOf(si)
                .map((r) =>
                  [
                    ids.attributes[r.attribute]!,
                    averages.get(r.attribute)! / 10,
                    ids.subjects[r.subject]!,
                    r.tenths / 10,
                  ].join('/'),
                ),
              (x) => x,
            ),
          );
          // The download of the student's data: its 'Atributos' sheet holds the same ratings and averages.
          const file = await get(student, `/alumno/${student.id}/datos`);
          c.eq(`student ${si} data export status`, file.statusCode, 200);
          if (file.statusCode === 200) {
            const rows = (await sheetRows(file.rawPayload, 'Atributos')).map((r) => [r[0], r[1], r[3], r[4]].join('|'));
            c.eq(
              `student ${si} data export ratings`,
              rows.sort(),
              ref
                .ratingsOf(si)
                .map((r) =>
                  [
                    `Atributo ${r.attribute + 1}`,
                    `Materia ${r.subject + 1}`,
                    r.tenths / 10,
                    averages.get(r.attribute)! / 10,
                  ].join('|'),
                )
                .sort(),
            );
          }
        }
      });
    },
    TIMEOUT,
  );

  it(
    'division report: /reportes/flex records and counters, and the export, for each chief and the admin',
    async () => {
      await property(async (m, ids, ref, c) => {
        for (const v of viewersOf(m, ids))
          for (const [gi] of GENERATIONS.entries()) {
            const filters: Array<{ label: string; query: string; only: { subject?: number; period?: number } }> = [
              { label: 'all', query: '', only: {} },
              // Each subject (the screen always sends one) for the admin and the first chief, on the first generation.
              ...(gi === 0 && (v.user === ids.admin || v.user === ids.chiefs[0]!.user)
                ? m.subjects.map((_, s) => ({
                    label: `subject ${s}`,
                    query: `&subject_id=${ids.subjects[s]}`,
                    only: { subject: s },
                  }))
                : []),
              ...[1].map((p) => ({ label: `period ${p}`, query: `&period_id=${ids.periods[p]}`, only: { period: p } })),
            ];
            for (const f of filters) {
              const url = `/reportes/flex?generation_id=${ids.generations[gi]}${f.query}`;
              const got = await getJson<
                Array<{
                  attribute_id: number;
                  subject_id: number;
                  attributerating: number;
                  user: { id: number; gender: number | null };
                }>
              >(v.user, url);
              const want: WantRecord[] = ref.flexRecords(v.careers, gi, f.only).map((r) => ({
                attribute_id: ids.attributes[r.attribute]!,
                subject_id: ids.subjects[r.subject]!,
                attributerating: r.tenths / 10,
                user: { id: ids.students[r.student]!.id, gender: m.students[r.student]!.gender },
              }));
              const key = (r: WantRecord) => `${r.user.id}/${r.subject_id}/${r.attribute_id}`;
              const label = `${v.who} flex gen ${gi} ${f.label}`;
              const shown: WantRecord[] = got.map((r) => ({
                attribute_id: r.attribute_id,
                subject_id: r.subject_id,
                attributerating: r.attributerating,
                user: { id: r.user.id, gender: r.user.gender },
              }));
              c.eq(`${label} records`, sortBy(shown, key), sortBy(want, key));
              const counters = (rows: WantRecord[]) => ({
                alumnos: new Set(rows.map((r) => r.user.id)).size,
                registros: rows.length,
                hombres: new Set(rows.filter((r) => r.user.gender === 1).map((r) => r.user.id)).size,
                mujeres: new Set(rows.filter((r) => r.user.gender === 2).map((r) => r.user.id)).size,
              });
              c.eq(`${label} counters`, counters(shown), counters(want));
              // The summary the screen draws (and the workbook writes): the same counters and each attribute's tally.
              await checkSummary(c, ids, m, v.user, url.replace('/flex?', '/flex/resumen?'), label, want);
              if (f.only.period === undefined)
                await checkExport(c, ids, m, v.user, `${url.replace('/flex?', '/flex/export?')}`, label, want);
            }
          }
      });
    },
    TIMEOUT,
  );

  it(
    "cohort evidence, curriculum map, targets, and improvement actions' finding and measured result",
    async () => {
      await property(async (m, ids, ref, c) => {
        for (const v of viewersOf(m, ids))
          for (const career of v.careers)
            for (const [gi] of GENERATIONS.entries()) {
              const got = await getJson<EvidenceAnswer>(
                v.user,
                `/reportes/evidencia?career_id=${ids.careers[career]}&generation_id=${ids.generations[gi]}`,
              );
              const label = `${v.who} evidence career ${career} gen ${gi}`;
              c.eq(`${label} cohort_size`, got.cohort_size, ref.cohort(gi, career).length);
              const attributes = ref.careerAttributes(career);
              c.eq(
                `${label} attributes`,
                got.attributes.map((a) => a.attribute_id).sort((x, y) => x - y),
                attributes.map((a) => ids.attributes[a]!).sort((x, y) => x - y),
              );
              for (const at of attributes) {
                const g = got.attributes.find((a) => a.attribute_id === ids.attributes[at]);
                if (!g) continue;
                const want = ref.evidence(gi, career, at);
                const al = `${label} attribute ${at}`;
                c.eq(`${al} students`, g.students, want.students);
                c.eq(`${al} verdict`, g.verdict, want.verdict);
                c.eq(`${al} records`, g.records, want.records);
                c.eq(
                  `${al} subjects`,
                  sortBy(
                    g.subjects.map((s) => [s.subject_id, s.records] as const),
                    (r) => String(r[0]).padStart(9),
                  ),
                  sortBy(
                    [...want.subjects].map(([s, t]) => [ids.subjects[s]!, t] as const),
                    (r) => String(r[0]).padStart(9),
                  ),
                );
                // Every period with data is a trend point; a point of another period counts nobody.
                const points = new Map(g.trend.map((t) => [t.period_id, t]));
                for (const [p, w] of want.trend)
                  c.eq(`${al} trend period ${p}`, points.get(ids.periods[p]!)?.students, w.students);
                for (const [p, w] of want.trend)
                  c.eq(`${al} trend verdict ${p}`, points.get(ids.periods[p]!)?.verdict, w.verdict);
                for (const t of g.trend)
                  if (![...want.trend.keys()].some((p) => ids.periods[p] === t.period_id))
                    c.eq(`${al} trend period id ${t.period_id} total`, t.students.total, 0);
              }
            }
        // The curriculum map (active period) and the targets in force (none written: 70 % for every attribute).
        for (const v of viewersOf(m, ids))
          for (const career of v.careers) {
            const label = `${v.who} map career ${career}`;
            const map = await getJson<CurriculumMapAnswer>(
              v.user,
              `/reportes/mapa-curricular?career_id=${ids.careers[career]}`,
            );
            c.eq(
              label,
              sortBy(
                map.attributes.map((a) => ({
                  attribute_id: a.attribute_id,
                  levels: a.levels,
                  missing_levels: a.missing_levels,
                  graded_activities: a.graded_activities,
                })),
                (a) => String(a.attribute_id).padStart(9),
              ),
              sortBy(
                ref.curriculumMap(career, ACTIVE_PERIOD).map((a) => ({
                  attribute_id: ids.attributes[a.attribute]!,
                  levels: a.levels,
                  missing_levels: a.missing_levels,
                  graded_activities: a.graded_activities,
                })),
                (a) => String(a.attribute_id).padStart(9),
              ),
            );
            const targets = await getJson<TargetsAnswer>(
              v.user,
              `/reportes/metas?career_id=${ids.careers[career]}&period_id=${ids.periods[ACTIVE_PERIOD]}`,
            );
            c.eq(
              `${v.who} targets career ${career}`,
              targets.targets.map((t) => [t.attribute_id, t.target]).sort((x, y) => x[0]! - y[0]!),
              ref
                .careerAttributes(career)
                .map((a) => [ids.attributes[a]!, 70])
                .sort((x, y) => x[0]! - y[0]!),
            );
          }

        // Improvement actions of each one-career chief, on every attribute with a finding in the first two periods,
        // applied in the next period: the finding and the measured result as the evidence counts them.
        for (const ch of ids.chiefs.filter((x) => x.careers.length === 1)) {
          const career = ch.careers[0]!;
          const written: Array<{ attribute: number; finding: number }> = [];
          for (const at of ref.careerAttributes(career)) {
            const trend = ref.evidence(0, career, at).trend;
            const finding = [0, 1].find((p) => trend.has(p));
            if (finding === undefined) continue;
            const res = await as(ctx, ch.user, {
              method: 'POST',
              url: '/api/reportes/acciones-mejora',
              payload: {
                career_id: ids.careers[career],
                generation_id: ids.generations[0],
                attribute_id: ids.attributes[at],
                finding_period_id: ids.periods[finding],
                period_id: ids.periods[finding + 1],
                cause: 'Causa generada',
                action: 'Acción generada',
                subject_ids: [],
              },
            });
            c.eq(`action career ${career} attribute ${at} created`, res.statusCode, 201);
            if (res.statusCode === 201) written.push({ attribute: at, finding });
          }
          if (!written.length) continue;
          const list = await getJson<{ data?: ImprovementAction[] } | ImprovementAction[]>(
            ch.user,
            `/reportes/acciones-mejora?career_id=${ids.careers[career]}&generation_id=${ids.generations[0]}`,
          );
          const actions = Array.isArray(list) ? list : (list.data ?? []);
          for (const w of written) {
            const got = actions.find((a) => a.attribute.id === ids.attributes[w.attribute]);
            const trend = ref.evidence(0, career, w.attribute).trend;
            const measure = (p: number, target: number) => {
              const point = trend.get(p);
              if (!point) return null;
              const ok = point.students.sobresaliente + point.students.suficiente;
              return {
                students: point.students.total,
                share: point.verdict.share,
                met: ok * 100 >= target * point.students.total,
                critical: point.verdict.critical,
              };
            };
            const al = `action career ${career} attribute ${w.attribute}`;
            c.eq(`${al} finding`, got && { ...pickMeasure(got.finding), target: got.finding.target }, {
              ...measure(w.finding, 70),
              target: 70,
            });
            c.eq(`${al} measured`, got && got.measured && pickMeasure(got.measured), measure(w.finding + 1, 70));
          }
        }
      });
    },
    TIMEOUT,
  );

  it(
    'performance indices: students at the start, failure per subject, dropout, graduations, terminal efficiency',
    async () => {
      await property(async (m, ids, ref, c) => {
        for (const v of viewersOf(m, ids))
          for (const career of v.careers)
            for (const [gi] of GENERATIONS.entries()) {
              const got = await getJson<{
                starting_size: number;
                periods: Array<{
                  period_id: number;
                  students_at_start: number;
                  dropouts: number;
                  dropout_rate: number;
                  graduations: number;
                  students_at_end: number;
                  balanced: boolean;
                  subjects: Array<{
                    subject_id: number;
                    students_with_final: number;
                    failed: number;
                    failure_rate: number;
                  }>;
                  top_failures: Array<{
                    subject_id: number;
                    attributes: Array<{ attribute_id: number; share: number | null; met: boolean | null }>;
                  }>;
                }>;
                terminal_efficiency: { graduated: number; starting_size: number; rate: number };
              }>(v.user, `/reportes/rendimiento?generation_id=${ids.generations[gi]}&career_id=${ids.careers[career]}`);
              const want = ref.indices(gi, career);
              const label = `${v.who} indices career ${career} gen ${gi}`;
              c.eq(`${label} starting_size`, got.starting_size, want.starting_size);
              c.eq(`${label} terminal_efficiency`, got.terminal_efficiency, want.terminal_efficiency);
              c.eq(
                `${label} periods`,
                got.periods.map((p) => p.period_id),
                want.periods.map((p) => ids.periods[p.period]),
              );
              for (const p of want.periods) {
                const g = got.periods.find((x) => x.period_id === ids.periods[p.period]);
                if (!g) continue;
                const pl = `${label} period ${p.period}`;
                c.eq(`${pl} students_at_start`, g.students_at_start, p.students_at_start);
                c.eq(`${pl} dropouts`, [g.dropouts, g.dropout_rate], [p.dropouts, p.dropout_rate]);
                c.eq(
                  `${pl} graduations, students at the end, balance`,
                  [g.graduations, g.students_at_end, g.balanced],
                  [p.graduations, p.students_at_end, p.balanced],
                );
                c.eq(
                  `${pl} failure per subject`,
                  sortBy(
                    g.subjects.map((s) => [s.subject_id, s.students_with_final, s.failed, s.failure_rate]),
                    (r) => String(r[0]).padStart(9),
                  ),
                  sortBy(
                    [...p.subjects].map(([s, r]) => [
                      ids.subjects[s]!,
                      r.with_final,
                      r.failed,
                      percentOf(r.failed, r.with_final),
                    ]),
                    (r) => String(r[0]).padStart(9),
                  ),
                );
                // The subjects failed most, each with the career's attributes it works and their share in the period.
                for (const top of g.top_failures) {
                  const subject = ids.subjects.indexOf(top.subject_id);
                  const works = m.subjects[subject]!.attributes.filter((a) => ref.careerAttributes(career).includes(a));
                  c.eq(
                    `${pl} top failure ${subject} attributes`,
                    sortBy(
                      top.attributes.map((a) => [a.attribute_id, a.share, a.met]),
                      (r) => String(r[0]).padStart(9),
                    ),
                    sortBy(
                      works.map((a) => {
                        // That subject's own records of the attribute in the period (the evidence's per-subject figure).
                        const v = ref.subjectPeriodVerdict(gi, career, a, subject, p.period);
                        return [ids.attributes[a]!, v.share, v.met];
                      }),
                      (r) => String(r[0]).padStart(9),
                    ),
                  );
                }
              }
            }
      });
    },
    TIMEOUT,
  );
});

const pickMeasure = (x: ImprovementMeasure) => ({
  students: x.students,
  share: x.share,
  met: x.met,
  critical: x.critical,
});

/** A workbook sheet's rows after the header, each as its cells' values. */
async function sheetRows(payload: Buffer, name: string): Promise<unknown[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(payload as unknown as ArrayBuffer);
  const out: unknown[][] = [];
  wb.getWorksheet(name)?.eachRow((row) => out.push((row.values as unknown[]).slice(1)));
  return out.slice(1);
}

type WantRecord = {
  attribute_id: number;
  subject_id: number;
  attributerating: number;
  user: { id: number; gender: number | null };
};

/**
 * `GET /reportes/flex/resumen` against the same records: students by gender, records, the 0-10 rule, and per
 * attribute (in the answer's order) its label, students, bands with their shares and the share at Suficiente or above.
 */
async function checkSummary(
  c: Check,
  ids: Loaded,
  m: Institution,
  user: TestUser,
  url: string,
  label: string,
  want: WantRecord[],
) {
  const got = await getJson<DivisionSummary>(user, url);
  const students = new Map(want.map((r) => [r.user.id, r.user.gender]));
  const genders = [...students.values()];
  const tenScale = want.length > 0 && Math.max(...want.map((r) => r.attributerating)) <= 10.5;
  const tenths = (r: WantRecord) => Math.round(r.attributerating * (tenScale ? 100 : 10));
  c.eq(
    `${label} summary counters`,
    [got.men, got.women, got.students, got.records, got.scaled_ten],
    [
      genders.filter((g) => g === 1).length,
      genders.filter((g) => g === 2).length,
      students.size,
      want.length,
      tenScale && want.some((r) => r.attributerating > 0),
    ],
  );
  const index = new Map(ids.attributes.map((id, i) => [id, i]));
  const listed = [...new Set(want.map((r) => r.attribute_id))];
  const careers = new Set(listed.map((id) => m.attributes[index.get(id)!]!.career).filter((k) => k !== null));
  const labelOf = (id: number) => {
    const i = index.get(id)!;
    const career = m.attributes[i]!.career;
    if (career === null) return `Atributo ${i + 1} (compartido)`;
    return careers.size > 1 ? `Atributo ${i + 1} (C${career + 1})` : `Atributo ${i + 1}`;
  };
  const expected = listed.map((id) => {
    const mine = want.filter((r) => r.attribute_id === id);
    const t = tallyOf(mine.map(tenths));
    const atLeastSufficient = percentOf(t.sobresaliente + t.suficiente, t.total);
    return [id, labelOf(id), new Set(mine.map((r) => r.user.id)).size, t, atLeastSufficient];
  });
  const answered = got.attributes.map((a) => [a.attribute_id, a.label, a.students, a.bands, a.sufficient_or_above_pct]);
  const byId = (rows: unknown[][]) => sortBy(rows, (r) => String(r[0]).padStart(9));
  c.eq(`${label} summary attributes`, byId(answered), byId(expected));
}

/** The export's 'Calificaciones' rows and 'Resumen' counts against the same records (with the reports' 0-10 rule). */
async function checkExport(
  c: Check,
  ids: Loaded,
  m: Institution,
  user: TestUser,
  url: string,
  label: string,
  want: WantRecord[],
) {
  const res = await get(user, url);
  if (want.length === 0) {
    c.eq(`${label} export status`, res.statusCode, 404);
    return;
  }
  c.eq(`${label} export status`, res.statusCode, 200);
  if (res.statusCode !== 200) return;
  const sheets = new Map(
    await Promise.all(['Calificaciones', 'Resumen'].map(async (n) => [n, await sheetRows(res.rawPayload, n)] as const)),
  );
  const rows = (name: string) => sheets.get(name)!;
  const tenScale = Math.max(...want.map((r) => r.attributerating)) <= 10.5;
  const value = (r: WantRecord) => (tenScale ? Math.round(r.attributerating * 100) / 10 : r.attributerating);
  const control = new Map(ids.students.map((s, i) => [s.id, `A${i + 1}`]));
  // A shared attribute (no career) is labelled so in the file, as on the screen.
  const attrName = new Map(
    ids.attributes.map((id, i) => [id, `Atributo ${i + 1}${m.attributes[i]!.career === null ? ' (compartido)' : ''}`]),
  );
  const subjectKey = new Map(ids.subjects.map((id, i) => [id, `M-${i + 1}`]));
  const detail = rows('Calificaciones').map((r) => [r[0], r[3], r[5], r[7], r[8]].join('|'));
  const expected = want.map((r) =>
    [
      control.get(r.user.id),
      subjectKey.get(r.subject_id),
      attrName.get(r.attribute_id),
      value(r),
      bandOf(Math.round(value(r) * 10)),
    ].join('|'),
  );
  c.eq(`${label} export rows`, [...detail].sort(), [...expected].sort());
  const summary = rows('Resumen').map((r) => r.slice(0, 9).join('|'));
  const byAttr = new Map<number, WantRecord[]>();
  for (const r of want) byAttr.set(r.attribute_id, [...(byAttr.get(r.attribute_id) ?? []), r]);
  const expectedSummary = [...byAttr].map(([a, list]) => {
    const bands = list.map((r) => bandOf(Math.round(value(r) * 10)));
    // Each count with its share as the summary answers it (percent, one decimal), in a '0.0%' cell.
    const counted = (['Sobresaliente', 'Suficiente', 'Insuficiente'] as const).flatMap((band) => {
      const n = bands.filter((b) => b === band).length;
      return [n, Math.round(percentOf(n, list.length) * 10) / 1000];
    });
    return [attrName.get(a), new Set(list.map((r) => r.user.id)).size, list.length, ...counted].join('|');
  });
  void m;
  c.eq(`${label} export summary`, [...summary].sort(), [...expectedSummary].sort());
}

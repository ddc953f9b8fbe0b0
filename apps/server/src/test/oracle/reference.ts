import { ACTIVE_PERIOD, GENERATIONS, PERIODS, STATUS, dayOf, type Institution } from './model.js';

/*
 * DESIGN §3's definitions written plainly over a generated institution's rows, sharing nothing with the server's SQL
 * or the domain's rules: loops over arrays, integers in tenths, and its own rounding. A one-decimal figure is the
 * exact quotient rounded half up (84.45 → 84.5), which on integers n >= 0, d > 0 is floor((2n + d) / 2d).
 */

export function roundHalfUp(n: number, d: number): number {
  return Math.floor((2 * n + d) / (2 * d));
}

/** Band of a one-decimal value given in tenths: < 70 Insuficiente, 70-89.9 Suficiente, >= 90 Sobresaliente. */
export type BandName = 'Insuficiente' | 'Suficiente' | 'Sobresaliente';
export function bandOf(tenths: number): BandName {
  if (tenths >= 900) return 'Sobresaliente';
  if (tenths >= 700) return 'Suficiente';
  return 'Insuficiente';
}

/** Percent with one decimal of part over total, as a number (0 of nothing is 0). */
export function percentOf(part: number, total: number): number {
  return total === 0 ? 0 : roundHalfUp(1000 * part, total) / 10;
}

/** Counts per band of values in tenths, with their percents. */
export function tallyOf(tenths: number[]) {
  const n = (b: BandName) => tenths.filter((t) => bandOf(t) === b).length;
  const [sobresaliente, suficiente, insuficiente] = [n('Sobresaliente'), n('Suficiente'), n('Insuficiente')];
  return {
    total: tenths.length,
    sobresaliente,
    suficiente,
    insuficiente,
    sobresaliente_pct: percentOf(sobresaliente, tenths.length),
    suficiente_pct: percentOf(suficiente, tenths.length),
    insuficiente_pct: percentOf(insuficiente, tenths.length),
  };
}

/** The share at Suficiente or above against a target (percent); no verdict without data; critical at 25 % Insuficiente. */
export function verdictOf(tenths: number[], target: number) {
  const ok = tenths.filter((t) => t >= 700).length;
  const low = tenths.length - ok;
  return {
    share: percentOf(ok, tenths.length),
    target,
    met: tenths.length === 0 ? null : ok * 100 >= target * tenths.length,
    critical: tenths.length > 0 && low * 100 >= 25 * tenths.length,
  };
}

/** Ponderation-weighted mean in tenths of the graded items (ungraded and weightless ones count for nothing). */
function weightedMean(items: Array<{ tenths: number | null; weight: number }>): number | null {
  let sum = 0;
  let weights = 0;
  for (const it of items) {
    if (it.tenths === null || it.weight <= 0) continue;
    sum += it.tenths * it.weight;
    weights += it.weight;
  }
  return weights === 0 ? null : roundHalfUp(sum, weights);
}

export class Reference {
  constructor(readonly m: Institution) {}

  private gradeOf(student: number, activity: number): number | null {
    return this.m.grades.find((g) => g.student === student && g.activity === activity)?.tenths ?? null;
  }

  private enrolled(student: number, subject: number, period: number): boolean {
    return this.m.enrolments.some((e) => e.student === student && e.subject === subject && e.period === period);
  }

  /** Students of a grade sheet: in the assignment's group and enrolled in its subject for its period. */
  sheetStudents(assignment: number): number[] {
    const a = this.m.assignments[assignment]!;
    return this.m.students
      .map((s, i) => ({ s, i }))
      .filter(({ s, i }) => s.groups.includes(a.group) && this.enrolled(i, a.subject, a.period))
      .map(({ i }) => i);
  }

  /** Final grade (tenths) of a student in an assignment. */
  finalOf(student: number, assignment: number): number | null {
    return weightedMean(
      this.m.activities
        .map((act, i) => ({ act, i }))
        .filter(({ act }) => act.assignment === assignment)
        .map(({ act, i }) => ({ tenths: this.gradeOf(student, i), weight: act.ponderation })),
    );
  }

  /**
   * Attribute rating (tenths) of a student in a subject: the weighted mean of their grades on the activities of that
   * subject's assignments linked to the attribute, optionally only the assignments of a period or a group.
   */
  rating(student: number, subject: number, attribute: number, only: { period?: number; group?: number } = {}) {
    return weightedMean(
      this.m.activities
        .map((act, i) => ({ act, i, a: this.m.assignments[act.assignment]! }))
        .filter(
          ({ act, a }) =>
            a.subject === subject &&
            act.attributes.includes(attribute) &&
            (only.period === undefined || a.period === only.period) &&
            (only.group === undefined || a.group === only.group),
        )
        .map(({ act, i }) => ({ tenths: this.gradeOf(student, i), weight: act.ponderation })),
    );
  }

  /** Every non-null rating of a student: [subject, attribute, tenths]. */
  ratingsOf(
    student: number,
    only: { period?: number } = {},
  ): Array<{ subject: number; attribute: number; tenths: number }> {
    const out: Array<{ subject: number; attribute: number; tenths: number }> = [];
    this.m.subjects.forEach((_, subject) =>
      this.m.attributes.forEach((_, attribute) => {
        const tenths = this.rating(student, subject, attribute, only);
        if (tenths !== null) out.push({ subject, attribute, tenths });
      }),
    );
    return out;
  }

  /** Global attribute averages of a student (tenths): the mean of their per-subject ratings of each attribute. */
  globalAverages(student: number): Map<number, number> {
    const by = new Map<number, number[]>();
    for (const r of this.ratingsOf(student)) by.set(r.attribute, [...(by.get(r.attribute) ?? []), r.tenths]);
    return new Map(
      [...by].map(([attribute, list]) => [
        attribute,
        roundHalfUp(
          list.reduce((a, b) => a + b, 0),
          list.length,
        ),
      ]),
    );
  }

  /** Whether some careers' reports count an attribute for a student: linked to one of them (or to none), the attribute that career's (or one of theirs) or shared. */
  private counts(student: number, attribute: number, careers: readonly number[]): boolean {
    const own = this.m.attributes[attribute]!.career;
    const linked = this.m.students[student]!.careers;
    // A student with no career link is every chief's until linked (DESIGN §5), for the shared attributes and theirs.
    if (linked.length === 0) return own === null || careers.includes(own);
    return careers.some((c) => linked.includes(c) && (own === null || own === c));
  }

  /** The division report's records for some careers and a generation, with the optional filters. */
  flexRecords(
    careers: readonly number[],
    generation: number,
    only: { subject?: number; period?: number; attribute?: number } = {},
  ): Array<{ student: number; subject: number; attribute: number; tenths: number }> {
    const out: Array<{ student: number; subject: number; attribute: number; tenths: number }> = [];
    this.m.students.forEach((s, student) => {
      if (s.generation !== generation) return;
      for (const r of this.ratingsOf(student, { period: only.period })) {
        if (only.subject !== undefined && r.subject !== only.subject) continue;
        if (only.attribute !== undefined && r.attribute !== only.attribute) continue;
        if (this.counts(student, r.attribute, careers)) out.push({ student, ...r });
      }
    });
    return out;
  }

  // ---------- cohort evidence ----------

  /** The attributes a career's reports list: its own and the shared ones. */
  careerAttributes(career: number): number[] {
    return this.m.attributes
      .map((a, i) => ({ a, i }))
      .filter(({ a }) => a.career === null || a.career === career)
      .map(({ i }) => i);
  }

  /**
   * A cohort's evidence of an attribute: students by the band of their global average (and per period, of the mean
   * of their ratings in that period's assignments), rating records by band per subject and together.
   */
  evidence(generation: number, career: number, attribute: number) {
    const cohort = this.cohort(generation, career);
    const studentTenths: number[] = [];
    const records: Array<{ subject: number; tenths: number }> = [];
    const byPeriod = new Map<number, number[]>();
    for (const s of cohort) {
      const mine = this.ratingsOf(s).filter((r) => r.attribute === attribute);
      if (mine.length)
        studentTenths.push(
          roundHalfUp(
            mine.reduce((a, r) => a + r.tenths, 0),
            mine.length,
          ),
        );
      for (const r of mine) records.push({ subject: r.subject, tenths: r.tenths });
      for (const [p] of PERIODS.entries()) {
        const there = this.ratingsOf(s, { period: p }).filter((r) => r.attribute === attribute);
        if (there.length)
          byPeriod.set(p, [
            ...(byPeriod.get(p) ?? []),
            roundHalfUp(
              there.reduce((a, r) => a + r.tenths, 0),
              there.length,
            ),
          ]);
      }
    }
    const bySubject = new Map<number, number[]>();
    for (const r of records) bySubject.set(r.subject, [...(bySubject.get(r.subject) ?? []), r.tenths]);
    return {
      students: tallyOf(studentTenths),
      verdict: verdictOf(studentTenths, 70),
      records: tallyOf(records.map((r) => r.tenths)),
      subjects: new Map([...bySubject].map(([s, list]) => [s, tallyOf(list)])),
      trend: new Map([...byPeriod].map(([p, list]) => [p, { students: tallyOf(list), verdict: verdictOf(list, 70) }])),
    };
  }

  /** The share at Suficiente or above of a cohort's records of one subject in one attribute and period. */
  subjectPeriodVerdict(generation: number, career: number, attribute: number, subject: number, period: number) {
    const list: number[] = [];
    for (const s of this.cohort(generation, career))
      for (const r of this.ratingsOf(s, { period }))
        if (r.attribute === attribute && r.subject === subject) list.push(r.tenths);
    const v = verdictOf(list, 70);
    return { ...v, share: list.length ? v.share : null };
  }

  /** The curriculum map of a career: per attribute, its subjects per level, the levels none reaches, graded activities. */
  curriculumMap(career: number, period: number) {
    return this.careerAttributes(career).map((attribute) => {
      const levels = { I: 0, M: 0, A: 0 };
      for (const s of this.m.subjects) {
        if (!s.careers.includes(career)) continue;
        const k = s.attributes.indexOf(attribute);
        if (k >= 0) levels[s.levels[k]!] += 1;
      }
      const graded = this.m.activities.filter(
        (act, i) =>
          act.attributes.includes(attribute) &&
          this.m.assignments[act.assignment]!.period === period &&
          this.m.grades.some((g) => g.activity === i && g.tenths !== null),
      ).length;
      return {
        attribute,
        levels,
        missing_levels: (['I', 'M', 'A'] as const).filter((l) => levels[l] === 0),
        graded_activities: graded,
      };
    });
  }

  // ---------- statuses and the performance indices ----------

  /** A student's status at an instant: after the last change before it, Activo before any. */
  statusAt(student: number, instant: string, inclusive: boolean): number {
    let status: number = STATUS.ACTIVO;
    for (const c of this.m.students[student]!.changes) {
      const at = dayOf(c.period, c.day);
      if (at < instant || (inclusive && at <= instant)) status = c.to;
    }
    return status;
  }

  static periodStart(p: number) {
    return `${PERIODS[p]!.start}T00:00:00.000Z`;
  }
  static periodEnd(p: number) {
    return `${PERIODS[p]!.end}T23:59:59.999Z`;
  }

  /** The cohort: students of the generation linked to the career. */
  cohort(generation: number, career: number): number[] {
    return this.m.students
      .map((s, i) => ({ s, i }))
      .filter(({ s }) => s.generation === generation && s.careers.includes(career))
      .map(({ i }) => i);
  }

  /** Periods of a cohort's indices: those starting within the generation, up to the active one. */
  static cohortPeriods(generation: number): number[] {
    const g = GENERATIONS[generation]!;
    return PERIODS.map((p, i) => ({ p, i }))
      .filter(({ p, i }) => p.start >= g.start && p.start <= g.end && i <= ACTIVE_PERIOD)
      .map(({ i }) => i);
  }

  indices(generation: number, career: number) {
    const cohort = this.cohort(generation, career);
    const periods = Reference.cohortPeriods(generation);
    const rows = periods.map((p) => {
      const start = Reference.periodStart(p);
      const end = Reference.periodEnd(p);
      const atStart = cohort.filter((s) => this.statusAt(s, start, false) === STATUS.ACTIVO);
      // Each student is counted by their status at the period's two ends: a Baja undone within it is no dropout.
      const dropouts = atStart.filter((s) => this.statusAt(s, end, true) === STATUS.BAJA).length;
      const graduations = atStart.filter((s) => this.statusAt(s, end, true) === STATUS.GRADUADO).length;
      const atEnd = cohort.filter((s) => this.statusAt(s, end, true) === STATUS.ACTIVO).length;
      // Failure per subject: the cohort's finals in the period's assignments, < 70 failed.
      const subjects = new Map<number, { with_final: number; failed: number }>();
      this.m.assignments.forEach((a, ai) => {
        if (a.period !== p) return;
        for (const s of cohort) {
          const f = this.finalOf(s, ai);
          if (f === null) continue;
          const row = subjects.get(a.subject) ?? { with_final: 0, failed: 0 };
          row.with_final += 1;
          if (f < 700) row.failed += 1;
          subjects.set(a.subject, row);
        }
      });
      return {
        period: p,
        students_at_start: atStart.length,
        dropouts,
        dropout_rate: percentOf(dropouts, atStart.length),
        graduations,
        students_at_end: atEnd,
        balanced: atStart.length === dropouts + graduations + atEnd,
        subjects,
      };
    });
    const endOfTerm = `${GENERATIONS[generation]!.end}T23:59:59.999Z`;
    const graduated = cohort.filter((s) => this.statusAt(s, endOfTerm, true) === STATUS.GRADUADO).length;
    return {
      starting_size: cohort.length,
      periods: rows,
      terminal_efficiency: { graduated, starting_size: cohort.length, rate: percentOf(graduated, cohort.length) },
    };
  }
}

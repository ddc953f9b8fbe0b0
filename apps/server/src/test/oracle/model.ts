import fc from 'fast-check';

/*
 * A small generated institution, as plain rows that refer to each other by position. Every reference is drawn as a
 * free integer and taken modulo the size of what it points into, so the arbitrary has no dependent chains and
 * fast-check shrinks it well (fewer rows, smaller numbers). The shapes the rules must survive are drawn on purpose:
 * attributes without a career, students in two careers or none, several status changes in one period, graduates,
 * ungraded cells, ponderations that do not sum to 100 (and zero), activities linked to several attributes, periods
 * and generations without grades.
 */

/** The three periods every institution has (fixed dates; the last one is the active one). */
export const PERIODS = [
  { name: 'AGO-DIC 2025', start: '2025-08-11', end: '2025-12-12' },
  { name: 'ENE-JUN 2026', start: '2026-01-19', end: '2026-06-12' },
  { name: 'AGO-DIC 2026', start: '2026-08-10', end: '2026-12-11' },
] as const;
export const ACTIVE_PERIOD = 2;

/** Two generations: the first spans every period, the second starts with the first period. */
export const GENERATIONS = [
  { start: '2022-08-01', end: '2027-02-01' },
  { start: '2025-08-01', end: '2030-02-01' },
] as const;

/** Day `day` of a period as an instant (noon UTC). */
export function dayOf(period: number, day: number): string {
  const d = new Date(`${PERIODS[period]!.start}T12:00:00.000Z`);
  d.setUTCDate(d.getUTCDate() + day);
  return d.toISOString();
}

export const STATUS = { BAJA: 0, ACTIVO: 1, GRADUADO: 2 } as const;

export interface StatusChange {
  period: number;
  /** Position in its period (days after its start). */
  day: number;
  from: number;
  to: number;
}

export interface Institution {
  careers: number;
  attributes: Array<{ career: number | null }>;
  /** Each subject's attributes with the level it works them at (same positions). */
  subjects: Array<{ careers: number[]; attributes: number[]; levels: Array<'I' | 'M' | 'A'> }>;
  groups: number;
  teachers: Array<{ careers: number[] }>;
  students: Array<{
    gender: 1 | 2 | null;
    careers: number[];
    groups: number[];
    generation: number | null;
    changes: StatusChange[];
    /** The status after the last change (Activo without one). */
    status: number;
  }>;
  /** Unique per subject, group and period. */
  assignments: Array<{ teacher: number; subject: number; group: number; period: number; career: number }>;
  activities: Array<{ assignment: number; ponderation: number; attributes: number[] }>;
  /** Per student, the subjects and periods they are enrolled in. */
  enrolments: Array<{ student: number; subject: number; period: number }>;
  /** Grades in tenths; null is an ungraded cell (a row with no value). */
  grades: Array<{ student: number; activity: number; tenths: number | null }>;
}

const pick = (n: number, raw: number) => raw % n;
/** Distinct positions below n from raw draws. */
const subset = (n: number, raws: number[]) => [...new Set(raws.map((r) => r % n))].sort((a, b) => a - b);

/** Grades near the band edges and the rounding ties, a few very low (the reports' 0-10 rule) and some ordinary ones. */
const GRADE_TENTHS = [0, 95, 450, 694, 695, 699, 700, 744, 745, 845, 899, 900, 901, 955, 1000];
const PONDERATIONS = [0, 10, 15, 20, 25, 30, 33, 40, 50, 60, 100];

const raw = fc.nat({ max: 60 });
/** Mostly a few positions, sometimes none. */
const someOrNone = (max: number) =>
  fc.oneof(
    { weight: 1, arbitrary: fc.constant<number[]>([]) },
    { weight: 5, arbitrary: fc.array(raw, { minLength: 1, maxLength: max }) },
  );
/** True four times in five. */
const mostly = fc.oneof({ weight: 4, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) });

const rawInstitution = fc.record({
  careers: fc.integer({ min: 1, max: 3 }),
  attributes: fc.array(fc.record({ shared: fc.nat({ max: 2 }).map((n) => n === 0), career: raw }), {
    minLength: 1,
    maxLength: 5,
  }),
  subjects: fc.array(
    fc.record({
      careers: fc.array(raw, { maxLength: 2 }),
      attributes: fc.array(raw, { minLength: 1, maxLength: 3 }),
      levels: fc.array(fc.constantFrom<'I' | 'M' | 'A'>('I', 'M', 'A'), { maxLength: 3 }),
    }),
    { minLength: 1, maxLength: 3 },
  ),
  groups: fc.integer({ min: 1, max: 2 }),
  teachers: fc.array(fc.array(raw, { minLength: 1, maxLength: 2 }), { minLength: 1, maxLength: 2 }),
  students: fc.array(
    fc.record({
      gender: fc.constantFrom<1 | 2 | null>(1, 2, null),
      careers: someOrNone(2),
      groups: someOrNone(2),
      generation: fc.oneof(
        { weight: 3, arbitrary: fc.constant<number | null>(0) },
        { weight: 1, arbitrary: fc.constant<number | null>(1) },
        { weight: 1, arbitrary: fc.constant<number | null>(null) },
      ),
      changes: fc.array(fc.record({ period: fc.nat({ max: 2 }), to: fc.nat({ max: 2 }) }), { maxLength: 3 }),
    }),
    { maxLength: 12, size: 'large' },
  ),
  assignments: fc.array(
    fc.record({ teacher: raw, subject: raw, group: raw, period: fc.nat({ max: 2 }), career: raw }),
    { minLength: 1, maxLength: 4 },
  ),
  activities: fc.array(
    fc.record({
      assignment: raw,
      ponderation: fc.constantFrom(...PONDERATIONS),
      attributes: someOrNone(3),
    }),
    { maxLength: 6, size: 'large' },
  ),
  /** Per student and assignment: enrolled in its subject for its period, and each grade cell (missing, null or a value). */
  enrolled: fc.array(mostly, { maxLength: 48 }),
  cells: fc.array(fc.option(fc.constantFrom(...GRADE_TENTHS), { freq: 4, nil: null }), { maxLength: 72 }),
  skipped: fc.array(
    mostly.map((b) => !b),
    { maxLength: 72 },
  ),
});

type RawInstitution = typeof rawInstitution extends fc.Arbitrary<infer T> ? T : never;

function build(r: RawInstitution): Institution {
  const careers = r.careers;
  const attributes = r.attributes.map((a) => ({ career: a.shared ? null : pick(careers, a.career) }));
  const subjects = r.subjects.map((s) => {
    const own = subset(attributes.length, s.attributes);
    return {
      careers: subset(careers, s.careers),
      attributes: own,
      levels: own.map((_, i) => s.levels[i] ?? ('I' as const)),
    };
  });
  const teachers = r.teachers.map((t) => ({ careers: subset(careers, t) }));
  const students = r.students.map((s) => {
    const changes: StatusChange[] = [];
    let status: number = STATUS.ACTIVO;
    if (s.generation !== null) {
      const sorted = [...s.changes].sort((a, b) => a.period - b.period);
      sorted.forEach((c, i) => {
        if (c.to === status || status === STATUS.GRADUADO) return;
        changes.push({ period: c.period, day: 10 + 20 * i, from: status, to: c.to });
        status = c.to;
      });
    }
    return {
      gender: s.gender,
      careers: subset(careers, s.careers),
      groups: subset(r.groups, s.groups),
      generation: s.generation,
      changes,
      status,
    };
  });
  const seen = new Set<string>();
  const assignments: Institution['assignments'] = [];
  for (const a of r.assignments) {
    const teacher = pick(teachers.length, a.teacher);
    const row = {
      teacher,
      subject: pick(subjects.length, a.subject),
      group: pick(r.groups, a.group),
      period: a.period,
      career: teachers[teacher]!.careers[pick(teachers[teacher]!.careers.length, a.career)]!,
    };
    const key = `${row.subject}/${row.group}/${row.period}`;
    if (seen.has(key)) continue;
    seen.add(key);
    assignments.push(row);
  }
  const activities = r.activities.map((a) => {
    const assignment = pick(assignments.length, a.assignment);
    const own = subjects[assignments[assignment]!.subject]!.attributes;
    return { assignment, ponderation: a.ponderation, attributes: subset(own.length, a.attributes).map((i) => own[i]!) };
  });
  const enrolments: Institution['enrolments'] = [];
  const enrolledKeys = new Set<string>();
  let e = 0;
  students.forEach((_, student) =>
    assignments.forEach((a) => {
      const yes = r.enrolled[e++ % Math.max(1, r.enrolled.length)] ?? true;
      const key = `${student}/${a.subject}/${a.period}`;
      if (yes && !enrolledKeys.has(key)) {
        enrolledKeys.add(key);
        enrolments.push({ student, subject: a.subject, period: a.period });
      }
    }),
  );
  // Grades only for the students of each activity's sheet: in the group and enrolled for the period.
  const grades: Institution['grades'] = [];
  let c = 0;
  activities.forEach((act, activity) => {
    const a = assignments[act.assignment]!;
    students.forEach((s, student) => {
      if (!s.groups.includes(a.group) || !enrolledKeys.has(`${student}/${a.subject}/${a.period}`)) return;
      const k = c++;
      if (r.skipped.length && r.skipped[k % r.skipped.length]) return;
      grades.push({ student, activity, tenths: r.cells.length ? r.cells[k % r.cells.length]! : null });
    });
  });
  return {
    careers,
    attributes,
    subjects,
    groups: r.groups,
    teachers,
    students,
    assignments,
    activities,
    enrolments,
    grades,
  };
}

export const institution: fc.Arbitrary<Institution> = rawInstitution.map(build);

/** The pools of accounts an institution draws from (created once per test file). */
export const POOL = { teachers: 2, students: 12, chiefs: 4 } as const;

/** Which careers each chief of the pool holds in an institution: one each, and the last one two (when there are). */
export function chiefCareers(careers: number): number[][] {
  const out: number[][] = [];
  for (let c = 0; c < careers; c++) out.push([c]);
  if (careers >= 2) out.push([0, careers - 1]);
  return out;
}

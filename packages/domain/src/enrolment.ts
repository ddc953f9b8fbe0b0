import type { PolicyFallback, PolicyMode } from './schemas/group-policy.js';

/** Why a subject cannot be enrolled now; the texts are what the student reads next to 'Bloqueada'. */
export const ENROLMENT_MSG = {
  noActivePeriod: 'No hay un periodo activo para inscribir materias.',
  periodClosed: 'El periodo activo está cerrado.',
  prerequisite: (names: readonly string[]) =>
    `Falta aprobar ${names.length === 1 ? 'el prerrequisito' : 'los prerrequisitos'}: ${names.join(', ')}.`,
  policyOdd: 'En este periodo solo se ofrecen semestres impares.',
  policyEven: 'En este periodo solo se ofrecen semestres pares.',
  policyParity: 'La materia no se ofrece a grupos de la paridad de tu semestre.',
  alreadyEnrolled: 'Ya estás inscrito en esta materia en el periodo activo.',
  notOffered: 'La materia no se ofrece en ese semestre.',
  notActivePeriod: 'El periodo indicado no es el periodo activo.',
  saved: '¡Materias seleccionadas correctamente!',
  groupNotYours: 'No perteneces a ese grupo.',
  studentMissing: 'Alumno no encontrado.',
} as const;

export type Parity = 'odd' | 'even';
const parityOf = (n: number): Parity => (n % 2 === 1 ? 'odd' : 'even');

export interface PolicyRule {
  mode: PolicyMode;
  odd_months: readonly number[];
  even_months: readonly number[];
  fallback: PolicyFallback;
}

/**
 * The group policy's verdict on a semester this period (DESIGN §3): null when offered, else the reason.
 * `periodStartMonth` is the active period's start month (1-12); `groupSemester` the semester the student's group is in,
 * when known (the `parity` mode compares the subject's semesters with it).
 */
export function policyBlock(
  policy: PolicyRule,
  input: {
    semester: number;
    subjectSemesters: readonly number[];
    periodStartMonth: number;
    groupSemester: number | null;
  },
): string | null {
  switch (policy.mode) {
    case 'any':
      return null;
    case 'parity_by_month': {
      const wanted: PolicyFallback = policy.odd_months.includes(input.periodStartMonth)
        ? 'odd'
        : policy.even_months.includes(input.periodStartMonth)
          ? 'even'
          : policy.fallback;
      if (wanted === 'any' || wanted === parityOf(input.semester)) return null;
      return wanted === 'odd' ? ENROLMENT_MSG.policyOdd : ENROLMENT_MSG.policyEven;
    }
    case 'parity': {
      const reference = input.groupSemester ?? input.semester;
      return input.subjectSemesters.some((s) => parityOf(s) === parityOf(reference))
        ? null
        : ENROLMENT_MSG.policyParity;
    }
  }
}

export interface PeriodState {
  status: 'published' | 'closed';
}

/** The first reason that blocks a subject, in the order the student can act on them: period, prerequisites, policy. */
export function enrolmentBlock(input: {
  activePeriod: PeriodState | null;
  missingPrerequisites: readonly string[];
  policy: string | null;
}): string | null {
  if (!input.activePeriod) return ENROLMENT_MSG.noActivePeriod;
  if (input.activePeriod.status === 'closed') return ENROLMENT_MSG.periodClosed;
  if (input.missingPrerequisites.length) return ENROLMENT_MSG.prerequisite(input.missingPrerequisites);
  return input.policy;
}

/** The passing final grade of a prerequisite, in tenths (70.0). */
export const PASSING_FINAL_TENTHS = 700;

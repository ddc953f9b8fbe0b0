import { ROLE } from './roles.js';

export interface Actor {
  id: number;
  role: number;
}

/** Division chiefs and administrators manage catalogues, people and assignments. */
export const canManageCatalogues = (a: Actor) => a.role === ROLE.ADMIN || a.role === ROLE.CHIEF;
/** Only the administrator manages careers, chiefs, periods, group policy and generations. */
export const canManageInstitution = (a: Actor) => a.role === ROLE.ADMIN;

/** Who may create, edit or delete a user of a given role. */
export function canManageUserOfRole(actor: Actor, targetRole: number): boolean {
  if (actor.role === ROLE.ADMIN) return true;
  if (actor.role === ROLE.CHIEF) return targetRole === ROLE.TEACHER || targetRole === ROLE.STUDENT;
  return false;
}

/** Who may read a user's profile: themselves, or someone who manages that role. */
export function canReadUser(actor: Actor, target: { id: number; role: number }): boolean {
  return actor.id === target.id || canManageUserOfRole(actor, target.role);
}

/** A teacher may act on an assignment only when it is theirs; managers on any. */
export function canActOnAssignment(actor: Actor, assignment: { user_id: number }): boolean {
  return canManageCatalogues(actor) || (actor.role === ROLE.TEACHER && assignment.user_id === actor.id);
}

/** A student's own data: the student, their teachers are checked elsewhere, managers always. */
export function canReadStudentData(actor: Actor, studentId: number): boolean {
  return actor.id === studentId || canManageCatalogues(actor);
}

/** Grades, activities, observations and the rubric of an assignment are written only by the teacher who holds it. */
export const canGrade = (actor: Actor, assignment: { user_id: number }) =>
  actor.role === ROLE.TEACHER && assignment.user_id === actor.id;

/** The teacher who holds an assignment reads its grades; chiefs and administrators read any. */
export const canReadGrades = (actor: Actor, assignment: { user_id: number }) =>
  canManageCatalogues(actor) || canGrade(actor, assignment);

/** Teacher screens and grade reads: teachers, chiefs and administrators (never students). */
export const isStaff = (actor: Actor) => actor.role !== ROLE.STUDENT;

/**
 * DESIGN §5 "A chief's careers": the careers an actor may act on. `all` for administrators; a chief's own careers
 * (their `user_careers`); nobody else acts on careers through these checks.
 */
export type CareerScope = { all: true } | { all: false; careers: readonly number[] };

/** Whether an actor with this scope may act on a career (or on something that belongs to it). */
export function careerInScope(scope: CareerScope, careerId: number | null): boolean {
  return scope.all || (careerId !== null && scope.careers.includes(careerId));
}

/**
 * Whether an actor with this scope may act on a person with these careers: a person linked to one of the actor's
 * careers, or to none yet (visible to every chief until linked).
 */
export function personInScope(scope: CareerScope, personCareers: readonly number[]): boolean {
  return scope.all || personCareers.length === 0 || personCareers.some((c) => scope.careers.includes(c));
}

/**
 * How a subject or group with these careers stands to an actor with this scope (DESIGN §5 "A chief's careers"):
 * `own` when every one of its careers is the actor's (always for administrators), `shared` when it also belongs to a
 * career the actor does not lead (the administrator's to change), `other` when none of its careers is the actor's, and
 * `none` when it has no career yet.
 */
export type Holding = 'own' | 'shared' | 'other' | 'none';

export function holdingOf(scope: CareerScope, careers: readonly number[]): Holding {
  if (scope.all) return 'own';
  if (careers.length === 0) return 'none';
  const mine = careers.filter((c) => scope.careers.includes(c)).length;
  return mine === careers.length ? 'own' : mine > 0 ? 'shared' : 'other';
}

/** The careers a chief sent that are not theirs (empty for administrators). */
export function careersOutside(scope: CareerScope, careers: readonly number[]): number[] {
  return scope.all ? [] : careers.filter((c) => !scope.careers.includes(c));
}

/**
 * Whether an actor with this scope may change a person with these careers (edit, re-link, reset, delete): a chief
 * only people linked to their careers alone; a person with no career link, or also linked to a career outside the
 * chief's, is the administrator's (DESIGN §5). The same holding as a subject's or group's, and only 'own' may.
 */
export function personOwned(scope: CareerScope, personCareers: readonly number[]): boolean {
  return holdingOf(scope, personCareers) === 'own';
}

export const SCOPE_MSG = {
  person: 'Solo puedes consultar y editar a las personas de tus carreras.',
  career: 'Solo puedes actuar sobre tus carreras.',
  sheet: 'Solo puedes consultar las calificaciones de tus carreras.',
  assignment: 'Solo puedes consultar y editar las asignaciones de tus carreras.',
  importRow: 'La persona pertenece a otra carrera: no puedes modificarla.',
  subject: 'Solo puedes registrar, editar y eliminar las materias de tus carreras.',
  subjectShared: 'La materia también pertenece a una carrera que no diriges: la cambia el administrador.',
  subjectNoCareer: 'La materia no pertenece a ninguna carrera: la cambia el administrador.',
  subjectCareerRequired: 'Elige al menos una de tus carreras.',
  subjectCareerOutside: 'Solo puedes ligar la materia a tus carreras.',
  subjectAttribute: 'No puedes ligar ni desligar atributos de una carrera que no diriges.',
  group: 'Solo puedes editar y eliminar los grupos de tus carreras.',
  groupShared:
    'El grupo también tiene alumnos o asignaciones de una carrera que no diriges: lo cambia el administrador.',
} as const;

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

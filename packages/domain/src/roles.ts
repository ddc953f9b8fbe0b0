export const ROLE = {
  ADMIN: 0,
  CHIEF: 1,
  TEACHER: 2,
  STUDENT: 3,
} as const;

export type Role = (typeof ROLE)[keyof typeof ROLE];

export const ROLES: readonly Role[] = [ROLE.ADMIN, ROLE.CHIEF, ROLE.TEACHER, ROLE.STUDENT];

export const ROLE_LABEL: Record<Role, string> = {
  0: 'Administrador',
  1: 'Jefe de división',
  2: 'Profesor',
  3: 'Alumno',
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'number' && (ROLES as readonly number[]).includes(value);
}

/** Landing page after login, by role (spec: 0 admin, 1 chief, 2 teacher, 3 student). */
export const HOME_BY_ROLE: Record<Role, string> = {
  0: '/AdminDashboard',
  1: '/DivisionChiefDashboard',
  2: '/TeacherDashboard',
  3: '/StudentDashboard',
};

interface MenuEntry {
  path: string;
  label: string;
}

/** Side menu per role, in the spec's order (logout is added by the menu itself). */
export const MENU_BY_ROLE: Record<Role, MenuEntry[]> = {
  0: [
    { path: '/AdminDashboard', label: 'Inicio' },
    { path: '/Admin/Careers', label: 'Carreras' },
    { path: '/Admin/Jefes', label: 'Jefes de división' },
    { path: '/Admin/Periods', label: 'Periodos' },
    { path: '/Admin/Generations', label: 'Generaciones' },
    { path: '/acount', label: 'Mi cuenta' },
  ],
  1: [
    { path: '/DivisionChiefDashboard', label: 'Inicio' },
    { path: '/Groups', label: 'Grupos' },
    { path: '/teachers', label: 'Profesores' },
    { path: '/Students', label: 'Alumnos' },
    { path: '/attributes', label: 'Atributos' },
    { path: '/subjects', label: 'Materias' },
    { path: '/assignments', label: 'Asignaciones' },
    { path: '/report', label: 'Reportes' },
    { path: '/acount', label: 'Mi cuenta' },
  ],
  2: [
    { path: '/TeacherDashboard', label: 'Inicio' },
    { path: '/Criteria', label: 'Rúbrica' },
    { path: '/CreateActivity', label: 'Actividades' },
    { path: '/Ratings', label: 'Calificaciones' },
    { path: '/ViewReport', label: 'Reporte gráfico' },
    { path: '/acount', label: 'Mi cuenta' },
  ],
  3: [
    { path: '/StudentDashboard', label: 'Inicio' },
    { path: '/Selection', label: 'Selección de materias' },
    { path: '/SubjectsSelection', label: 'Calificaciones' },
    { path: '/StudentReports', label: 'Reportes' },
    { path: '/acount', label: 'Mi cuenta' },
  ],
};

export const GENDER = { MALE: 1, FEMALE: 2 } as const;
export const GENDER_LABEL: Record<number, string> = { 1: 'Hombre', 2: 'Mujer' };

export const STUDENT_STATUS = { BAJA: 0, ACTIVO: 1, GRADUADO: 2 } as const;
export const STUDENT_STATUS_LABEL: Record<number, string> = { 0: 'Baja', 1: 'Activo', 2: 'Graduado' };

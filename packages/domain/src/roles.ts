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

/** Role names by gender: feminine for 2, masculine for 1; an unknown gender reads the masculine name. */
const ROLE_LABEL_FEMININE: Record<Role, string> = {
  0: 'Administradora',
  1: 'Jefa de división',
  2: 'Profesora',
  3: 'Alumna',
};

/**
 * The side menu's welcome line, in agreement with the recorded gender: 'Bienvenida · Profesora' (2),
 * 'Bienvenido · Profesor' (1); without a gender, 'Te damos la bienvenida · Profesor', which needs no agreement.
 */
export function welcomeLine(gender: number | null | undefined, role: unknown): string {
  const greeting =
    gender === GENDER.FEMALE ? 'Bienvenida' : gender === GENDER.MALE ? 'Bienvenido' : 'Te damos la bienvenida';
  if (!isRole(role)) return greeting;
  return `${greeting} · ${gender === GENDER.FEMALE ? ROLE_LABEL_FEMININE[role] : ROLE_LABEL[role]}`;
}

/** Who may open a screen and what the browser tab calls it. */
export interface ScreenRoute {
  path: string;
  title: string;
  roles: readonly Role[];
  /** Where another role is sent: its own dashboard, or /login where the spec says so (/Selection). */
  otherRoles: 'home' | 'login';
}

const ALL_ROLES = ROLES;

/**
 * Every screen of the spec's route table (paths compare without case), one source for the router and the menus: the
 * web's pages are keyed by these paths (a page without its screen here, or a screen without its page, does not
 * compile).
 */
export const SCREEN_ROUTES = [
  { path: '/Acount', title: 'Mi cuenta', roles: ALL_ROLES, otherRoles: 'home' },
  { path: '/StudentDashboard', title: 'Inicio', roles: [ROLE.STUDENT], otherRoles: 'home' },
  { path: '/SubjectsSelection', title: 'Mis calificaciones', roles: [ROLE.STUDENT], otherRoles: 'home' },
  { path: '/StudentReports', title: 'Reportes generales', roles: [ROLE.STUDENT], otherRoles: 'home' },
  { path: '/Selection', title: 'Selecciona tus materias', roles: [ROLE.STUDENT], otherRoles: 'login' },
  { path: '/TeacherDashboard', title: 'Panel de maestros', roles: [ROLE.TEACHER], otherRoles: 'home' },
  { path: '/CreateActivity', title: 'Actividades', roles: [ROLE.TEACHER], otherRoles: 'home' },
  { path: '/Ratings', title: 'Calificar actividades', roles: [ROLE.TEACHER], otherRoles: 'home' },
  { path: '/ViewReport', title: 'Reporte gráfico', roles: [ROLE.TEACHER], otherRoles: 'home' },
  { path: '/Criteria', title: 'Rúbrica', roles: [ROLE.TEACHER], otherRoles: 'home' },
  { path: '/DivisionChiefDashboard', title: 'Panel del jefe de división', roles: [ROLE.CHIEF], otherRoles: 'home' },
  { path: '/Teachers', title: 'Alta de profesores', roles: [ROLE.CHIEF], otherRoles: 'home' },
  { path: '/Students', title: 'Alta de alumnos', roles: [ROLE.CHIEF], otherRoles: 'home' },
  { path: '/Assignments', title: 'Asignación de materias', roles: [ROLE.CHIEF], otherRoles: 'home' },
  { path: '/Subjects', title: 'Alta de materias', roles: [ROLE.CHIEF], otherRoles: 'home' },
  { path: '/Attributes', title: 'Alta de atributos', roles: [ROLE.CHIEF], otherRoles: 'home' },
  { path: '/Report', title: 'Reportes avanzados', roles: [ROLE.CHIEF], otherRoles: 'home' },
  { path: '/ReportTargets', title: 'Metas por atributo', roles: [ROLE.CHIEF, ROLE.ADMIN], otherRoles: 'home' },
  { path: '/ReportEvidence', title: 'Evidencia por generación', roles: [ROLE.CHIEF, ROLE.ADMIN], otherRoles: 'home' },
  { path: '/CurriculumMap', title: 'Mapa curricular', roles: [ROLE.CHIEF, ROLE.ADMIN], otherRoles: 'home' },
  { path: '/ImprovementActions', title: 'Mejora continua', roles: [ROLE.CHIEF, ROLE.ADMIN], otherRoles: 'home' },
  { path: '/ReportPerformance', title: 'Índices de rendimiento', roles: [ROLE.CHIEF, ROLE.ADMIN], otherRoles: 'home' },
  { path: '/Groups', title: 'Alta de grupos', roles: [ROLE.CHIEF], otherRoles: 'home' },
  { path: '/AdminDashboard', title: 'Panel de administración', roles: [ROLE.ADMIN], otherRoles: 'home' },
  { path: '/Admin/Careers', title: 'Gestión de carreras', roles: [ROLE.ADMIN], otherRoles: 'home' },
  { path: '/Admin/Jefes', title: 'Jefes de división', roles: [ROLE.ADMIN], otherRoles: 'home' },
  { path: '/Admin/Periods', title: 'Gestionar periodos', roles: [ROLE.ADMIN], otherRoles: 'home' },
  { path: '/Admin/Generations', title: 'Gestionar generaciones', roles: [ROLE.ADMIN], otherRoles: 'home' },
] as const satisfies readonly ScreenRoute[];

/** A screen's path, as the route table writes it. */
export type ScreenPath = (typeof SCREEN_ROUTES)[number]['path'];

/** The screen a path opens (exact path or a sub-path, without case), if any. */
export function screenRouteOf(pathname: string): ScreenRoute | undefined {
  // Trailing slashes dropped without a pattern: /\/+$/ rescans a run of slashes from each of its positions.
  const lower = pathname.toLowerCase();
  let end = lower.length;
  while (end > 0 && lower[end - 1] === '/') end--;
  const current = lower.slice(0, end);
  return SCREEN_ROUTES.find((r) => {
    const path = r.path.toLowerCase();
    return current === path || current.startsWith(`${path}/`);
  });
}

/** Where a signed-in role typing a path must go instead, or null when it may stay. */
export function redirectForRole(role: Role, pathname: string): string | null {
  const route = screenRouteOf(pathname);
  if (!route || route.roles.includes(role)) return null;
  return route.otherRoles === 'login' ? '/login' : HOME_BY_ROLE[role];
}

/** The browser tab's title: the screen, then the product. */
export const APP_TITLE = 'Atributos de egreso';
export function documentTitle(screen: string | null | undefined): string {
  return screen ? `${screen} · ${APP_TITLE}` : APP_TITLE;
}

export const STUDENT_STATUS = { BAJA: 0, ACTIVO: 1, GRADUADO: 2 } as const;
export const STUDENT_STATUS_LABEL: Record<number, string> = { 0: 'Baja', 1: 'Activo', 2: 'Graduado' };

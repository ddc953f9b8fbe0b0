import { describe, expect, it } from 'vitest';
import {
  HOME_BY_ROLE,
  MENU_BY_ROLE,
  ROLE,
  ROLES,
  SCREEN_ROUTES,
  documentTitle,
  redirectForRole,
  screenRouteOf,
  welcomeLine,
} from './roles.js';

describe('welcomeLine', () => {
  it('agrees with a woman: Bienvenida and the feminine role name', () => {
    expect(welcomeLine(2, ROLE.ADMIN)).toBe('Bienvenida · Administradora');
    expect(welcomeLine(2, ROLE.CHIEF)).toBe('Bienvenida · Jefa de división');
    expect(welcomeLine(2, ROLE.TEACHER)).toBe('Bienvenida · Profesora');
    expect(welcomeLine(2, ROLE.STUDENT)).toBe('Bienvenida · Alumna');
  });

  it('agrees with a man: Bienvenido and the masculine role name', () => {
    expect(welcomeLine(1, ROLE.ADMIN)).toBe('Bienvenido · Administrador');
    expect(welcomeLine(1, ROLE.CHIEF)).toBe('Bienvenido · Jefe de división');
    expect(welcomeLine(1, ROLE.TEACHER)).toBe('Bienvenido · Profesor');
    expect(welcomeLine(1, ROLE.STUDENT)).toBe('Bienvenido · Alumno');
  });

  it('uses a greeting without agreement when the gender is unknown', () => {
    expect(welcomeLine(null, ROLE.TEACHER)).toBe('Te damos la bienvenida · Profesor');
    expect(welcomeLine(undefined, ROLE.STUDENT)).toBe('Te damos la bienvenida · Alumno');
    expect(welcomeLine(7, ROLE.ADMIN)).toBe('Te damos la bienvenida · Administrador');
  });

  it('drops the role name when the role is unknown', () => {
    expect(welcomeLine(2, null)).toBe('Bienvenida');
    expect(welcomeLine(1, 9)).toBe('Bienvenido');
  });
});

describe('screen routes', () => {
  it('lets every role open every entry of its own menu', () => {
    for (const role of ROLES) {
      for (const entry of MENU_BY_ROLE[role]) {
        expect(screenRouteOf(entry.path)?.roles, `${role} ${entry.path}`).toContain(role);
        expect(redirectForRole(role, entry.path)).toBeNull();
      }
    }
  });

  it("sends a role typing another role's screen to its own dashboard", () => {
    expect(redirectForRole(ROLE.STUDENT, '/Admin/Periods')).toBe(HOME_BY_ROLE[ROLE.STUDENT]);
    expect(redirectForRole(ROLE.TEACHER, '/admin/careers')).toBe(HOME_BY_ROLE[ROLE.TEACHER]);
    expect(redirectForRole(ROLE.ADMIN, '/Students')).toBe(HOME_BY_ROLE[ROLE.ADMIN]);
    expect(redirectForRole(ROLE.CHIEF, '/StudentDashboard')).toBe(HOME_BY_ROLE[ROLE.CHIEF]);
  });

  it('keeps the spec rule that /Selection sends other roles to /login', () => {
    expect(redirectForRole(ROLE.STUDENT, '/Selection')).toBeNull();
    for (const role of [ROLE.ADMIN, ROLE.CHIEF, ROLE.TEACHER])
      expect(redirectForRole(role, '/selection')).toBe('/login');
  });

  it('compares whole segments without case and leaves unknown paths to the router', () => {
    expect(screenRouteOf('/admin/periods/')?.path).toBe('/Admin/Periods');
    expect(screenRouteOf('/Admin/PeriodsX')).toBeUndefined();
    expect(screenRouteOf('/Selection')?.path).toBe('/Selection');
    expect(screenRouteOf('/SubjectsSelection')?.path).toBe('/SubjectsSelection');
    expect(redirectForRole(ROLE.STUDENT, '/nowhere')).toBeNull();
  });

  it('names each screen in the document title', () => {
    expect(documentTitle(screenRouteOf('/Admin/Periods')?.title)).toBe('Gestionar periodos · Atributos de egreso');
    expect(documentTitle(null)).toBe('Atributos de egreso');
    expect(new Set(SCREEN_ROUTES.map((r) => r.title)).size).toBe(SCREEN_ROUTES.length);
  });
});

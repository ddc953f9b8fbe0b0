import { describe, expect, it } from 'vitest';
import {
  canActOnAssignment,
  canManageCatalogues,
  canManageInstitution,
  canManageUserOfRole,
  canReadUser,
} from './permissions.js';
import { HOME_BY_ROLE, MENU_BY_ROLE, ROLE, isRole } from './roles.js';
import { chiefPassword, initialPassword, padPassword, semesterFromGroupName } from './rules.js';

describe('initial passwords', () => {
  it('is the first word of the name in lowercase plus the id number', () => {
    expect(initialPassword('María José López', 'L20010123')).toBe('maríaL20010123');
  });

  it("is padded to 8 characters with '1234' when shorter", () => {
    expect(initialPassword('Ana Ruiz', '7')).toBe('ana71234');
    expect(padPassword('ab')).toBe('ab123412');
    expect(padPassword('abcdefgh')).toBe('abcdefgh');
  });

  it('for a chief is the first word of the name plus the control number', () => {
    expect(chiefPassword('Arturo Salinas', 'JD-01')).toBe('ArturoJD-01');
  });
});

describe('group naming schemes', () => {
  it('reads the semester from digits, number-letter and Grupo M names', () => {
    expect(semesterFromGroupName('501', 'digits')).toBe(5);
    expect(semesterFromGroupName('5A', 'num_letter')).toBe(5);
    expect(semesterFromGroupName('Grupo M5', 'grupo_m')).toBe(5);
  });

  it('tries digits, then number-letter, then Grupo M with auto', () => {
    expect(semesterFromGroupName('701', 'auto')).toBe(7);
    expect(semesterFromGroupName('3B', 'auto')).toBe(3);
    expect(semesterFromGroupName('Grupo M2', 'auto')).toBe(2);
  });

  it('answers null when the scheme does not match or the semester is out of 1-9', () => {
    expect(semesterFromGroupName('5A', 'digits')).toBeNull();
    expect(semesterFromGroupName('Matutino', 'auto')).toBeNull();
    expect(semesterFromGroupName('0A', 'num_letter')).toBeNull();
  });
});

describe('roles and menus', () => {
  it('lands each role on its dashboard', () => {
    expect(HOME_BY_ROLE[ROLE.ADMIN]).toBe('/AdminDashboard');
    expect(HOME_BY_ROLE[ROLE.CHIEF]).toBe('/DivisionChiefDashboard');
    expect(HOME_BY_ROLE[ROLE.TEACHER]).toBe('/TeacherDashboard');
    expect(HOME_BY_ROLE[ROLE.STUDENT]).toBe('/StudentDashboard');
  });

  it("follows the spec's menu table, account as /acount", () => {
    expect(MENU_BY_ROLE[ROLE.ADMIN].map((e) => e.path)).toEqual([
      '/AdminDashboard',
      '/Admin/Careers',
      '/Admin/Jefes',
      '/Admin/Periods',
      '/Admin/Generations',
      '/acount',
    ]);
    expect(MENU_BY_ROLE[ROLE.CHIEF].map((e) => e.path)).toEqual([
      '/DivisionChiefDashboard',
      '/Groups',
      '/teachers',
      '/Students',
      '/attributes',
      '/subjects',
      '/assignments',
      '/report',
      '/acount',
    ]);
    expect(MENU_BY_ROLE[ROLE.TEACHER].map((e) => e.path)).toEqual([
      '/TeacherDashboard',
      '/Criteria',
      '/CreateActivity',
      '/Ratings',
      '/ViewReport',
      '/acount',
    ]);
    expect(MENU_BY_ROLE[ROLE.STUDENT].map((e) => e.path)).toEqual([
      '/StudentDashboard',
      '/Selection',
      '/SubjectsSelection',
      '/StudentReports',
      '/acount',
    ]);
  });

  it('knows only roles 0-3', () => {
    expect(isRole(0)).toBe(true);
    expect(isRole(3)).toBe(true);
    expect(isRole(4)).toBe(false);
    expect(isRole('1')).toBe(false);
  });
});

describe('permission predicates', () => {
  const admin = { id: 1, role: ROLE.ADMIN };
  const chief = { id: 2, role: ROLE.CHIEF };
  const teacher = { id: 3, role: ROLE.TEACHER };
  const student = { id: 4, role: ROLE.STUDENT };

  it('lets only the administrator manage the institution', () => {
    expect(canManageInstitution(admin)).toBe(true);
    expect([chief, teacher, student].some(canManageInstitution)).toBe(false);
  });

  it('lets administrators and chiefs manage catalogues', () => {
    expect(canManageCatalogues(admin) && canManageCatalogues(chief)).toBe(true);
    expect(canManageCatalogues(teacher) || canManageCatalogues(student)).toBe(false);
  });

  it('lets a chief manage teachers and students but not chiefs or administrators', () => {
    expect(canManageUserOfRole(chief, ROLE.TEACHER)).toBe(true);
    expect(canManageUserOfRole(chief, ROLE.STUDENT)).toBe(true);
    expect(canManageUserOfRole(chief, ROLE.CHIEF)).toBe(false);
    expect(canManageUserOfRole(chief, ROLE.ADMIN)).toBe(false);
    expect(canManageUserOfRole(admin, ROLE.CHIEF)).toBe(true);
    expect(canManageUserOfRole(teacher, ROLE.STUDENT)).toBe(false);
  });

  it('lets a user read themselves, and a teacher act only on their own assignment', () => {
    expect(canReadUser(student, { id: 4, role: ROLE.STUDENT })).toBe(true);
    expect(canReadUser(student, { id: 5, role: ROLE.STUDENT })).toBe(false);
    expect(canActOnAssignment(teacher, { user_id: 3 })).toBe(true);
    expect(canActOnAssignment(teacher, { user_id: 9 })).toBe(false);
    expect(canActOnAssignment(chief, { user_id: 9 })).toBe(true);
  });
});

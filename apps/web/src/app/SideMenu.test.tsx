import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG, ROLE, type Role } from '@egreso/domain';
import { currentPath, mockApi, renderWithProviders, signIn } from '../test/render';
import { LOGOUT_WITH_DRAFTS, SideMenu, isActive } from './SideMenu';

/** The spec's menu table: each role's entries in order (logout comes last, as a button). */
const SPEC_MENU: Record<Role, string[]> = {
  0: ['/AdminDashboard', '/Admin/Careers', '/Admin/Jefes', '/Admin/Periods', '/Admin/Generations', '/acount'],
  1: [
    '/DivisionChiefDashboard',
    '/Groups',
    '/teachers',
    '/Students',
    '/attributes',
    '/subjects',
    '/assignments',
    '/report',
    '/acount',
  ],
  2: ['/TeacherDashboard', '/Criteria', '/CreateActivity', '/Ratings', '/ViewReport', '/acount'],
  3: ['/StudentDashboard', '/Selection', '/SubjectsSelection', '/StudentReports', '/acount'],
};

const me = (rol: Role, gender: number | null = null) => ({
  body: {
    id: 5,
    full_name: 'Ana López',
    name: 'Ana López',
    email: 'ana@demo.edu.mx',
    rol,
    role: rol,
    gender,
    photo: null,
    controlnumber: null,
    created_at: '',
    updated_at: '',
    user_careers: [],
  },
});

function renderMenu(rol: Role, route: string, handlers: Parameters<typeof mockApi>[0] = {}) {
  signIn({ id: 5, full_name: 'Ana López', rol });
  const calls = mockApi({ 'GET /me': me(rol), 'POST /logout': { body: { message: 'Sesión cerrada.' } }, ...handlers });
  const r = renderWithProviders(<SideMenu />, { route, path: '*' });
  return { ...r, calls };
}

async function openMenu(r: ReturnType<typeof renderMenu>) {
  await r.user.click(screen.getByRole('button', { name: 'Abrir menú' }));
  return within(screen.getByRole('navigation', { name: 'Menú principal' }));
}

afterEach(() => vi.unstubAllGlobals());

describe('SideMenu', () => {
  it.each([ROLE.ADMIN, ROLE.CHIEF, ROLE.TEACHER, ROLE.STUDENT])(
    'shows the spec menu of role %i and a logout entry',
    async (rol) => {
      const r = renderMenu(rol, '/Acount');
      const nav = await openMenu(r);
      const links = nav.getAllByRole('link');
      expect(links.map((a) => a.getAttribute('href'))).toEqual(SPEC_MENU[rol].map((p) => `/app${p}`));
      expect(nav.getByRole('button', { name: 'Cerrar sesión' })).toBeInTheDocument();
    },
  );

  it('labels the student grades entry as grades', async () => {
    const r = renderMenu(ROLE.STUDENT, '/StudentDashboard');
    const nav = await openMenu(r);
    expect(nav.getByRole('link', { name: 'Calificaciones' })).toHaveAttribute('href', '/app/SubjectsSelection');
  });

  it('shows the avatar initials, the name and a welcome line', async () => {
    const r = renderMenu(ROLE.TEACHER, '/TeacherDashboard', { 'GET /me': me(ROLE.TEACHER, 2) });
    await openMenu(r);
    const drawer = screen.getByRole('dialog', { name: 'Menú' });
    expect(within(drawer).getByText('AL')).toBeInTheDocument();
    expect(within(drawer).getByText('Ana López')).toBeInTheDocument();
    expect(await within(drawer).findByText('Bienvenida · Profesora')).toBeInTheDocument();
  });

  it('marks as active the entry whose path is a prefix of the current path, ignoring case', async () => {
    const r = renderMenu(ROLE.ADMIN, '/admin/careers/12');
    const nav = await openMenu(r);
    expect(nav.getByRole('link', { name: 'Carreras' })).toHaveAttribute('aria-current', 'page');
    expect(nav.getAllByRole('link').filter((a) => a.getAttribute('aria-current') === 'page')).toHaveLength(1);
  });

  it('marks "Mi cuenta" active on the route table spelling /Acount', async () => {
    const r = renderMenu(ROLE.CHIEF, '/Acount');
    const nav = await openMenu(r);
    expect(nav.getByRole('link', { name: 'Mi cuenta' })).toHaveAttribute('aria-current', 'page');
  });

  it('compares whole path segments', () => {
    expect(isActive('/Admin/Careers', '/Admin/Careers')).toBe(true);
    expect(isActive('/Students', '/students/3')).toBe(true);
    expect(isActive('/Admin/Careers', '/Admin/CareersX')).toBe(false);
    expect(isActive('/AdminDashboard', '/Admin/Careers')).toBe(false);
  });

  it('navigates to an entry and closes the drawer', async () => {
    const r = renderMenu(ROLE.TEACHER, '/TeacherDashboard');
    const nav = await openMenu(r);
    await r.user.click(nav.getByRole('link', { name: 'Mi cuenta' }));
    expect(currentPath()).toBe('/acount');
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Menú principal' })).not.toBeInTheDocument());
  });

  it('asks before logging out and keeps the session on cancel', async () => {
    const r = renderMenu(ROLE.STUDENT, '/StudentDashboard');
    const nav = await openMenu(r);
    await r.user.click(nav.getByRole('button', { name: 'Cerrar sesión' }));
    const confirm = screen.getByRole('dialog', { name: MSG.logoutTitle });
    expect(confirm).toHaveTextContent(MSG.logoutTitle);
    expect(confirm).toHaveTextContent(MSG.logoutText);
    await r.user.click(within(confirm).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog', { name: MSG.logoutTitle })).not.toBeInTheDocument();
    expect(localStorage.getItem('token')).toBe('token-de-prueba');
    expect(r.calls.some((c) => c.path === '/logout')).toBe(false);
    expect(currentPath()).toBe('/StudentDashboard');
  });

  it('logs out on confirmation: revokes the token, clears the stored session and goes to /login', async () => {
    localStorage.setItem('theme', 'dark');
    const r = renderMenu(ROLE.ADMIN, '/AdminDashboard');
    const nav = await openMenu(r);
    await r.user.click(nav.getByRole('button', { name: 'Cerrar sesión' }));
    await r.user.click(
      within(screen.getByRole('dialog', { name: MSG.logoutTitle })).getByRole('button', { name: 'Cerrar sesión' }),
    );
    await waitFor(() => expect(currentPath()).toBe('/login'));
    const logout = r.calls.find((c) => c.path === '/logout')!;
    expect(logout.method).toBe('POST');
    expect(logout.headers.Authorization).toBe('Bearer token-de-prueba');
    for (const key of ['token', 'id', 'user_id', 'name', 'rol', 'user']) expect(localStorage.getItem(key)).toBeNull();
    expect(localStorage.getItem('theme')).toBe('dark');
  });

  it('asks differently when the user leaves unsaved grades, and drops only theirs on confirmation', async () => {
    localStorage.setItem('calificaciones-sin-guardar:5:12', '{"drafts":{"1":{"2":"80"}},"versions":{}}');
    localStorage.setItem('calificaciones-sin-guardar:8:12', '{"drafts":{"1":{"2":"70"}},"versions":{}}');
    const r = renderMenu(ROLE.TEACHER, '/TeacherDashboard');
    const nav = await openMenu(r);
    await r.user.click(nav.getByRole('button', { name: 'Cerrar sesión' }));
    const confirm = screen.getByRole('dialog', { name: MSG.logoutTitle });
    expect(confirm).toHaveTextContent(LOGOUT_WITH_DRAFTS);
    await r.user.click(within(confirm).getByRole('button', { name: 'Cancelar' }));
    expect(localStorage.getItem('calificaciones-sin-guardar:5:12')).not.toBeNull();

    await r.user.click((await openMenu(r)).getByRole('button', { name: 'Cerrar sesión' }));
    await r.user.click(
      within(screen.getByRole('dialog', { name: MSG.logoutTitle })).getByRole('button', {
        name: 'Descartar y cerrar sesión',
      }),
    );
    await waitFor(() => expect(currentPath()).toBe('/login'));
    expect(localStorage.getItem('calificaciones-sin-guardar:5:12')).toBeNull();
  });

  it('logs out locally even when the server cannot be reached', async () => {
    const r = renderMenu(ROLE.TEACHER, '/TeacherDashboard', { 'POST /logout': { status: 500, body: {} } });
    const nav = await openMenu(r);
    await r.user.click(nav.getByRole('button', { name: 'Cerrar sesión' }));
    await r.user.click(
      within(screen.getByRole('dialog', { name: MSG.logoutTitle })).getByRole('button', { name: 'Cerrar sesión' }),
    );
    await waitFor(() => expect(currentPath()).toBe('/login'));
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('sends the user to /login when the profile cannot be loaded', async () => {
    renderMenu(ROLE.TEACHER, '/TeacherDashboard', { 'GET /me': { status: 500, body: { message: 'x' } } });
    await waitFor(() => expect(currentPath()).toBe('/login'));
    expect(localStorage.getItem('token')).toBeNull();
  });
});

import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ROLE } from '@egreso/domain';
import { currentPath, mockApi, renderWithProviders, signIn } from '../test/render';
import AppLayout from './AppLayout';
import { screenTitle } from './router';

afterEach(() => vi.unstubAllGlobals());

describe('AppLayout', () => {
  it('sends a visitor without a stored token to /login', () => {
    mockApi({});
    localStorage.setItem('rol', '2');
    renderWithProviders(<AppLayout />, { route: '/TeacherDashboard', otherRoutes: ['/login'] });
    expect(currentPath()).toBe('/login');
  });

  it('sends a visitor without a stored role to /login', () => {
    mockApi({});
    localStorage.setItem('token', 't');
    renderWithProviders(<AppLayout />, { route: '/TeacherDashboard', otherRoutes: ['/login'] });
    expect(currentPath()).toBe('/login');
  });

  it('shows the menu button and the main area to a signed-in user', () => {
    signIn({ id: 1, full_name: 'Ana', rol: ROLE.TEACHER });
    mockApi({ 'GET /me': { body: { id: 1, full_name: 'Ana', rol: ROLE.TEACHER } } });
    renderWithProviders(<AppLayout />, { route: '/TeacherDashboard' });
    expect(screen.getByRole('button', { name: 'Abrir menú' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(currentPath()).toBe('/TeacherDashboard');
  });

  it("sends a student who types an administrator's screen to the student dashboard", () => {
    signIn({ id: 4, full_name: 'Luis', rol: ROLE.STUDENT });
    mockApi({ 'GET /me': { body: { id: 4, full_name: 'Luis', rol: ROLE.STUDENT } } });
    renderWithProviders(<AppLayout />, { route: '/Admin/Periods', otherRoutes: ['/StudentDashboard', '/login'] });
    expect(currentPath()).toBe('/StudentDashboard');
  });

  it('sends a teacher who types /Selection to /login, as the spec says', () => {
    signIn({ id: 1, full_name: 'Ana', rol: ROLE.TEACHER });
    mockApi({ 'GET /me': { body: { id: 1, full_name: 'Ana', rol: ROLE.TEACHER } } });
    renderWithProviders(<AppLayout />, { route: '/selection', otherRoutes: ['/TeacherDashboard', '/login'] });
    expect(currentPath()).toBe('/login');
  });

  it('lets every role open its own screens, whatever the case typed', () => {
    signIn({ id: 2, full_name: 'Eva', rol: ROLE.CHIEF });
    mockApi({ 'GET /me': { body: { id: 2, full_name: 'Eva', rol: ROLE.CHIEF } } });
    renderWithProviders(<AppLayout />, { route: '/subjects', otherRoutes: ['/DivisionChiefDashboard'] });
    expect(currentPath()).toBe('/subjects');
    expect(screen.getByRole('main')).toBeInTheDocument();
  });
});

describe('screenTitle', () => {
  it('names the screen, then the product', () => {
    expect(screenTitle('/Admin/Periods')).toBe('Gestionar periodos · Atributos de egreso');
    expect(screenTitle('/acount')).toBe('Mi cuenta · Atributos de egreso');
    expect(screenTitle('/login')).toBe('Iniciar sesión · Atributos de egreso');
    expect(screenTitle('/nada')).toBe('Atributos de egreso');
  });
});

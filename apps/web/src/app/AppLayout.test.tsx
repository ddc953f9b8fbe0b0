import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ROLE } from '@egreso/domain';
import { currentPath, mockApi, renderWithProviders, signIn } from '../test/render';
import AppLayout from './AppLayout';

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
});

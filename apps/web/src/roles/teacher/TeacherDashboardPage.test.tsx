import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ROLE } from '@egreso/domain';
import { todayLong } from '../../lib/dates';
import { mockApi, renderWithProviders, signIn } from '../../test/render';
import TeacherDashboardPage from './TeacherDashboardPage';

afterEach(() => vi.unstubAllGlobals());

describe('TeacherDashboardPage', () => {
  it("greets the teacher by name under 'Panel de Maestros' with today's date in es-MX", async () => {
    signIn({ id: 3, full_name: 'Laura Mendoza', rol: ROLE.TEACHER });
    mockApi({ 'GET /me': { body: { id: 3, full_name: 'Laura Mendoza Ríos', rol: ROLE.TEACHER } } });
    renderWithProviders(<TeacherDashboardPage />, { route: '/TeacherDashboard' });
    expect(await screen.findByRole('heading', { name: 'Bienvenido, Laura Mendoza Ríos' })).toBeInTheDocument();
    expect(screen.getByText(`Panel de Maestros · ${todayLong()}`)).toBeInTheDocument();
    expect(todayLong(new Date(2026, 2, 9))).toBe('lunes, 9 de marzo de 2026');
  });

  it("falls back to 'Profesor(a)' when the profile cannot be loaded", async () => {
    signIn({ id: 3, full_name: 'Laura Mendoza', rol: ROLE.TEACHER });
    mockApi({ 'GET /me': { status: 500, body: {} } });
    renderWithProviders(<TeacherDashboardPage />, { route: '/TeacherDashboard' });
    expect(await screen.findByRole('heading', { name: 'Bienvenido, Profesor(a)' })).toBeInTheDocument();
  });
});

import { screen, waitFor } from '@testing-library/react';
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
    expect(
      await screen.findByRole('heading', { name: 'Bienvenido, Laura Mendoza Ríos' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByText(`Panel de Maestros · ${todayLong()}`)).toBeInTheDocument();
    expect(todayLong(new Date(Date.UTC(2026, 2, 9, 18)))).toBe('lunes, 9 de marzo de 2026'); // noon in the institution's time zone
  });

  it("falls back to 'Profesor(a)' when the profile cannot be loaded", async () => {
    signIn({ id: 3, full_name: 'Laura Mendoza', rol: ROLE.TEACHER });
    mockApi({ 'GET /me': { status: 500, body: {} } });
    renderWithProviders(<TeacherDashboardPage />, { route: '/TeacherDashboard' });
    expect(
      await screen.findByRole('heading', { name: 'Bienvenido, Profesor(a)' }, { timeout: 5000 }),
    ).toBeInTheDocument();
  });

  it('shows the only career by name, the three cards and the empty Pendientes text', async () => {
    signIn({ id: 3, full_name: 'Laura Mendoza', rol: ROLE.TEACHER });
    mockApi({
      'GET /me': { body: { id: 3, full_name: 'Laura Mendoza Ríos', rol: ROLE.TEACHER } },
      'GET /profesor/dashboard': {
        body: {
          careers: [{ id: 1, career_key: 'ISC', name: 'Ingeniería en Sistemas' }],
          career_id: 1,
          cards: { students: 35, activities: 12, subjects: 4 },
          pendientes: [],
        },
      },
    });
    renderWithProviders(<TeacherDashboardPage />, { route: '/TeacherDashboard' });
    expect(
      await screen.findByText('No tienes actividades creadas para esta carrera.', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Ingeniería en Sistemas')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Carrera' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Alumnos activos\s*35/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Actividades\s*12/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Materias\s*4/ })).toBeInTheDocument();
  });

  it('offers a career selector with more than one career and lists every activity, graded or still to grade', async () => {
    signIn({ id: 3, full_name: 'Laura Mendoza', rol: ROLE.TEACHER });
    const calls = mockApi({
      'GET /me': { body: { id: 3, full_name: 'Laura Mendoza Ríos', rol: ROLE.TEACHER } },
      'GET /profesor/dashboard': (call) => ({
        body: {
          careers: [
            { id: 1, career_key: 'ISC', name: 'Ingeniería en Sistemas' },
            { id: 2, career_key: 'IND', name: 'Ingeniería Industrial' },
          ],
          career_id: Number(call.query.get('career_id') ?? 1),
          cards: { students: 7, activities: 1, subjects: 1 },
          pendientes: [
            {
              id: 8,
              activity_name: 'Examen parcial',
              professor_subject_id: 4,
              subject_name: 'Cálculo',
              group_name: '101',
              students: 7,
              graded: 7,
            },
            {
              id: 9,
              activity_name: 'Proyecto final',
              professor_subject_id: 4,
              subject_name: 'Cálculo',
              group_name: '101',
              students: 7,
              graded: 5,
            },
          ],
        },
      }),
    });
    const { user } = renderWithProviders(<TeacherDashboardPage />, { route: '/TeacherDashboard' });
    expect(await screen.findByText('Proyecto final', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('2 sin calificar')).toBeInTheDocument();
    // A fully graded activity is still the teacher's: listed with its badge, and no empty text.
    expect(screen.getByText('Examen parcial')).toBeInTheDocument();
    expect(screen.getByText('Calificada')).toBeInTheDocument();
    expect(screen.queryByText('No tienes actividades creadas para esta carrera.')).toBeNull();
    await user.click(screen.getByRole('textbox', { name: 'Carrera' }));
    await user.click(screen.getByRole('option', { name: 'Ingeniería Industrial' }));
    await waitFor(() =>
      expect(calls.some((c) => c.path === '/profesor/dashboard' && c.query.get('career_id') === '2')).toBe(true),
    );
  });
});

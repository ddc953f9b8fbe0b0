import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ROLE } from '@egreso/domain';
import { todayLong } from '../../lib/dates';
import { mockApi, renderWithProviders, signIn } from '../../test/render';
import StudentDashboardPage, { NOT_GRADED, NO_GRADED_ACTIVITIES } from './StudentDashboardPage';

afterEach(() => vi.unstubAllGlobals());

const dashboard = {
  full_name: 'Carlos Ruiz Soto',
  enrolled_subjects: 2,
  graded_activities: 1,
  total_activities: 2,
  attributes: [
    { attribute_id: 5, attribute_name: 'Análisis', promedio: 83.5 },
    { attribute_id: 4, attribute_name: 'Ética', promedio: null },
  ],
  activities: [
    {
      activity_id: 1,
      activity_name: 'Examen parcial',
      type_activity: 'Examen',
      subject_name: 'Cálculo',
      qualification: 95,
    },
    {
      activity_id: 2,
      activity_name: 'Proyecto',
      type_activity: 'Proyecto',
      subject_name: 'Cálculo',
      qualification: null,
    },
  ],
};

describe('StudentDashboardPage', () => {
  it("greets the student by name with today's date, shows the first attribute's average, the counters and the activities", async () => {
    signIn({ id: 40, full_name: 'Carlos Ruiz', rol: ROLE.STUDENT });
    const calls = mockApi({
      'GET /me': { body: { id: 40, full_name: 'Carlos Ruiz Soto', rol: ROLE.STUDENT } },
      'GET /alumno/40/tablero': { body: dashboard },
    });
    renderWithProviders(<StudentDashboardPage />, { route: '/StudentDashboard' });
    expect(await screen.findByRole('heading', { name: '¡Hola, Carlos Ruiz Soto!' })).toBeInTheDocument();
    expect(screen.getByText(todayLong())).toBeInTheDocument();
    expect(await screen.findByText('83.5')).toBeInTheDocument();
    expect(screen.getByDisplayValue('Análisis')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Mis actividades' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      );
    expect(rows).toEqual([
      ['Examen parcial', 'Examen', 'Cálculo', '95.0'],
      ['Proyecto', 'Proyecto', 'Cálculo', 'Sin calificar'],
    ]);
    expect(screen.getByText('Materias inscritas').parentElement).toHaveTextContent('2');
    expect(calls.some((c) => c.path === '/alumno/40/tablero')).toBe(true);
  });

  it('15 activities, 11 graded: the card, the summary and the table say the same', async () => {
    signIn({ id: 40, full_name: 'Carlos Ruiz', rol: ROLE.STUDENT });
    const activities = Array.from({ length: 15 }, (_, i) => ({
      activity_id: i + 1,
      activity_name: `Actividad ${i + 1}`,
      type_activity: 'Tarea',
      subject_name: 'Cálculo',
      qualification: i < 11 ? 70 + i : null,
    }));
    mockApi({
      'GET /me': { body: { id: 40, full_name: 'Carlos Ruiz Soto', rol: ROLE.STUDENT } },
      'GET /alumno/40/tablero': {
        body: { ...dashboard, graded_activities: 11, total_activities: 15, activities },
      },
    });
    renderWithProviders(<StudentDashboardPage />, { route: '/StudentDashboard' });
    const table = await screen.findByRole('table', { name: 'Mis actividades' });
    const grades = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => within(r).getAllByRole('cell').at(-1)!.textContent);
    const card = screen.getByText('Actividades calificadas').parentElement!;
    expect(card).toHaveTextContent('Actividades calificadas11de 15 actividades');
    expect(grades.filter((g) => g !== NOT_GRADED)).toHaveLength(11);
    expect(grades.filter((g) => g === NOT_GRADED)).toHaveLength(4);
    expect(screen.getByTestId('activities-summary')).toHaveTextContent('11 calificadas · 4 pendientes');
    expect(screen.queryByText('-')).not.toBeInTheDocument();
    expect(screen.queryByText(/más recientes/)).not.toBeInTheDocument();
  });

  it('a new student with 3 activities not yet graded sees them pending, not the empty text', async () => {
    signIn({ id: 40, full_name: 'Carlos Ruiz', rol: ROLE.STUDENT });
    const activities = [1, 2, 3].map((id) => ({
      activity_id: id,
      activity_name: `Actividad ${id}`,
      type_activity: null,
      subject_name: 'Cálculo',
      qualification: null,
    }));
    mockApi({
      'GET /me': { body: { id: 40, full_name: 'Carlos Ruiz Soto', rol: ROLE.STUDENT } },
      'GET /alumno/40/tablero': { body: { ...dashboard, graded_activities: 0, total_activities: 3, activities } },
    });
    renderWithProviders(<StudentDashboardPage />, { route: '/StudentDashboard' });
    const table = await screen.findByRole('table', { name: 'Mis actividades' });
    expect(within(table).getAllByText(NOT_GRADED)).toHaveLength(3);
    expect(screen.queryByText(NO_GRADED_ACTIVITIES)).not.toBeInTheDocument();
    expect(screen.getByText('Actividades calificadas').parentElement).toHaveTextContent('0de 3 actividades');
    expect(screen.getByTestId('activities-summary')).toHaveTextContent('0 calificadas · 3 pendientes');
  });

  it('says when there is no activity yet', async () => {
    signIn({ id: 40, full_name: 'Carlos Ruiz', rol: ROLE.STUDENT });
    mockApi({
      'GET /me': { body: { id: 40, full_name: 'Carlos Ruiz Soto', rol: ROLE.STUDENT } },
      'GET /alumno/40/tablero': { body: { ...dashboard, graded_activities: 0, total_activities: 0, activities: [] } },
    });
    renderWithProviders(<StudentDashboardPage />, { route: '/StudentDashboard' });
    expect(await screen.findByText(NO_GRADED_ACTIVITIES)).toBeInTheDocument();
    expect(screen.queryByTestId('activities-summary')).not.toBeInTheDocument();
  });

  it('says the list holds only the newest when there are more', async () => {
    signIn({ id: 40, full_name: 'Carlos Ruiz', rol: ROLE.STUDENT });
    mockApi({
      'GET /me': { body: { id: 40, full_name: 'Carlos Ruiz Soto', rol: ROLE.STUDENT } },
      'GET /alumno/40/tablero': { body: { ...dashboard, total_activities: 60 } },
    });
    renderWithProviders(<StudentDashboardPage />, { route: '/StudentDashboard' });
    expect(await screen.findByText(/Se muestran las 2 más recientes\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver todas en Mis calificaciones' })).toHaveAttribute(
      'href',
      '/SubjectsSelection',
    );
  });
});

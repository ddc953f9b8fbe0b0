import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ROLE } from '@egreso/domain';
import { todayLong } from '../../lib/dates';
import { mockApi, renderWithProviders, signIn } from '../../test/render';
import StudentDashboardPage, { NO_GRADED_ACTIVITIES } from './StudentDashboardPage';

afterEach(() => vi.unstubAllGlobals());

const dashboard = {
  full_name: 'Carlos Ruiz Soto',
  enrolled_subjects: 2,
  graded_activities: 1,
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
    const table = screen.getByRole('table', { name: 'Actividades calificadas' });
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
      ['Proyecto', 'Proyecto', 'Cálculo', '-'],
    ]);
    expect(screen.getByText('Materias inscritas').parentElement).toHaveTextContent('2');
    expect(calls.some((c) => c.path === '/alumno/40/tablero')).toBe(true);
  });

  it('says when nothing is graded yet', async () => {
    signIn({ id: 40, full_name: 'Carlos Ruiz', rol: ROLE.STUDENT });
    mockApi({
      'GET /me': { body: { id: 40, full_name: 'Carlos Ruiz Soto', rol: ROLE.STUDENT } },
      'GET /alumno/40/tablero': { body: { ...dashboard, graded_activities: 0, activities: [] } },
    });
    renderWithProviders(<StudentDashboardPage />, { route: '/StudentDashboard' });
    expect(await screen.findByText(NO_GRADED_ACTIVITIES)).toBeInTheDocument();
  });
});

import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ROLE } from '@egreso/domain';
import { mockApi, renderWithProviders, signIn } from '../../../test/render';
import { STUDENT_GRADES_TEXT } from '../student-grades-text';
import StudentGradesPage from './StudentGradesPage';

afterEach(() => vi.unstubAllGlobals());

describe('StudentGradesPage', () => {
  it('shows the first subject: grades or Sin calificar, ratings or Sin calificación, and the observations', async () => {
    signIn({ id: 7, full_name: 'Ana', rol: ROLE.STUDENT });
    mockApi({
      'GET /subjects/user/7': {
        body: [
          {
            id: 3,
            subject_name: 'Cálculo',
            subject_key: 'CAL',
            activities: [
              { id: 11, activity_name: 'Examen', type_activity: 'Examen', ponderation: 100, professor_subject_id: 1 },
              { id: 12, activity_name: 'Tarea', type_activity: 'Tarea', ponderation: 50, professor_subject_id: 1 },
            ],
          },
        ],
      },
      'POST /useractivities/by-users-and-activities': {
        body: [{ user_id: 7, activity_id: 11, qualification: 95, version: 1, updated_at: 'x', updated_by: null }],
      },
      'GET /userattributes/by-user/7': {
        body: [
          { attribute_id: 1, attribute_name: 'Análisis', subject_id: 3, attributerating: 90 },
          { attribute_id: 2, attribute_name: 'Ética', subject_id: 3, attributerating: null },
        ],
      },
      'GET /userattribute-observations/history': {
        body: [
          {
            id: 1,
            user_id: 7,
            attribute_id: 1,
            subject_id: 3,
            period_id: null,
            observation: 'Muy bien.',
            activity_name: 'Examen',
            teacher_name: 'Laura Gómez',
            professor: { id: 2, full_name: 'Laura Gómez' },
            created_at: '2026-03-01T10:00:00Z',
          },
        ],
      },
    });
    renderWithProviders(<StudentGradesPage />, { route: '/SubjectsSelection' });
    expect(await screen.findByText('95.0', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Sin calificar')).toBeInTheDocument();
    expect(await screen.findByText('90.0')).toBeInTheDocument();
    expect(screen.getByText('Sin calificación')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Ver observaciones de Análisis' }));
    const dialog = await screen.findByRole('dialog', { name: 'Observaciones: Análisis' });
    expect(await within(dialog).findByText('Muy bien.')).toBeInTheDocument();
    expect(within(dialog).getByText(/Actividad: Examen · Profesor\(a\): Laura Gómez/)).toBeInTheDocument();
  });

  it('says when the student has no subjects', async () => {
    signIn({ id: 7, full_name: 'Ana', rol: ROLE.STUDENT });
    mockApi({ 'GET /subjects/user/7': { body: [] } });
    renderWithProviders(<StudentGradesPage />, { route: '/SubjectsSelection' });
    expect(await screen.findByText(STUDENT_GRADES_TEXT.noSubjects)).toBeInTheDocument();
  });
});

import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ROLE, TIMINGS } from '@egreso/domain';
import { mockApi, renderWithProviders, signIn } from '../../../test/render';
import { setPhone } from '../../../test/viewport';
import RatingsPage from './RatingsPage';

const career = { id: 1, career_key: 'ISC', name: 'Ingeniería en Sistemas' };
const assignment = {
  id: 7,
  user_id: 4,
  subject_id: 5,
  group_id: 3,
  period_id: 1,
  career_id: 1,
  created_at: '',
  user: { id: 4, full_name: 'Laura' },
  subject: { id: 5, subject_name: 'Cálculo', subject_key: 'CAL' },
  group: { id: 3, group_name: '101', semester_id: 1 },
  semester: { id: 1, semester_name: 'Primero' },
  period: { id: 1, period_name: 'AGO-DIC 2026', is_active: true },
  career,
  careers: [career],
};

beforeEach(() => {
  localStorage.clear();
  setPhone(false);
  signIn({ id: 4, full_name: 'Laura Mendoza', rol: ROLE.TEACHER });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('RatingsPage', () => {
  it("says 'No hay carreras asignadas.' to a teacher without careers", async () => {
    mockApi({ 'GET /mis-carreras': { body: [] } });
    renderWithProviders(<RatingsPage />, { route: '/Ratings' });
    expect(await screen.findByText('No hay carreras asignadas.', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it("opens the sheet asked for by the dashboard's link under 'Calificar actividades - {subject}'", async () => {
    mockApi({
      'GET /mis-carreras': { body: [career] },
      'GET /profesor/materias': { body: [assignment] },
      'GET /subjects/5/attributes': { body: [] },
      'GET /grade-history/imports': { body: [] },
      'GET /grade-sheets/7': {
        body: {
          assignment: {
            id: 7,
            user_id: 4,
            subject: assignment.subject,
            group: assignment.group,
            period: { id: 1, period_name: 'AGO-DIC 2026', status: 'published', is_active: true },
            career_id: 1,
            editable: true,
          },
          students: [{ id: 1, full_name: 'Ana López', controlnumber: 'L1' }],
          activities: [],
          grades: [],
          finals: [{ user_id: 1, final: null }],
        },
      },
    });
    renderWithProviders(<RatingsPage />, { route: '/Ratings?asignacion=7&carrera=1', path: '/Ratings' });
    expect(
      await screen.findByRole('heading', { name: 'Calificar actividades - Cálculo' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(
      await screen.findByText('Esta materia no tiene actividades. Créalas en Actividades.', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Importar Excel' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Descargar plantilla' })).toBeInTheDocument();
  });

  it('closes an error dialog by itself after 2.2 s', async () => {
    const activity = {
      id: 10,
      professor_subject_id: 7,
      activity_name: 'Examen',
      type_activity: null,
      evaluation_instrument: null,
      ponderation: 100,
      attribute_ids: [],
      attributes: [],
      subject: { id: 5, subject_name: 'Cálculo' },
      group: { id: 3, group_name: '101' },
      period_id: 1,
      career_id: 1,
      graded_count: 0,
      created_at: '',
      updated_at: '',
    };
    mockApi({
      'GET /mis-carreras': { body: [career] },
      'GET /profesor/materias': { body: [assignment] },
      'GET /subjects/5/attributes': { body: [] },
      'GET /grade-history/imports': { body: [] },
      'GET /grade-sheets/7': {
        body: {
          assignment: {
            id: 7,
            user_id: 4,
            subject: assignment.subject,
            group: assignment.group,
            period: { id: 1, period_name: 'AGO-DIC 2026', status: 'published', is_active: true },
            career_id: 1,
            editable: true,
          },
          students: [{ id: 1, full_name: 'Ana López', controlnumber: 'L1' }],
          activities: [activity],
          grades: [],
          finals: [{ user_id: 1, final: null }],
        },
      },
    });
    const r = renderWithProviders(<RatingsPage />, { route: '/Ratings?asignacion=7&carrera=1', path: '/Ratings' });
    const save = await screen.findByRole('button', { name: /^Guardar calificaciones/ }, { timeout: 5000 });
    const spy = vi.spyOn(globalThis, 'setTimeout');
    // Nothing to send: no confirmation, the error says so at once.
    await r.user.click(save);
    expect(await screen.findByRole('dialog', { name: 'Error' })).toBeInTheDocument();
    await waitFor(() => expect(spy.mock.calls.map(([, ms]) => ms)).toContain(TIMINGS.errorToast));
  });

  describe('past periods', () => {
    const past = {
      ...assignment,
      id: 22,
      subject_id: 6,
      period_id: 2,
      subject: { id: 6, subject_name: 'Programación Orientada a Objetos', subject_key: 'POO' },
      group: { id: 8, group_name: '201', semester_id: 2 },
      period: { id: 2, period_name: 'ENE-JUN 2026', is_active: false },
    };
    const examen = {
      id: 30,
      professor_subject_id: 22,
      activity_name: 'Examen',
      type_activity: null,
      evaluation_instrument: null,
      ponderation: 100,
      attribute_ids: [],
      attributes: [],
      subject: { id: 6, subject_name: 'Programación Orientada a Objetos' },
      group: { id: 8, group_name: '201' },
      period_id: 2,
      career_id: 1,
      graded_count: 1,
      created_at: '',
      updated_at: '',
    };
    function mockPeriods() {
      return mockApi({
        'GET /mis-carreras': { body: [career] },
        // Every period's assignments: the page asks without `current`.
        'GET /profesor/materias': (call) => ({ body: call.query.get('current') ? [assignment] : [assignment, past] }),
        'GET /subjects/5/attributes': { body: [] },
        'GET /subjects/6/attributes': { body: [] },
        'GET /grade-history/imports': { body: [] },
        'GET /grade-sheets/7': {
          body: {
            assignment: {
              id: 7,
              user_id: 4,
              subject: assignment.subject,
              group: assignment.group,
              period: { id: 1, period_name: 'AGO-DIC 2026', status: 'published', is_active: true },
              career_id: 1,
              editable: true,
            },
            students: [],
            activities: [],
            grades: [],
            finals: [],
          },
        },
        'GET /grade-sheets/22': {
          body: {
            assignment: {
              id: 22,
              user_id: 4,
              subject: past.subject,
              group: past.group,
              period: { id: 2, period_name: 'ENE-JUN 2026', status: 'closed', is_active: false },
              career_id: 1,
              editable: false,
            },
            students: [{ id: 1, full_name: 'Ana López', controlnumber: 'L1' }],
            activities: [examen],
            grades: [{ id: 90, user_id: 1, activity_id: 30, qualification: 87.5, version: 1 }],
            finals: [{ user_id: 1, final: 87.5 }],
          },
        },
      });
    }

    it("opens a past period's sheet asked for by id, read-only as its closed period says", async () => {
      mockPeriods();
      renderWithProviders(<RatingsPage />, { route: '/Ratings?asignacion=22', path: '/Ratings' });
      expect(
        await screen.findByRole(
          'heading',
          { name: 'Calificar actividades - Programación Orientada a Objetos' },
          { timeout: 5000 },
        ),
      ).toBeInTheDocument();
      expect(screen.getByRole('textbox', { name: 'Periodo' })).toHaveValue('ENE-JUN 2026');
      expect(screen.getByRole('textbox', { name: 'Grupo' })).toHaveValue('201');
      expect(
        await screen.findByText(
          'El periodo de esta asignación está cerrado; las calificaciones ya no pueden modificarse.',
          {},
          { timeout: 5000 },
        ),
      ).toBeInTheDocument();
      expect(screen.getByText('Ana López')).toBeInTheDocument();
      expect(screen.getAllByText('87.5').length).toBeGreaterThan(0);
    });

    it('chooses the active period first and lists only its subjects; another period lists its own', async () => {
      mockPeriods();
      const { user } = renderWithProviders(<RatingsPage />, { route: '/Ratings', path: '/Ratings' });
      const periodo = await screen.findByRole('textbox', { name: 'Periodo' });
      await waitFor(() => expect(periodo).toHaveValue('AGO-DIC 2026 (activo)'));
      await user.click(screen.getByRole('textbox', { name: 'Materia' }));
      expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
        'Cálculo – Grupo 101 – 1° – ISC',
      ]);
      await user.keyboard('{Escape}');
      await user.click(periodo);
      await user.click(await screen.findByRole('option', { name: 'ENE-JUN 2026' }));
      await user.click(screen.getByRole('textbox', { name: 'Materia' }));
      expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
        'Programación Orientada a Objetos – Grupo 201 – 1° – ISC',
      ]);
    });
  });
});

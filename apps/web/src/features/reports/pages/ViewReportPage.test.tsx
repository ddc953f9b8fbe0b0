import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GroupReport, StudentReport, TeacherAssignment } from '@egreso/domain';
import { mockApi, renderWithProviders, signIn } from '../../../test/render';
import ViewReportPage from './ViewReportPage';

// jsdom draws no canvas: the chart stands in as its accessible image, the data table is the real one.
const CAREER = { id: 1, career_key: 'ISC', name: 'Ingeniería en Sistemas Computacionales' };
const ASSIGNMENT = {
  id: 7,
  user_id: 3,
  subject_id: 5,
  group_id: 2,
  period_id: 1,
  career_id: 1,
  created_at: '2026-08-01T00:00:00.000Z',
  user: { id: 3, full_name: 'Laura Mendoza' },
  subject: { id: 5, subject_name: 'Fundamentos de Programación', subject_key: 'SCD-1008' },
  group: { id: 2, group_name: '101', semester_id: 1 },
  semester: { id: 1, semester_name: 'Primer semestre' },
  period: { id: 1, period_name: 'AGO-DIC 2026', is_active: true },
  career: CAREER,
  careers: [CAREER],
} as TeacherAssignment;
const context = {
  professor_subject_id: 7,
  subject_name: 'Fundamentos de Programación',
  group_name: '101',
  period_name: 'AGO-DIC 2026',
};
const GROUP: GroupReport = {
  ...context,
  alumnos: [
    { id: 40, full_name: 'Ana López', controlnumber: 'L1' },
    { id: 41, full_name: 'Beto Ruiz', controlnumber: 'L2' },
  ],
  atributos: [
    {
      attribute_id: 21,
      attribute_name: 'Resolver problemas',
      codigo: 'AE1',
      sobresaliente: 1,
      suficiente: 2,
      insuficiente: 5,
    },
  ],
};
const STUDENT: StudentReport = {
  ...context,
  alumno: GROUP.alumnos[0]!,
  atributos: [{ attribute_id: 21, attribute_name: 'Resolver problemas', codigo: 'AE1', promedio: 8.75 }],
};
const SLOW = { timeout: 4000 };

beforeEach(() => {
  signIn({ id: 3, full_name: 'Laura Mendoza', rol: 2 });
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ViewReportPage', () => {
  it('filters by subject and group, then shows the band counts and shares in the data table', async () => {
    const calls = mockApi({
      'GET /mis-carreras': { body: [CAREER] },
      'GET /profesor/materias': { body: [ASSIGNMENT] },
      'GET /reportes/grupo': { body: GROUP },
      'GET /reportes/grupo/alumno': { body: STUDENT },
    });
    const { user } = renderWithProviders(<ViewReportPage />, { route: '/ViewReport' });
    // The teacher's only career is chosen for them, and named among the filters.
    expect(await screen.findByText('Carrera: Ingeniería en Sistemas Computacionales', {}, SLOW)).toBeInTheDocument();

    await user.click(screen.getByRole('textbox', { name: 'Materia' }));
    await user.click(await screen.findByRole('option', { name: 'Fundamentos de Programación' }));
    await user.click(screen.getByRole('textbox', { name: 'Grupo' }));
    await user.click(await screen.findByRole('option', { name: '101 – AGO-DIC 2026' }));
    expect(
      await screen.findByText(
        'Carrera: Ingeniería en Sistemas Computacionales · Materia: Fundamentos de Programación · Grupo: 101 (AGO-DIC 2026)',
      ),
    ).toBeInTheDocument();

    const table = await screen.findByRole('table', { name: 'Datos de la gráfica por atributo' }, SLOW);
    const row = within(table).getByRole('row', { name: /AE1/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['1', '2', '5', '12.5', '25.0', '62.5', '8']);
    const query = calls.find((c) => c.path === '/reportes/grupo')!.query;
    expect([query.get('subject_id'), query.get('group_id'), query.get('period_id')]).toEqual(['5', '2', '1']);

    await user.click(screen.getByRole('button', { name: 'Ver en %' }));
    expect(screen.getByRole('button', { name: 'Ver conteo' })).toBeInTheDocument();
    expect(screen.getByRole('img').getAttribute('aria-label')).toContain('Sobresaliente 12.5%');

    // One student: the 0-10 average reads as 87.5 on 0-100, in the Suficiente band.
    await user.click(screen.getByRole('textbox', { name: 'Alumno' }));
    await user.click(await screen.findByRole('option', { name: 'Ana López' }));
    const studentTable = await screen.findByRole('table', { name: 'Datos de la gráfica del alumno' }, SLOW);
    expect(
      within(within(studentTable).getByRole('row', { name: /AE1/ }))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['87.5', 'Suficiente']);
    for (const legend of ['Insuficiente (0–69)', 'Suficiente (70–89)', 'Sobresaliente (90–100)'])
      expect(screen.getByText(legend)).toBeInTheDocument();
    expect(screen.getByText(/Alumno: Ana López/)).toBeInTheDocument();
  });
});

import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ROLE } from '@egreso/domain';
import { mockApi, renderWithProviders, signIn } from '../../../test/render';
import { setPhone } from '../../../test/viewport';
import ActivitiesPage from './ActivitiesPage';

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
const attributes = [
  {
    id: 20,
    attribute_name: 'Resolución de problemas',
    description: null,
    codigo: 'AE1',
    career_id: 1,
    career: null,
    knowledge_level: 'Introductorio',
    pivot: { knowledge_level: 'Introductorio' },
  },
];
// As the server answers them: in Spanish order of names, whatever their codes.
const twoAttributes = [
  { ...attributes[0]!, id: 21, attribute_name: 'Ética profesional', codigo: 'AE7' },
  attributes[0]!,
];

beforeEach(() => {
  setPhone(false);
  signIn({ id: 4, full_name: 'Laura Mendoza', rol: ROLE.TEACHER });
});
afterEach(() => vi.unstubAllGlobals());

describe('ActivitiesPage', () => {
  it('warns when the career has no assigned subject', async () => {
    mockApi({ 'GET /mis-carreras': { body: [career] }, 'GET /profesor/materias': { body: [] } });
    renderWithProviders(<ActivitiesPage />, { route: '/CreateActivity' });
    expect(
      await screen.findByText(
        'No tienes ninguna materia asignada en esta carrera. Por favor, contacta a tu jefe(a) de carrera si crees que es un error.',
        {},
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
  });

  it('adds activities with live counters, drops empty rows and saves after the confirmation', async () => {
    const calls = mockApi({
      'GET /mis-carreras': { body: [career] },
      'GET /profesor/materias': { body: [assignment] },
      'GET /subjects/5/attributes': { body: attributes },
      'GET /activities': { body: [] },
      'POST /activities/bulk-upsert': { body: { message: '¡Actividades guardadas correctamente!', activities: [] } },
    });
    const { user } = renderWithProviders(<ActivitiesPage />, { route: '/CreateActivity' });
    await user.click(await screen.findByRole('textbox', { name: 'Materia' }, { timeout: 5000 }));
    await user.click(screen.getByRole('option', { name: 'Cálculo – Grupo 101 – 1° – ISC' }));
    expect(
      await screen.findByRole(
        'heading',
        { name: 'Matriz de Evidencias de Aprendizaje por Atributo - Cálculo' },
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Agregar actividad' }));
    await user.click(screen.getByRole('button', { name: 'Agregar actividad' }));
    await user.type(screen.getByLabelText('Nombre de la actividad 1'), '  Examen  ');
    await user.type(screen.getByLabelText('Tipo de evidencia de Examen'), 'Escrito');
    expect(screen.getByText('7 / 85')).toBeInTheDocument();
    await user.click(screen.getByLabelText('Resolución de problemas en Examen'));
    await user.click(screen.getByRole('button', { name: 'Guardar todo' }));
    const dialog = screen.getByRole('dialog', { name: 'Guardar actividades' });
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Cambios guardados', {}, { timeout: 5000 })).toBeInTheDocument();
    const body = calls.find((c) => c.method === 'POST')!.body;
    expect(body).toEqual({
      professor_subject_id: 7,
      activities: [
        {
          activity_name: 'Examen',
          type_activity: 'Escrito',
          evaluation_instrument: null,
          ponderation: 100,
          attribute_ids: [20],
        },
      ],
    });
  });

  it('locks every field with the edit toggle', async () => {
    mockApi({
      'GET /mis-carreras': { body: [career] },
      'GET /profesor/materias': { body: [assignment] },
      'GET /subjects/5/attributes': { body: attributes },
      'GET /activities': { body: [] },
    });
    const { user } = renderWithProviders(<ActivitiesPage />, { route: '/CreateActivity' });
    await user.click(await screen.findByRole('textbox', { name: 'Materia' }, { timeout: 5000 }));
    await user.click(screen.getByRole('option', { name: /^Cálculo/ }));
    await user.click(await screen.findByRole('switch', { name: 'Edición habilitada' }, { timeout: 5000 }));
    expect(screen.getByText('Edición bloqueada')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Agregar actividad' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Guardar todo' })).toBeDisabled();
  });

  async function openMatrix(bulk: { status: number; body: unknown }) {
    mockApi({
      'GET /mis-carreras': { body: [career] },
      'GET /profesor/materias': { body: [assignment] },
      'GET /subjects/5/attributes': { body: twoAttributes },
      'GET /activities': { body: [] },
      'POST /activities/bulk-upsert': bulk,
    });
    const r = renderWithProviders(<ActivitiesPage />, { route: '/CreateActivity' });
    await r.user.click(await screen.findByRole('textbox', { name: 'Materia' }, { timeout: 5000 }));
    await r.user.click(screen.getByRole('option', { name: /^Cálculo/ }));
    await screen.findByRole('heading', { name: /^Matriz de Evidencias/ }, { timeout: 5000 });
    return r;
  }

  it('heads each attribute column with its name under its code, in the order the server gives (Spanish order of names)', async () => {
    await openMatrix({ status: 200, body: { message: 'ok', activities: [] } });
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers.slice(4, 6)).toEqual(['AE7Ética profesional', 'AE1Resolución de problemas']);
  });

  it("shows the server's message when a save fails, or 'Error al guardar actividades' alone when it gives none", async () => {
    const save = async (r: Awaited<ReturnType<typeof openMatrix>>) => {
      await r.user.click(screen.getByRole('button', { name: 'Agregar actividad' }));
      await r.user.type(screen.getByLabelText('Nombre de la actividad 1'), 'Examen');
      await r.user.click(screen.getByRole('button', { name: 'Guardar todo' }));
      await r.user.click(
        within(screen.getByRole('dialog', { name: 'Guardar actividades' })).getByRole('button', { name: 'Guardar' }),
      );
      return within(await screen.findByRole('dialog', { name: 'Error' })).getByText(/./, { selector: 'p' }).textContent;
    };
    let r = await openMatrix({ status: 422, body: { message: 'La ponderación debe estar entre 0 y 100.' } });
    expect(await save(r)).toBe('La ponderación debe estar entre 0 y 100.');
    r.unmount();
    r = await openMatrix({ status: 500, body: {} });
    expect(await save(r)).toBe('Error al guardar actividades');
  });

  it('names the group in a field of its own on a phone, as /Ratings does, and switches between two groups of a subject', async () => {
    setPhone(true);
    const second = { ...assignment, id: 8, group_id: 4, group: { id: 4, group_name: '102', semester_id: 1 } };
    mockApi({
      'GET /mis-carreras': { body: [career] },
      'GET /profesor/materias': { body: [assignment, second] },
      'GET /subjects/5/attributes': { body: attributes },
      'GET /activities': { body: [] },
    });
    const { user } = renderWithProviders(<ActivitiesPage />, { route: '/CreateActivity' });
    await user.click(await screen.findByRole('textbox', { name: 'Materia' }, { timeout: 5000 }));
    // One entry per subject; the group is chosen beside it.
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Cálculo – Grupo 101 – 1° – ISC']);
    await user.click(screen.getByRole('option', { name: 'Cálculo – Grupo 101 – 1° – ISC' }));
    expect(screen.getByRole('textbox', { name: 'Grupo' })).toHaveValue('101');
    await user.click(screen.getByRole('textbox', { name: 'Grupo' }));
    await user.click(screen.getByRole('option', { name: '102' }));
    expect(screen.getByRole('textbox', { name: 'Grupo' })).toHaveValue('102');
    // The subject's label follows the chosen group instead of naming the first one.
    expect(screen.getByRole('textbox', { name: 'Materia' })).toHaveValue('Cálculo – Grupo 102 – 1° – ISC');
  });
});

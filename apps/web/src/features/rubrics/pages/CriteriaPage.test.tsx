import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RubricTree, TeacherAssignment } from '@egreso/domain';
import { mockApi, renderWithProviders, signIn, type ApiCall } from '../../../test/render';
import CriteriaPage from './CriteriaPage';

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
const SCALES = [
  { id: 1, scale_name: 'Insuficiente', min_value: 0, max_value: 69 },
  { id: 2, scale_name: 'Suficiente', min_value: 70, max_value: 89 },
  { id: 3, scale_name: 'Sobresaliente', min_value: 90, max_value: 100 },
];
const scalesOf = (texts: Array<string | null>) =>
  SCALES.map((s, i) => ({
    scale_id: s.id,
    scale_name: s.scale_name,
    min_value: s.min_value,
    max_value: s.max_value,
    custom_description: texts[i] ?? null,
  }));
const TREE: RubricTree = {
  rubric_id: 11,
  rubric_name: 'Rúbrica',
  professor_subject_id: 7,
  subject_name: 'Fundamentos de Programación',
  group_name: '101',
  period_name: 'AGO-DIC 2026',
  teacher_name: 'Laura Mendoza',
  atributos: [
    {
      id: 21,
      attribute_name: 'Resolver problemas',
      codigo: 'AE1',
      description: null,
      evaluationcriterias: [
        {
          id: 31,
          rubric_id: 11,
          attribute_id: 21,
          name_criterion: 'PLANTEAMIENTO',
          weight: 60,
          evaluation_scales: scalesOf([null, null, 'Sin errores']),
          indicators: [{ id: 41, evaluationcriteria_id: 31, description: 'IDENTIFICA DATOS', weight: 30 }],
        },
      ],
    },
    { id: 22, attribute_name: 'Comunicar ideas', codigo: 'AE2', description: null, evaluationcriterias: [] },
  ],
};

const base = {
  'GET /mis-carreras': { body: [CAREER] },
  'GET /profesor/materias': { body: [ASSIGNMENT] },
  'GET /evaluationscales': { body: SCALES },
};

function renderPage() {
  signIn({ id: 3, full_name: 'Laura Mendoza', rol: 2 });
  return renderWithProviders(<CriteriaPage />, { route: '/Criteria' });
}

// The machine running the suite may be busy: the first screen of a test gets more time than findBy's default second.
const SLOW = { timeout: 4000 };

afterEach(() => vi.unstubAllGlobals());

describe('CriteriaPage', () => {
  it('tells a teacher without careers to contact the career chief', async () => {
    mockApi({ 'GET /mis-carreras': { body: [] } });
    renderPage();
    expect(
      await screen.findByText(
        'No tienes ninguna carrera asignada. Por favor, contacta a tu jefe(a) de carrera o a servicios escolares.',
        {},
        SLOW,
      ),
    ).toBeInTheDocument();
  });

  it("creates a missing rubric while showing 'Creando rúbrica, por favor espera...', then shows it", async () => {
    let created = false;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    const calls = mockApi({
      ...base,
      'GET /profesor/materia/7/rubrica': () =>
        created ? { body: TREE } : { status: 404, body: { message: 'Esta materia aún no tiene rúbrica.' } },
      'POST /rubrics': async () => {
        await gate;
        created = true;
        return {
          status: 201,
          body: { id: 11, rubric_id: 11, rubric_name: 'Rúbrica', professor_subject_id: 7, created_at: 'x' },
        };
      },
    });
    renderPage();
    expect(await screen.findByText('Creando rúbrica, por favor espera...', {}, SLOW)).toBeInTheDocument();
    release();
    expect(await screen.findByRole('heading', { name: 'AE1 - Resolver problemas' }, SLOW)).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: 'Rúbrica y Matriz de Evaluación - Fundamentos de Programación' }),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/rubrics').map((c) => c.body)).toEqual([
      { professor_subject_id: 7 },
    ]);
  });

  it('says so when the rubric cannot be created', async () => {
    mockApi({
      ...base,
      'GET /profesor/materia/7/rubrica': { status: 404, body: { message: 'x' } },
      'POST /rubrics': { status: 500, body: {} },
    });
    renderPage();
    expect(await screen.findByText('No se pudo crear la rúbrica automáticamente.', {}, SLOW)).toBeInTheDocument();
  });

  it('shows the sums with their warnings, the scale columns and the default description', async () => {
    mockApi({ ...base, 'GET /profesor/materia/7/rubrica': { body: TREE } });
    renderPage();
    const ae1 = await screen.findByRole('region', { name: 'AE1 - Resolver problemas' }, SLOW);
    expect(within(ae1).getByText('(¡No suma 100!)')).toBeInTheDocument();
    expect(within(ae1).getByText('(¡No suma 60!)')).toBeInTheDocument();
    for (const header of ['Insuficiente (69-0)', 'Suficiente (89-70)', 'Sobresaliente (100-90)']) {
      expect(within(ae1).getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    expect(within(ae1).getAllByText('Sin descripción')).toHaveLength(2);
    expect(within(ae1).getByText('Sin errores')).toBeInTheDocument();
  });

  it('saves a criterion after the confirmation, upper-cased, and reports it', async () => {
    let posted: ApiCall | null = null;
    mockApi({
      ...base,
      'GET /profesor/materia/7/rubrica': { body: TREE },
      'POST /evaluationcriterias': (call) => {
        posted = call;
        return {
          status: 201,
          body: {
            ...TREE.atributos[0]!.evaluationcriterias[0]!,
            id: 32,
            name_criterion: 'COMUNICACIÓN',
            weight: 40,
            indicators: [],
          },
        };
      },
    });
    const { user } = renderPage();
    const ae1 = await screen.findByRole('region', { name: 'AE1 - Resolver problemas' }, SLOW);
    await user.click(within(ae1).getByRole('button', { name: 'Agregar criterio a AE1 - Resolver problemas' }));
    const form = await screen.findByRole('dialog', { name: 'Agregar criterio' });
    await user.type(within(form).getByLabelText(/Criterio/), ' comunicación ');
    await user.type(within(form).getByLabelText(/Peso/), '41');
    await user.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect(
      await within(form).findByText(
        'La suma de los pesos de los criterios para este atributo no puede ser mayor a 100%',
      ),
    ).toBeInTheDocument();
    await user.clear(within(form).getByLabelText(/Peso/));
    await user.type(within(form).getByLabelText(/Peso/), '40');
    await user.click(within(form).getByRole('button', { name: 'Guardar' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirmación' });
    await user.click(within(confirm).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('¡Criterio guardado exitosamente!', {}, SLOW)).toBeInTheDocument();
    await waitFor(() => expect(posted).not.toBeNull());
    expect(posted!.body).toEqual({ rubric_id: 11, attribute_id: 21, name_criterion: 'COMUNICACIÓN', weight: 40 });
  });

  it("shows the server's reason when a save is refused", async () => {
    mockApi({
      ...base,
      'GET /profesor/materia/7/rubrica': { body: TREE },
      'POST /indicators': {
        status: 422,
        body: {
          message: 'La suma de los pesos de los indicadores no puede ser mayor al peso del criterio (60%)',
          errors: { weight: ['La suma de los pesos de los indicadores no puede ser mayor al peso del criterio (60%)'] },
        },
      },
    });
    const { user } = renderPage();
    const ae1 = await screen.findByRole('region', { name: 'AE1 - Resolver problemas' }, SLOW);
    await user.click(within(ae1).getByRole('button', { name: 'Agregar indicador a PLANTEAMIENTO' }));
    const form = await screen.findByRole('dialog', { name: 'Agregar indicador' });
    await user.type(within(form).getByLabelText(/Indicador/), 'otro');
    await user.type(within(form).getByLabelText(/Peso/), '30');
    await user.click(within(form).getByRole('button', { name: 'Guardar' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Confirmación' })).getByRole('button', { name: 'Guardar' }),
    );
    expect(
      await screen.findByText(
        'Ocurrió un error al guardar el indicador. La suma de los pesos de los indicadores no puede ser mayor al peso del criterio (60%)',
      ),
    ).toBeInTheDocument();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IMPROVEMENT_MSG, type BandTally, type EvidenceAnswer, type ImprovementAction } from '@egreso/domain';
import { mockApi, renderWithProviders, signIn } from '../../../test/render';
import { TeacherImprovementActions } from '../components/TeacherImprovementActions';
import EvidencePage from './EvidencePage';
import ImprovementActionsPage from './ImprovementActionsPage';

const tally = (s: number, f: number, i: number): BandTally => ({
  total: s + f + i,
  sobresaliente: s,
  suficiente: f,
  insuficiente: i,
  sobresaliente_pct: 0,
  suficiente_pct: 0,
  insuficiente_pct: 0,
});
const period = (id: number, name: string, start: string) => ({ period_id: id, period_name: name, start_date: start });
const P1 = period(1, 'AGO-DIC 2025', '2025-08-10');
const P2 = period(2, 'ENE-JUN 2026', '2026-01-20');
const P3 = period(3, 'AGO-DIC 2026', '2026-08-10');
const P4 = period(4, 'ENE-JUN 2027', '2027-01-20');

const evidence: EvidenceAnswer = {
  institution: 'Instituto de Prueba',
  career: { id: 1, career_key: 'ISC', name: 'Ingeniería en Sistemas' },
  generation: { id: 4, generation_name: '2023-2028', start_date: '2023-08-01', end_date: '2028-02-01' },
  cohort_size: 30,
  periods: [P1, P2],
  target_period: P2,
  generated_at: '2026-11-23T18:30:00.000Z',
  attributes: [
    {
      attribute_id: 7,
      attribute_name: 'Análisis',
      codigo: 'AE1',
      shared: false,
      description: null,
      students: tally(12, 10, 8),
      verdict: { share: 73.3, target: 75, met: false, critical: false },
      trend: [
        { ...P1, students: tally(5, 3, 2), verdict: { share: 80, target: 70, met: true, critical: false } },
        { ...P2, students: tally(10, 10, 10), verdict: { share: 66.7, target: 75, met: false, critical: true } },
      ],
      subjects: [],
      records: tally(0, 0, 0),
    },
    {
      attribute_id: 8,
      attribute_name: 'Ética',
      codigo: null,
      shared: false,
      description: null,
      students: tally(4, 0, 0),
      verdict: { share: 100, target: 70, met: true, critical: false },
      // Missed in one period but met overall and not critical: no action is offered (README, criterion 4).
      trend: [
        { ...P1, students: tally(0, 1, 1), verdict: { share: 50, target: 70, met: false, critical: true } },
        { ...P2, students: tally(4, 0, 0), verdict: { share: 100, target: 70, met: true, critical: false } },
      ],
      subjects: [],
      records: tally(0, 0, 0),
    },
  ],
};

const action: ImprovementAction = {
  id: 50,
  career: { id: 1, name: 'Ingeniería en Sistemas' },
  generation: { id: 4, generation_name: '2023-2028' },
  attribute: { id: 7, attribute_name: 'Análisis', codigo: 'AE1', shared: false },
  finding: { students: 30, share: 66.7, target: 75, met: false, critical: true, period: P2 },
  cause: 'No modelan antes de programar.',
  action: 'Taller de modelado.',
  subjects: [
    {
      subject_id: 12,
      subject_key: 'BD-1',
      subject_name: 'Bases de datos',
      teachers: [{ id: 9, full_name: 'Rosa Luna' }],
    },
  ],
  period: P3,
  expected_share: 75,
  measured: { students: 28, share: 78.6, met: true, critical: false },
  proposed_status: 'cumplida',
  status: 'en_curso',
  verdict_note: null,
  verdict_at: null,
  verdict_by: null,
  followups: [
    {
      id: 1,
      followup_date: '2026-09-15',
      text: 'Dos talleres con el grupo.',
      author_id: 9,
      author_name: 'Rosa Luna',
      created_at: '2026-09-15T10:00:00Z',
    },
  ],
  created_by: 'Jefa Demo',
  created_at: '2026-07-01T10:00:00Z',
  updated_at: '2026-07-01T10:00:00Z',
};

const catalogue = {
  'GET /mis-carreras': { body: [{ id: 1, career_key: 'ISC', name: 'Ingeniería en Sistemas' }] },
  'GET /generations': {
    body: [{ id: 4, start_date: '2023-08-01', end_date: '2028-02-01', generation_name: '2023-2028' }],
  },
  'GET /periods': {
    body: {
      data: [P4, P3, P2, P1].map((p) => ({
        id: p.period_id,
        period_name: p.period_name,
        start_date: p.start_date,
        end_date: p.start_date,
        status: 'published',
        is_active: 0,
        notes: null,
      })),
      meta: { current_page: 1, last_page: 1, total: 4 },
    },
  },
  'GET /subjects': {
    body: [
      {
        id: 12,
        subject_name: 'Bases de datos',
        subject_key: 'BD-1',
        theory_credits: 2,
        practice_credits: 2,
        prerequisites: [],
        semesters: [],
        careers: [{ id: 1, name: 'Ingeniería en Sistemas' }],
        attributes: [],
      },
      {
        id: 13,
        subject_name: 'Puentes',
        subject_key: 'PU-1',
        theory_credits: 2,
        practice_credits: 2,
        prerequisites: [],
        semesters: [],
        careers: [{ id: 2, name: 'Civil' }],
        attributes: [],
      },
    ],
  },
  'GET /attributes': {
    body: [
      {
        id: 7,
        attribute_name: 'Análisis',
        description: 'x',
        codigo: 'AE1',
        career_id: 1,
        career: { id: 1, name: 'Ingeniería en Sistemas' },
      },
    ],
  },
};

afterEach(() => vi.unstubAllGlobals());

/** The chief opens the evidence of the 2023-2028 generation. */
async function consultEvidence() {
  signIn({ id: 3, full_name: 'Jefa Demo', rol: 1 });
  const r = renderWithProviders(<EvidencePage />, { route: '/ReportEvidence' });
  await waitFor(() => expect(screen.getByRole('textbox', { name: 'Carrera' })).toHaveValue('Ingeniería en Sistemas'));
  await r.user.click(screen.getByRole('textbox', { name: 'Generación' }));
  await r.user.click(await screen.findByRole('option', { name: '2023-2028' }));
  await r.user.click(screen.getByRole('button', { name: 'Consultar' }));
  return r;
}

describe('improvement actions on the evidence', () => {
  it('offers the action only where a target was missed or the attribute is critical, and registers it with the finding chosen', async () => {
    const calls = mockApi({
      ...catalogue,
      'GET /reportes/evidencia': { body: evidence },
      'GET /reportes/acciones-mejora': { body: [] },
      'POST /reportes/acciones-mejora': { status: 201, body: action },
    });
    const r = await consultEvidence();

    const analysis = await screen.findByRole('region', { name: 'AE1 · Análisis' });
    expect(
      within(screen.getByRole('region', { name: 'Ética' })).queryByRole('button', {
        name: 'Registrar acción de mejora',
      }),
    ).not.toBeInTheDocument();
    await r.user.click(within(analysis).getByRole('button', { name: 'Registrar acción de mejora' }));
    const dialog = await screen.findByRole('dialog', { name: 'Registrar acción de mejora' });
    const d = within(dialog);
    // The period that missed is the finding; the action applies in the next period by default.
    expect(d.getByRole('textbox', { name: 'Periodo del hallazgo' })).toHaveValue('ENE-JUN 2026: 66.7 % (meta 75 %)');
    expect(d.getByText(/Hallazgo: 66.7 % en Suficiente o más contra una meta de 75 %; crítico/)).toBeInTheDocument();
    await waitFor(() => expect(d.getByRole('textbox', { name: 'Periodo de aplicación' })).toHaveValue('AGO-DIC 2026'));

    await r.user.click(d.getByRole('button', { name: 'Guardar' }));
    expect(await d.findByText(IMPROVEMENT_MSG.causeRequired)).toBeInTheDocument();
    expect(d.getByText(IMPROVEMENT_MSG.actionRequired)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await r.user.type(d.getByRole('textbox', { name: 'Causa identificada' }), 'No modelan antes de programar.');
    await r.user.type(d.getByRole('textbox', { name: 'Acción de mejora' }), 'Taller de modelado.');
    await r.user.click(d.getByRole('textbox', { name: 'Materias en que se aplica' }));
    expect(screen.queryByRole('option', { name: 'PU-1 · Puentes' })).not.toBeInTheDocument();
    await r.user.click(await screen.findByRole('option', { name: 'BD-1 · Bases de datos' }));
    await r.user.click(d.getByRole('button', { name: 'Guardar' }));
    await screen.findByText('Acción de mejora registrada.');
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      career_id: 1,
      generation_id: 4,
      attribute_id: 7,
      finding_period_id: 2,
      period_id: 3,
      cause: 'No modelan antes de programar.',
      action: 'Taller de modelado.',
      subject_ids: [12],
      expected_share: null,
    });
    // A long walk through the form: more time than the default on a busy machine.
  }, 40_000);

  it("offers as the period of application only those after the finding's", async () => {
    mockApi({
      ...catalogue,
      'GET /reportes/evidencia': { body: evidence },
      'GET /reportes/acciones-mejora': { body: [] },
    });
    const r = await consultEvidence();
    const analysis = await screen.findByRole('region', { name: 'AE1 · Análisis' });
    await r.user.click(within(analysis).getByRole('button', { name: 'Registrar acción de mejora' }));
    const d = within(await screen.findByRole('dialog', { name: 'Registrar acción de mejora' }));
    await r.user.click(d.getByRole('textbox', { name: 'Periodo de aplicación' }));
    // The finding is of ENE-JUN 2026: it and AGO-DIC 2025 are not offered.
    expect((await screen.findAllByRole('option', { name: /ENE-JUN 2027|AGO-DIC 2026/ })).length).toBe(2);
    expect(screen.queryByRole('option', { name: 'ENE-JUN 2026' })).not.toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'AGO-DIC 2025' })).not.toBeInTheDocument();
  });

  it('shows under the attribute its actions with status, expected and measured result and follow-ups', async () => {
    mockApi({
      ...catalogue,
      'GET /reportes/evidencia': { body: evidence },
      'GET /reportes/acciones-mejora': { body: [action] },
    });
    await consultEvidence();
    const list = within(await screen.findByRole('region', { name: 'AE1 · Análisis' })).getByRole('list', {
      name: 'Acciones de mejora',
    });
    const card = within(list).getAllByRole('listitem')[0]!;
    expect(card).toHaveTextContent('Aplicación: AGO-DIC 2026');
    expect(card).toHaveTextContent('En curso');
    expect(card).toHaveTextContent(
      'Hallazgo (ENE-JUN 2026): 66.7 % en Suficiente o más de 30 alumnos, meta 75 %; crítico',
    );
    expect(card).toHaveTextContent(
      'Esperado: 75 %. Medido en AGO-DIC 2026: 78.6 % de 28 alumnos con datos. Dictamen propuesto: Cumplida.',
    );
    expect(card).toHaveTextContent('Materias: Bases de datos (Rosa Luna)');
    expect(card).toHaveTextContent('15 sep 2026 · Rosa Luna: Dos talleres con el grupo.');
    expect(
      within(screen.getByRole('region', { name: 'Ética' })).queryByRole('list', { name: 'Acciones de mejora' }),
    ).not.toBeInTheDocument();
  });
});

describe('a shared attribute (no career)', () => {
  const shared = { ...action, attribute: { ...action.attribute, shared: true } };
  it("reads '(compartido)' in the register dialog", async () => {
    mockApi({
      ...catalogue,
      'GET /reportes/evidencia': {
        body: {
          ...evidence,
          attributes: [{ ...evidence.attributes[0]!, shared: true }, ...evidence.attributes.slice(1)],
        },
      },
      'GET /reportes/acciones-mejora': { body: [shared] },
    });
    const r = await consultEvidence();
    const region = await screen.findByRole('region', { name: 'AE1 · Análisis (compartido)' });
    await r.user.click(within(region).getByRole('button', { name: 'Registrar acción de mejora' }));
    const dialog = await screen.findByRole('dialog', { name: 'Registrar acción de mejora' });
    expect(dialog).toHaveTextContent('Atributo: Análisis (compartido)');
  });

  it("is labelled in the teacher's list of actions", async () => {
    mockApi({ 'GET /reportes/acciones-mejora': { body: [shared] } });
    signIn({ id: 9, full_name: 'Rosa Luna', rol: 2 });
    renderWithProviders(<TeacherImprovementActions />, { route: '/TeacherDashboard' });
    const section = await screen.findByRole('region', { name: 'Acciones de mejora en mis materias' });
    expect(
      await within(section).findByText(/Análisis \(compartido\) · 2023-2028 · Aplicación: AGO-DIC 2026/),
    ).toBeInTheDocument();
  });
});

describe("'Mejora continua'", () => {
  it("filters the career's actions and confirms the verdict only with a note", async () => {
    const calls = mockApi({
      ...catalogue,
      'GET /reportes/acciones-mejora': { body: [action] },
      'PUT /reportes/acciones-mejora/50': { body: { ...action, status: 'cumplida', verdict_note: 'Meta alcanzada.' } },
    });
    signIn({ id: 3, full_name: 'Jefa Demo', rol: 1 });
    const r = renderWithProviders(<ImprovementActionsPage />, { route: '/ImprovementActions' });
    expect(
      await screen.findByText(/Análisis · 2023-2028 · Aplicación: AGO-DIC 2026/, {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(Object.fromEntries(calls.find((c) => c.path === '/reportes/acciones-mejora')!.query)).toEqual({
      career_id: '1',
    });

    await r.user.click(screen.getByRole('textbox', { name: 'Estatus' }));
    await r.user.click(await screen.findByRole('option', { name: 'En curso' }));
    await waitFor(() =>
      expect(calls.some((c) => c.path === '/reportes/acciones-mejora' && c.query.get('status') === 'en_curso')).toBe(
        true,
      ),
    );

    await r.user.click(screen.getByRole('button', { name: 'Editar o dictaminar' }));
    const d = within(await screen.findByRole('dialog', { name: 'Acción de mejora' }));
    expect(d.getByText(/Dictamen propuesto: Cumplida/)).toBeInTheDocument();
    await r.user.click(d.getByRole('textbox', { name: 'Estatus' }));
    await r.user.click(await screen.findByRole('option', { name: 'Cumplida' }));
    await r.user.click(d.getByRole('button', { name: 'Guardar' }));
    expect(await d.findByText(IMPROVEMENT_MSG.verdictNoteRequired)).toBeInTheDocument();
    await r.user.type(d.getByRole('textbox', { name: /Nota del dictamen/ }), 'Meta alcanzada.');
    await r.user.click(d.getByRole('button', { name: 'Guardar' }));
    await screen.findByText('Acción de mejora guardada.');
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      period_id: 3,
      cause: action.cause,
      action: action.action,
      subject_ids: [12],
      expected_share: 75,
      status: 'cumplida',
      verdict_note: 'Meta alcanzada.',
    });
  });
});

describe("'Editar o dictaminar'", () => {
  it('measures the period chosen as soon as it is chosen, before anything is saved, and offers only later periods', async () => {
    const calls = mockApi({
      ...catalogue,
      'GET /reportes/acciones-mejora': { body: [action] },
      'GET /reportes/acciones-mejora/50/medicion': {
        body: {
          period: P4,
          expected_share: 75,
          measured: { students: 20, share: 50, met: false, critical: true },
          proposed_status: 'no_cumplida',
        },
      },
    });
    signIn({ id: 3, full_name: 'Jefa Demo', rol: 1 });
    const r = renderWithProviders(<ImprovementActionsPage />, { route: '/ImprovementActions' });
    await r.user.click(await screen.findByRole('button', { name: 'Editar o dictaminar' }, { timeout: 5000 }));
    const d = within(await screen.findByRole('dialog', { name: 'Acción de mejora' }));
    const measured = d.getByRole('status', { name: 'Resultado medido' });
    expect(measured).toHaveTextContent(
      'Esperado: 75 %. Medido en AGO-DIC 2026: 78.6 % de 28 alumnos con datos. Dictamen propuesto: Cumplida.',
    );
    expect(calls.some((c) => c.path.endsWith('/medicion'))).toBe(false);

    await r.user.click(d.getByRole('textbox', { name: 'Periodo de aplicación' }));
    // The finding is of ENE-JUN 2026: neither it nor an earlier period is offered.
    expect(screen.queryByRole('option', { name: 'ENE-JUN 2026' })).not.toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'AGO-DIC 2025' })).not.toBeInTheDocument();
    await r.user.click(await screen.findByRole('option', { name: 'ENE-JUN 2027' }));
    await waitFor(() =>
      expect(measured).toHaveTextContent(
        'Esperado: 75 %. Medido en ENE-JUN 2027: 50.0 % de 20 alumnos con datos. Dictamen propuesto: No cumplida.',
      ),
    );
    const asked = calls.find((c) => c.path === '/reportes/acciones-mejora/50/medicion')!;
    expect(Object.fromEntries(asked.query)).toEqual({ period_id: '4', expected_share: '75' });
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });
});

describe("the teacher's actions", () => {
  it('lists the actions on their subjects and records a follow-up with its date', async () => {
    const calls = mockApi({
      'GET /reportes/acciones-mejora': { body: [action] },
      'POST /reportes/acciones-mejora/50/seguimientos': { status: 201, body: action },
    });
    signIn({ id: 9, full_name: 'Rosa Luna', rol: 2 });
    const r = renderWithProviders(<TeacherImprovementActions />, { route: '/TeacherDashboard' });
    const section = await screen.findByRole('region', { name: 'Acciones de mejora en mis materias' });
    expect(within(section).queryByRole('button', { name: 'Editar o dictaminar' })).not.toBeInTheDocument();
    await r.user.click(within(section).getByRole('button', { name: 'Registrar seguimiento' }));
    const d = within(await screen.findByRole('dialog', { name: 'Registrar seguimiento' }));
    const date = d.getByRole('textbox', { name: /Fecha/ });
    await r.user.clear(date);
    await r.user.type(date, '20/09/2026');
    await r.user.click(d.getByRole('button', { name: 'Guardar' }));
    expect(await d.findByText(IMPROVEMENT_MSG.followupRequired)).toBeInTheDocument();
    await r.user.type(d.getByRole('textbox', { name: /Qué se hizo/ }), 'Revisé los modelos de cada equipo.');
    await r.user.click(d.getByRole('button', { name: 'Guardar' }));
    await screen.findByText('Seguimiento registrado.');
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      followup_date: '2026-09-20',
      text: 'Revisé los modelos de cada equipo.',
    });
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EVIDENCE_MSG, type BandTally, type EvidenceAnswer } from '@egreso/domain';
import { mockApi, renderWithProviders, signIn } from '../../../test/render';
import EvidencePage from './EvidencePage';

// Chart.js needs a real canvas: the chart is replaced by its accessible name and its data.
const tally = (s: number, f: number, i: number): BandTally => {
  const total = s + f + i;
  const share = (n: number) => (total ? Math.round((n / total) * 1000) / 10 : 0);
  return {
    total,
    sobresaliente: s,
    suficiente: f,
    insuficiente: i,
    sobresaliente_pct: share(s),
    suficiente_pct: share(f),
    insuficiente_pct: share(i),
  };
};
const period = (id: number, name: string) => ({ period_id: id, period_name: name, start_date: '2026-01-01' });

const evidence: EvidenceAnswer = {
  institution: 'Instituto Tecnológico de Prueba',
  career: { id: 1, career_key: 'ISC', name: 'Ingeniería en Sistemas Computacionales' },
  generation: { id: 4, generation_name: '2023-2028', start_date: '2023-08-01', end_date: '2028-02-01' },
  cohort_size: 32,
  periods: [period(1, 'AGO-DIC 2025'), period(2, 'ENE-JUN 2026')],
  target_period: period(2, 'ENE-JUN 2026'),
  generated_at: '2026-11-23T18:30:00.000Z',
  attributes: [
    {
      attribute_id: 7,
      attribute_name: 'Análisis de problemas',
      codigo: 'AE1',
      shared: false,
      description: 'Identifica y resuelve problemas de ingeniería.',
      students: tally(12, 10, 8),
      verdict: { share: 73.3, target: 70, met: true, critical: true },
      trend: [
        {
          ...period(1, 'AGO-DIC 2025'),
          students: tally(5, 3, 2),
          verdict: { share: 80, target: 70, met: true, critical: false },
        },
        {
          ...period(2, 'ENE-JUN 2026'),
          students: tally(10, 10, 10),
          verdict: { share: 66.7, target: 75, met: false, critical: true },
        },
      ],
      subjects: [
        {
          subject_id: 12,
          subject_key: 'MAT-1',
          subject_name: 'Cálculo Diferencial',
          knowledge_level: 'I',
          records: tally(12, 10, 8),
          activities: [
            {
              activity_id: 100,
              activity_name: 'Examen parcial 1',
              type_activity: 'Examen',
              evaluation_instrument: null,
              ponderation: 30,
              period_name: 'ENE-JUN 2026',
              group_name: '1A',
              teacher_name: 'Ana Pérez',
            },
            {
              activity_id: 101,
              activity_name: 'Proyecto final',
              type_activity: null,
              evaluation_instrument: 'Rúbrica',
              ponderation: 70,
              period_name: 'ENE-JUN 2026',
              group_name: null,
              teacher_name: 'Ana Pérez',
            },
          ],
        },
        {
          subject_id: 13,
          subject_key: 'FIS-1',
          subject_name: 'Física',
          knowledge_level: null,
          records: tally(3, 1, 0),
          activities: [],
        },
      ],
      records: tally(15, 11, 8),
    },
    {
      attribute_id: 8,
      attribute_name: 'Ética profesional',
      codigo: null,
      shared: false,
      description: null,
      students: tally(0, 0, 0),
      verdict: { share: 0, target: 70, met: null, critical: false },
      trend: [],
      subjects: [],
      records: tally(0, 0, 0),
    },
    {
      attribute_id: 9,
      attribute_name: 'Comunicación efectiva',
      codigo: 'AE3',
      shared: false,
      description: null,
      students: tally(1, 1, 2),
      verdict: { share: 50, target: 70, met: false, critical: true },
      trend: [],
      subjects: [],
      records: tally(1, 1, 2),
    },
  ],
};

const catalogue = {
  'GET /mis-carreras': { body: [{ id: 1, career_key: 'ISC', name: 'Ingeniería en Sistemas Computacionales' }] },
  'GET /generations': {
    body: [{ id: 4, start_date: '2023-08-01', end_date: '2028-02-01', generation_name: '2023-2028' }],
  },
};

function renderPage(rol = 1) {
  signIn({ id: 3, full_name: 'Jefa Demo', rol });
  return renderWithProviders(<EvidencePage />, { route: '/ReportEvidence' });
}

async function consult(r: ReturnType<typeof renderPage>) {
  await waitFor(() =>
    expect(screen.getByRole('textbox', { name: 'Carrera' })).toHaveValue('Ingeniería en Sistemas Computacionales'),
  );
  await r.user.click(screen.getByRole('textbox', { name: 'Generación' }));
  await r.user.click(await screen.findByRole('option', { name: '2023-2028' }));
  await r.user.click(screen.getByRole('button', { name: 'Consultar' }));
}

afterEach(() => vi.unstubAllGlobals());

describe('EvidencePage', () => {
  it("opens on the chief's one career, asks nothing before 'Consultar', shows the loading text and then the evidence", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const calls = mockApi({
      ...catalogue,
      'GET /reportes/evidencia': async () => {
        await gate;
        return { body: evidence };
      },
    });
    const r = renderPage();
    expect(screen.getByRole('button', { name: 'Consultar' })).toBeDisabled();
    await consult(r);
    expect(await screen.findByRole('status')).toHaveTextContent(EVIDENCE_MSG.loading);
    expect(Object.fromEntries(calls.find((c) => c.path === '/reportes/evidencia')!.query)).toEqual({
      career_id: '1',
      generation_id: '4',
    });
    release();

    const header = await screen.findByRole('region', { name: 'Datos de la evidencia' });
    expect(header).toHaveTextContent('Instituto Tecnológico de Prueba');
    expect(header).toHaveTextContent('Carrera: ISC · Ingeniería en Sistemas Computacionales');
    expect(header).toHaveTextContent('Generación: 2023-2028');
    expect(header).toHaveTextContent('Alumnos de la generación: 32');
    expect(header).toHaveTextContent('Metas del periodo: ENE-JUN 2026');
    expect(header).toHaveTextContent(/Fecha de generación: 23 nov 2026/);
    expect(within(header).getByRole('list', { name: 'Niveles de desempeño' })).toHaveTextContent(
      'Sobresaliente (90-100)Suficiente (70-89)Insuficiente (0-69)',
    );
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows per attribute the students by band, the verdict, the critical badge, the trend and the subjects with their activities', async () => {
    mockApi({ ...catalogue, 'GET /reportes/evidencia': { body: evidence } });
    const r = renderPage();
    await consult(r);
    const section = await screen.findByRole('region', { name: 'AE1 · Análisis de problemas' });
    const s = within(section);
    expect(s.getByText('Identifica y resuelve problemas de ingeniería.')).toBeInTheDocument();

    const bands = s.getByRole('table', { name: 'Alumnos por nivel en Análisis de problemas' });
    expect(within(bands).getByRole('row', { name: /Sobresaliente \(90-100\)/ })).toHaveTextContent('12' + '40.0 %');
    expect(within(bands).getByRole('row', { name: /Insuficiente/ })).toHaveTextContent('26.7 %');
    expect(within(bands).getByRole('row', { name: /Alumnos con datos/ })).toHaveTextContent('30');

    expect(s.getByText('73.3 % en Suficiente o más · Meta: 70 %')).toBeInTheDocument();
    expect(s.getByText(EVIDENCE_MSG.met)).toBeInTheDocument();
    expect(s.getByText(EVIDENCE_MSG.critical)).toBeInTheDocument();

    const chart = s.getByRole('img', { name: /^Tendencia de Análisis de problemas por periodo/ });
    expect(chart).toHaveAccessibleName(
      'Tendencia de Análisis de problemas por periodo. AGO-DIC 2025: 80.0 %, meta 70 %; ENE-JUN 2026: 66.7 %, meta 75 %',
    );
    const datasets = JSON.parse(chart.getAttribute('data-chart')!).datasets as Array<{ type: string; data: number[] }>;
    expect(datasets.map((d) => [d.type, d.data])).toEqual([
      ['bar', [80, 66.7]],
      ['line', [70, 75]],
    ]);
    const trend = s.getByRole('table', { name: 'Tendencia de Análisis de problemas' });
    expect(within(trend).getByRole('row', { name: /ENE-JUN 2026/ })).toHaveTextContent('ENE-JUN 20263066.7 %75 %');

    const subjects = s.getByRole('table', { name: 'Materias que evalúan Análisis de problemas' });
    expect(
      within(subjects)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Clave', 'Materia', 'Nivel', 'Sobresaliente', 'Suficiente', 'Insuficiente', 'Total']);
    const calc = within(subjects).getByRole('row', { name: /Cálculo Diferencial/ });
    expect(
      within(calc)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['MAT-1', 'I', '(12) 40.0 %', '(10) 33.3 %', '(8) 26.7 %', '30']);
    expect(within(calc).getByTitle('Introductorio')).toHaveTextContent('I');
    expect(
      within(subjects).getByText(
        /Examen parcial 1 · ENE-JUN 2026 · grupo 1A · Ana Pérez · 30 %; Proyecto final · ENE-JUN 2026 · Ana Pérez · 70 %/,
      ),
    ).toBeInTheDocument();
    const total = within(subjects).getByRole('row', { name: /Total de registros/ });
    expect(
      within(total)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['(15) 44.1 %', '(11) 32.4 %', '(8) 23.5 %', '34']);

    const ethics = screen.getByRole('region', { name: 'Ética profesional' });
    expect(within(ethics).getByText(EVIDENCE_MSG.noData)).toBeInTheDocument();
    expect(within(ethics).queryByRole('table')).not.toBeInTheDocument();

    const communication = screen.getByRole('region', { name: 'AE3 · Comunicación efectiva' });
    expect(within(communication).getByText(EVIDENCE_MSG.notMet)).toBeInTheDocument();
    expect(within(communication).getByText(EVIDENCE_MSG.critical)).toBeInTheDocument();
    expect(within(communication).queryByRole('img')).not.toBeInTheDocument();
  });

  it("shows the no-verdict badge without the critical one, and prints with the browser's dialog", async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const noTarget = { ...evidence.attributes[2]!, verdict: { share: 0, target: 70, met: null, critical: false } };
    mockApi({ ...catalogue, 'GET /reportes/evidencia': { body: { ...evidence, attributes: [noTarget] } } });
    const r = renderPage();
    expect(screen.queryByRole('button', { name: 'Imprimir' })).not.toBeInTheDocument();
    await consult(r);
    expect(await screen.findByText(EVIDENCE_MSG.noVerdict)).toBeInTheDocument();
    expect(screen.queryByText(EVIDENCE_MSG.critical)).not.toBeInTheDocument();
    await r.user.click(screen.getByRole('button', { name: 'Imprimir' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('prints the career and generation in the footer of every page, and lets an attribute start under the header', async () => {
    const quoted = { ...evidence, career: { ...evidence.career, name: 'Ingeniería "Sistemas" \\ Computacionales' } };
    mockApi({ ...catalogue, 'GET /reportes/evidencia': { body: quoted } });
    const r = renderPage();
    await consult(r);
    await screen.findByRole('region', { name: 'AE1 · Análisis de problemas' });
    const footer = document.querySelector('style[data-testid="evidence-print-footer"]')!;
    expect(footer.textContent).toBe(
      '@page evidence { @bottom-left { content: "ISC · Ingeniería \\"Sistemas\\" \\\\ Computacionales · Generación 2023-2028"; font-family: sans-serif; font-size: 9pt; color: #000; vertical-align: top; padding-top: 3mm; } }',
    );
    // Only the header is kept whole: a whole attribute kept on one page left page 1 blank under the header.
    expect(screen.getByRole('region', { name: 'Datos de la evidencia' })).toHaveAttribute('data-print', 'keep');
    expect(screen.getByRole('region', { name: 'AE1 · Análisis de problemas' })).not.toHaveAttribute('data-print');
  });

  it('says when the career has no attributes', async () => {
    mockApi({ ...catalogue, 'GET /reportes/evidencia': { body: { ...evidence, attributes: [] } } });
    const r = renderPage();
    await consult(r);
    expect(await screen.findByText(EVIDENCE_MSG.noAttributes)).toBeInTheDocument();
  });

  it("shows the server's reason when it refuses, and an administrator picks among every career", async () => {
    const calls = mockApi({
      'GET /careers': {
        body: [
          { id: 1, career_key: 'ISC', name: 'Ingeniería en Sistemas Computacionales' },
          { id: 2, career_key: 'IND', name: 'Ingeniería Industrial' },
        ],
      },
      'GET /generations': catalogue['GET /generations'],
      'GET /reportes/evidencia': { status: 403, body: { message: EVIDENCE_MSG.notYourCareer } },
    });
    const r = renderPage(0);
    await waitFor(() => expect(calls.some((c) => c.path === '/careers')).toBe(true));
    expect(screen.getByRole('textbox', { name: 'Carrera' })).toHaveValue('');
    await r.user.click(screen.getByRole('textbox', { name: 'Carrera' }));
    await r.user.click(await screen.findByRole('option', { name: 'Ingeniería Industrial' }));
    await r.user.click(screen.getByRole('textbox', { name: 'Generación' }));
    await r.user.click(await screen.findByRole('option', { name: '2023-2028' }));
    await r.user.click(screen.getByRole('button', { name: 'Consultar' }));
    expect(await screen.findByText(`${EVIDENCE_MSG.error} ${EVIDENCE_MSG.notYourCareer}`)).toBeInTheDocument();
    expect(Object.fromEntries(calls.find((c) => c.path === '/reportes/evidencia')!.query)).toEqual({
      career_id: '2',
      generation_id: '4',
    });
  });
});

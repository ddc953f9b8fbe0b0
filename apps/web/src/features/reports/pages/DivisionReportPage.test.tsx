import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REPORT_MSG, type DivisionSummary, type DivisionSummaryAttribute } from '@egreso/domain';
import { mockApi, renderWithProviders, signIn } from '../../../test/render';
import DivisionReportPage from './DivisionReportPage';

// Chart.js needs a real canvas: the chart is replaced by its accessible name and its data.
const stamp = { created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z' };
const catalogue = {
  'GET /generations': {
    body: [{ id: 4, start_date: '2023-08-01', end_date: '2028-02-01', generation_name: '2023-2028', ...stamp }],
  },
  'GET /subjects': {
    body: [
      { id: 12, subject_name: 'Cálculo Diferencial', subject_key: 'MAT-1' },
      { id: 13, subject_name: 'Física', subject_key: 'FIS-1' },
    ],
  },
  'GET /periods': {
    body: {
      data: [{ id: 2, period_name: 'Enero-Junio 2026' }],
      meta: { current_page: 1, last_page: 1, total: 1, per_page: 100 },
    },
  },
  'GET /subjects/12/attributes': {
    body: [
      { id: 7, attribute_name: 'Análisis de problemas' },
      { id: 8, attribute_name: 'Comunicación efectiva' },
    ],
  },
  'GET /subjects/13/attributes': { body: [{ id: 7, attribute_name: 'Análisis de problemas' }] },
  'GET /mis-carreras': { body: [{ id: 1, name: 'Ingeniería en Sistemas Computacionales' }] },
};

/** One attribute of the server's summary: its counts per band (Sobresaliente, Suficiente, Insuficiente). */
const attr = (
  attribute_id: number,
  label: string,
  [sob, suf, ins]: [number, number, number],
  students: number,
): DivisionSummaryAttribute => {
  const total = sob + suf + ins;
  const pct = (n: number) => Math.round((1000 * n) / total) / 10;
  return {
    attribute_id,
    attribute_name: label,
    label,
    career_id: 1,
    career_key: 'ISC',
    career_name: 'Ingeniería en Sistemas Computacionales',
    students,
    bands: {
      total,
      sobresaliente: sob,
      suficiente: suf,
      insuficiente: ins,
      sobresaliente_pct: pct(sob),
      suficiente_pct: pct(suf),
      insuficiente_pct: pct(ins),
    },
    sufficient_or_above_pct: pct(sob + suf),
  };
};

const summary = (attributes: DivisionSummaryAttribute[], counters: Partial<DivisionSummary> = {}): DivisionSummary => ({
  men: 0,
  women: 0,
  students: 0,
  records: attributes.reduce((n, a) => n + a.bands.total, 0),
  scaled_ten: false,
  attributes,
  ...counters,
});

const SUMMARY = '/reportes/flex/resumen';

function renderPage() {
  signIn({ id: 1, full_name: 'Jefa Demo', rol: 1 });
  return renderWithProviders(<DivisionReportPage />, { route: '/Report' });
}

async function choose(r: ReturnType<typeof renderPage>, label: string, option: string) {
  await r.user.click(screen.getByRole('textbox', { name: label }));
  await r.user.click(await screen.findByRole('option', { name: option }));
}

afterEach(() => vi.unstubAllGlobals());

describe('DivisionReportPage', () => {
  it('asks for a generation first, a specific subject to query, and resets the attribute when the subject changes', async () => {
    const calls = mockApi({ ...catalogue, 'GET /reportes/flex/resumen': { body: summary([]) } });
    const r = renderPage();
    await waitFor(() => expect(calls.some((c) => c.path === '/generations')).toBe(true));
    expect(screen.getByRole('link', { name: 'Evidencia por generación' })).toHaveAttribute('href', '/ReportEvidence');
    expect(screen.getByRole('link', { name: 'Mapa curricular' })).toHaveAttribute('href', '/CurriculumMap');
    expect(screen.getByRole('textbox', { name: 'Materia' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Periodo' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Consultar' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Exportar Excel' })).toBeDisabled();

    await choose(r, 'Generación', '2023-2028');
    expect(screen.getByRole('button', { name: 'Exportar Excel' })).toBeEnabled();
    expect(screen.getByRole('textbox', { name: 'Atributo' })).toBeDisabled();
    await r.user.click(screen.getByRole('button', { name: 'Consultar' }));
    expect(screen.getByText(REPORT_MSG.subjectRequired)).toBeInTheDocument();
    expect(calls.some((c) => c.path === SUMMARY)).toBe(false);

    await choose(r, 'Materia', 'MAT-1 · Cálculo Diferencial');
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Atributo' })).toBeEnabled());
    await choose(r, 'Atributo', 'Comunicación efectiva');
    expect(screen.getByRole('textbox', { name: 'Atributo' })).toHaveValue('Comunicación efectiva');
    await choose(r, 'Materia', 'FIS-1 · Física');
    expect(screen.getByRole('textbox', { name: 'Atributo' })).toHaveValue('Todos los atributos');
  });

  it("shows the applied filters, and the server's summary: the four counters, the stacked chart and the table", async () => {
    const calls = mockApi({
      ...catalogue,
      'GET /reportes/flex/resumen': {
        body: summary(
          [attr(7, 'Análisis de problemas', [1, 1, 1], 3), attr(8, 'Comunicación efectiva', [1, 1, 0], 2)],
          {
            men: 1,
            women: 2,
            students: 4,
            scaled_ten: true,
          },
        ),
      },
    });
    const r = renderPage();
    await choose(r, 'Generación', '2023-2028');
    await choose(r, 'Materia', 'MAT-1 · Cálculo Diferencial');
    await choose(r, 'Periodo', 'Enero-Junio 2026');
    await r.user.click(screen.getByRole('button', { name: 'Consultar' }));
    expect(await screen.findByTestId('applied-filters')).toHaveTextContent(
      'Filtros aplicados: Generación 2023-2028 · Materia: Cálculo Diferencial · Periodo: Enero-Junio 2026 · Atributo: Todos',
    );
    const query = calls.find((c) => c.path === SUMMARY)!.query;
    // A chief of one career: that career is chosen for them and sent. The screen asks for no records.
    expect(Object.fromEntries(query)).toEqual({ generation_id: '4', career_id: '1', subject_id: '12', period_id: '2' });
    expect(calls.some((c) => c.path === '/reportes/flex')).toBe(false);
    const counter = (label: string) => screen.getByText(label).nextElementSibling;
    expect(counter('Hombres')).toHaveTextContent('1');
    expect(counter('Mujeres')).toHaveTextContent('2');
    expect(counter('Alumnos con datos')).toHaveTextContent('4');
    expect(counter('Registros (evaluaciones)')).toHaveTextContent('5');
    expect(screen.getByText('Calificaciones en escala 0-10: se muestran multiplicadas por 10.')).toBeInTheDocument();
    const chart = JSON.parse(screen.getByRole('img').getAttribute('data-chart')!);
    expect(chart.labels).toEqual(['Análisis de problemas', 'Comunicación efectiva']);
    expect(chart.datasets.map((d: { label: string; data: number[] }) => [d.label, d.data])).toEqual([
      ['Sobresaliente', [1, 1]],
      ['Suficiente', [1, 1]],
      ['Insuficiente', [1, 0]],
    ]);
    // The share is the server's (one decimal), written in es-MX.
    const table = within(screen.getByRole('table', { name: 'Registros por banda de cada atributo' }));
    expect(table.getAllByRole('row')[1]).toHaveTextContent('Análisis de problemas111366.7 %');
    expect(table.getAllByRole('row')[2]).toHaveTextContent('Comunicación efectiva1102100 %');
  });

  it('draws the 3-bar distribution for one attribute', async () => {
    mockApi({
      ...catalogue,
      'GET /reportes/flex/resumen': { body: summary([attr(8, 'Comunicación efectiva', [2, 0, 0], 2)]) },
    });
    const r = renderPage();
    await choose(r, 'Generación', '2023-2028');
    await choose(r, 'Materia', 'MAT-1 · Cálculo Diferencial');
    await choose(r, 'Atributo', 'Comunicación efectiva');
    await r.user.click(screen.getByRole('button', { name: 'Consultar' }));
    const chart = JSON.parse((await screen.findByRole('img')).getAttribute('data-chart')!);
    expect(chart).toEqual({
      labels: ['Sobresaliente', 'Suficiente', 'Insuficiente'],
      datasets: [expect.objectContaining({ data: [2, 0, 0] })],
    });
  });

  it('says when there are no records, when the report fails and when the catalogues fail', async () => {
    mockApi({ ...catalogue, 'GET /reportes/flex/resumen': { body: summary([]) } });
    const r = renderPage();
    await choose(r, 'Generación', '2023-2028');
    await choose(r, 'Materia', 'FIS-1 · Física');
    await r.user.click(screen.getByRole('button', { name: 'Consultar' }));
    expect(await screen.findByText(REPORT_MSG.noRecords)).toBeInTheDocument();
    expect(screen.getByText(REPORT_MSG.noRecordsYet)).toBeInTheDocument();
    r.unmount();

    mockApi({ ...catalogue, 'GET /reportes/flex/resumen': { status: 500, body: { message: 'Error 500' } } });
    const r2 = renderPage();
    await choose(r2, 'Generación', '2023-2028');
    await choose(r2, 'Materia', 'FIS-1 · Física');
    await r2.user.click(screen.getByRole('button', { name: 'Consultar' }));
    expect(await screen.findByText(REPORT_MSG.reportError)).toBeInTheDocument();
    r2.unmount();

    mockApi({ ...catalogue, 'GET /subjects': { status: 500, body: { message: 'Error 500' } } });
    renderPage();
    expect(await screen.findByText(REPORT_MSG.cataloguesError)).toBeInTheDocument();
  });

  it("exports with the generation (and the chief's one career) alone, and explains a refused export", async () => {
    const calls = mockApi({
      ...catalogue,
      'GET /reportes/flex/export': { status: 404, body: { message: REPORT_MSG.exportEmpty } },
    });
    const r = renderPage();
    await choose(r, 'Generación', '2023-2028');
    await r.user.click(screen.getByRole('button', { name: 'Exportar Excel' }));
    expect(await screen.findByText(`${REPORT_MSG.exportError} ${REPORT_MSG.exportEmpty}`)).toBeInTheDocument();
    expect(Object.fromEntries(calls.find((c) => c.path === '/reportes/flex/export')!.query)).toEqual({
      generation_id: '4',
      career_id: '1',
    });
  });

  it('offers every period, not only the first page of 100', async () => {
    const period = (id: number) => ({ id, period_name: `Periodo ${id}`, is_active: 0 });
    const calls = mockApi({
      ...catalogue,
      'GET /periods': (call) =>
        call.query.get('page') === '2'
          ? { body: { data: [period(101)], meta: { current_page: 2, last_page: 2, total: 101, per_page: 100 } } }
          : {
              body: {
                data: Array.from({ length: 100 }, (_, i) => period(i + 1)),
                meta: { current_page: 1, last_page: 2, total: 101, per_page: 100 },
              },
            },
    });
    const r = renderPage();
    await choose(r, 'Generación', '2023-2028');
    await choose(r, 'Periodo', 'Periodo 101');
    expect(screen.getByRole('textbox', { name: 'Periodo' })).toHaveValue('Periodo 101');
    expect(calls.filter((c) => c.path === '/periods').map((c) => c.query.get('page'))).toEqual(['1', '2']);
  });

  it('lets a chief of several careers choose one, sends it, names it, and labels attributes that share a name', async () => {
    const calls = mockApi({
      ...catalogue,
      'GET /mis-carreras': {
        body: [
          { id: 1, name: 'Ingeniería en Sistemas Computacionales' },
          { id: 2, name: 'Ingeniería Industrial' },
        ],
      },
      'GET /reportes/flex/resumen': {
        body: summary([
          { ...attr(8, 'Comunicación efectiva', [1, 0, 0], 1), label: 'Comunicación efectiva (ISC)' },
          { ...attr(9, 'Comunicación efectiva', [0, 0, 1], 1), label: 'Comunicación efectiva (IIND)' },
        ]),
      },
    });
    const r = renderPage();
    expect(await screen.findByRole('textbox', { name: 'Carrera' })).toHaveValue('Todas las carreras');
    await choose(r, 'Generación', '2023-2028');
    await choose(r, 'Materia', 'MAT-1 · Cálculo Diferencial');
    await r.user.click(screen.getByRole('button', { name: 'Consultar' }));
    const chart = JSON.parse((await screen.findByRole('img')).getAttribute('data-chart')!);
    expect(chart.labels).toEqual(['Comunicación efectiva (ISC)', 'Comunicación efectiva (IIND)']);
    expect(Object.fromEntries(calls.find((c) => c.path === SUMMARY)!.query)).toEqual({
      generation_id: '4',
      subject_id: '12',
    });
    expect(screen.getByTestId('applied-filters')).toHaveTextContent('Carrera: Todas · Materia');

    await choose(r, 'Carrera', 'Ingeniería Industrial');
    await r.user.click(screen.getByRole('button', { name: 'Consultar' }));
    await waitFor(() =>
      expect(screen.getByTestId('applied-filters')).toHaveTextContent('Carrera: Ingeniería Industrial'),
    );
    expect(Object.fromEntries(calls.filter((c) => c.path === SUMMARY).at(-1)!.query)).toMatchObject({
      career_id: '2',
    });
    await r.user.click(screen.getByRole('button', { name: 'Exportar Excel' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/reportes/flex/export')).toBe(true));
    expect(Object.fromEntries(calls.find((c) => c.path === '/reportes/flex/export')!.query)).toEqual({
      generation_id: '4',
      career_id: '2',
      subject_id: '12',
    });
  });

  it("shows no career select to a chief of one career, and says 'Export falló ({status}). ...' when the server gives no reason", async () => {
    mockApi({ ...catalogue, 'GET /reportes/flex/export': { status: 502, body: '<html>Bad gateway</html>' } });
    const r = renderPage();
    await choose(r, 'Generación', '2023-2028');
    expect(screen.queryByRole('textbox', { name: 'Carrera' })).toBeNull();
    await r.user.click(screen.getByRole('button', { name: 'Exportar Excel' }));
    expect(
      await screen.findByText('No se pudo generar el Excel. Intenta de nuevo. Export falló (502). ...'),
    ).toBeInTheDocument();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PERFORMANCE_DEFINITIONS, PERFORMANCE_MSG, type PerformanceAnswer } from '@egreso/domain';
import { mockApi, renderWithProviders, signIn } from '../../../test/render';
import PerformancePage from './PerformancePage';

const failure = (id: number, key: string, name: string, withFinal: number, failed: number, rate: number) => ({
  subject_id: id,
  subject_key: key,
  subject_name: name,
  students_with_final: withFinal,
  failed,
  failure_rate: rate,
});
const answer: PerformanceAnswer = {
  institution: 'Instituto Tecnológico Demo',
  career: { id: 1, career_key: 'ISC', name: 'Ingeniería en Sistemas' },
  generation: { id: 4, generation_name: '2025-2030', start_date: '2025-08-01', end_date: '2030-02-01' },
  starting_size: 20,
  periods: [
    {
      period_id: 1,
      period_name: 'AGO-DIC 2025',
      start_date: '2025-08-18',
      students_at_start: 20,
      dropouts: 2,
      dropout_rate: 10,
      graduations: 0,
      students_at_end: 18,
      balanced: true,
      subjects: [failure(12, 'BD-1', 'Bases de datos', 18, 6, 33.3), failure(13, 'AL-1', 'Álgebra', 18, 0, 0)],
      top_failures: [
        {
          ...failure(12, 'BD-1', 'Bases de datos', 18, 6, 33.3),
          attributes: [
            { attribute_id: 7, attribute_name: 'Análisis', codigo: 'AE1', shared: false, share: 55.6, met: false },
            // A shared attribute (no career) without a code: its name, labelled.
            { attribute_id: 9, attribute_name: 'Ética', codigo: null, shared: true, share: 71.4, met: true },
          ],
        },
      ],
    },
    {
      period_id: 2,
      period_name: 'ENE-JUN 2026',
      start_date: '2026-01-26',
      students_at_start: 18,
      dropouts: 0,
      dropout_rate: 0,
      graduations: 0,
      students_at_end: 19,
      balanced: false,
      subjects: [],
      top_failures: [],
    },
  ],
  terminal_efficiency: { graduated: 0, starting_size: 20, rate: 0 },
  definitions: [...PERFORMANCE_DEFINITIONS],
  generated_at: '2026-11-28T01:33:00.000Z',
};

afterEach(() => vi.unstubAllGlobals());

describe('PerformancePage', () => {
  it('shows the indices per period, the failures with their attributes and the definitions under them', async () => {
    const calls = mockApi({
      'GET /mis-carreras': { body: [{ id: 1, career_key: 'ISC', name: 'Ingeniería en Sistemas' }] },
      'GET /generations': {
        body: [{ id: 4, start_date: '2025-08-01', end_date: '2030-02-01', generation_name: '2025-2030' }],
      },
      'GET /reportes/rendimiento': { body: answer },
    });
    signIn({ id: 3, full_name: 'Jefa Demo', rol: 1 });
    const r = renderWithProviders(<PerformancePage />, { route: '/ReportPerformance' });
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Carrera' })).toHaveValue('Ingeniería en Sistemas'));
    expect(screen.getByRole('button', { name: 'Consultar' })).toBeDisabled();
    await r.user.click(screen.getByRole('textbox', { name: 'Generación' }));
    await r.user.click(await screen.findByRole('option', { name: '2025-2030' }));
    await r.user.click(screen.getByRole('button', { name: 'Consultar' }));

    const summary = await screen.findByRole('region', { name: 'Índices de la generación' });
    expect(Object.fromEntries(calls.find((c) => c.path === '/reportes/rendimiento')!.query)).toEqual({
      career_id: '1',
      generation_id: '4',
    });
    expect(summary).toHaveTextContent(
      'Tamaño inicial: 20 alumnos. Eficiencia terminal: 0.0 % (0 de 20 graduados en los nueve semestres).',
    );
    const table = within(summary).getByRole('table', { name: 'Índices por periodo' });
    expect(within(table).getByRole('row', { name: /AGO-DIC 2025/ })).toHaveTextContent('AGO-DIC 202520210.0 %018');
    expect(within(table).getByRole('row', { name: /ENE-JUN 2026/ })).toHaveTextContent('ENE-JUN 20261800.0 %019');
    // ENE-JUN 2026 starts with 18 and ends with 19, with no dropout or graduation: the page says so.
    expect(summary).toHaveTextContent(PERFORMANCE_MSG.unbalanced(['ENE-JUN 2026']));
    expect(PERFORMANCE_MSG.unbalanced(['ENE-JUN 2026'])).toMatch(/^En el periodo ENE-JUN 2026 los alumnos al inicio/);
    // What a printed page says of itself: institution, career, generation and date; the footer names them too.
    expect(summary).toHaveTextContent('Instituto Tecnológico Demo');
    expect(summary).toHaveTextContent('Carrera: ISC · Ingeniería en Sistemas');
    expect(summary).toHaveTextContent('Generación: 2025-2030');
    expect(summary).toHaveTextContent('Fecha de generación: 27 nov 2026, 7:33 p.m.');
    expect(r.container.querySelector('.evidence-print')).not.toBeNull();
    expect(screen.getByTestId('evidence-print-footer').textContent).toContain(
      '"ISC · Ingeniería en Sistemas · Generación 2025-2030"',
    );
    const first = screen.getByRole('region', { name: 'Reprobación en AGO-DIC 2025' });
    expect(within(first).getByRole('row', { name: /Bases de datos/ })).toHaveTextContent('BD-1Bases de datos18633.3 %');
    expect(first).toHaveTextContent(
      'Bases de datos (33.3 %): AE1 55.6 % en Suficiente o más, meta no cumplida; Ética (compartido) 71.4 % en Suficiente o más',
    );
    expect(screen.getByRole('region', { name: 'Reprobación en ENE-JUN 2026' })).toHaveTextContent(
      'Sin calificaciones finales de la generación en este periodo.',
    );
    const definitions = screen.getByRole('region', { name: 'Definiciones' });
    for (const d of PERFORMANCE_DEFINITIONS) expect(definitions).toHaveTextContent(d);
    expect(screen.getByRole('button', { name: 'Imprimir' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Exportar Excel' })).toBeInTheDocument();
  });
});

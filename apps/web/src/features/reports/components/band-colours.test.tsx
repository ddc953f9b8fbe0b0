import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BAND_COLORS, type GroupReport, type StudentReport } from '@egreso/domain';
import { drawnCharts } from '../../../test/chart-stub';
import { renderWithProviders } from '../../../test/render';
import { BAND_SWATCH, valueFill } from './chart-setup';
import { BandChart } from './BandChart';
import { DivisionReportChart } from './DivisionReportChart';
import { GlobalAttributeChart } from './GlobalAttributeChart';
import { StudentChart } from './StudentChart';

type Dataset = { data: unknown[]; backgroundColor: unknown };
// jsdom draws no canvas (so Insuficiente's hatching falls back to its plain colour): the chart stub records what
// each chart was given (test/chart-stub.tsx).
const drawn = drawnCharts as Dataset[][];

const legendSwatches = () =>
  screen
    .getAllByRole('listitem')
    .filter((i) => i.closest('[aria-label="Leyenda de niveles"]'))
    .map((i) => [i.textContent, (i.firstElementChild as HTMLElement).style.background]);

describe('bars under a legend of bands are painted in their band colour', () => {
  it('the one band colour function: 69.9 red, 70 to 89.9 yellow, 90 green', () => {
    expect([69.9, 70, 80.5, 89.9, 90].map(valueFill)).toEqual([
      BAND_COLORS.Insuficiente,
      BAND_COLORS.Suficiente,
      BAND_COLORS.Suficiente,
      BAND_COLORS.Suficiente,
      BAND_COLORS.Sobresaliente,
    ]);
  });

  it("the student's global chart: a Suficiente 80.5 and a Suficiente 87.3 are both yellow", () => {
    renderWithProviders(
      <GlobalAttributeChart
        atributos={[
          { atributo: 'Análisis', promedio: 80.5 },
          { atributo: 'Diseño', promedio: 87.3 },
          { atributo: 'Ética', promedio: 69.9 },
          { atributo: 'Trabajo en equipo', promedio: 90 },
        ]}
      />,
    );
    expect(drawn.at(-1)![0]!.backgroundColor).toEqual([
      BAND_COLORS.Suficiente,
      BAND_COLORS.Suficiente,
      BAND_COLORS.Insuficiente,
      BAND_COLORS.Sobresaliente,
    ]);
    expect(screen.getByText('Insuficiente 0-69')).toBeInTheDocument();
  });

  it("the teacher's one-student chart: bars by band, and its legend's swatches in the same colours", () => {
    const report = {
      alumno: { id: 1, full_name: 'Ana López' },
      atributos: [
        { attribute_id: 1, codigo: 'AE1', attribute_name: 'Análisis', promedio: 80.5 },
        { attribute_id: 2, codigo: 'AE2', attribute_name: 'Diseño', promedio: 95 },
        { attribute_id: 3, codigo: 'AE3', attribute_name: 'Ética', promedio: 50 },
      ],
    } as unknown as StudentReport;
    renderWithProviders(<StudentChart report={report} />);
    expect(drawn.at(-1)![0]!.backgroundColor).toEqual([
      BAND_COLORS.Suficiente,
      BAND_COLORS.Sobresaliente,
      BAND_COLORS.Insuficiente,
    ]);
    const swatches = Object.fromEntries(legendSwatches());
    expect(swatches['Suficiente (70–89)']).toBe(styleOf(BAND_SWATCH.Suficiente));
    expect(swatches['Sobresaliente (90–100)']).toBe(styleOf(BAND_SWATCH.Sobresaliente));
  });

  it("the group chart: each band's stack in that band's colour", () => {
    const report = {
      atributos: [
        {
          attribute_id: 1,
          codigo: 'AE1',
          attribute_name: 'Análisis',
          sobresaliente: 1,
          suficiente: 2,
          insuficiente: 3,
        },
      ],
    } as unknown as GroupReport;
    renderWithProviders(<BandChart report={report} />);
    expect(drawn.at(-1)!.map((d) => d.backgroundColor)).toEqual([
      BAND_COLORS.Sobresaliente,
      BAND_COLORS.Suficiente,
      BAND_COLORS.Insuficiente,
    ]);
  });
});

describe("the chief's report", () => {
  it("paints each band's records in that band's colour, stacked or as one attribute's three bars", () => {
    const tally = {
      attribute_id: 1,
      attribute_name: 'Análisis',
      label: 'Análisis',
      career_id: 1,
      career_key: 'ISC',
      career_name: 'Ingeniería en Sistemas Computacionales',
      students: 6,
      bands: {
        total: 6,
        sobresaliente: 1,
        suficiente: 2,
        insuficiente: 3,
        sobresaliente_pct: 16.7,
        suficiente_pct: 33.3,
        insuficiente_pct: 50,
      },
      sufficient_or_above_pct: 50,
    };
    const order = [BAND_COLORS.Sobresaliente, BAND_COLORS.Suficiente, BAND_COLORS.Insuficiente];
    renderWithProviders(<DivisionReportChart attributes={[tally, { ...tally, attribute_id: 2 }]} single={false} />);
    expect(drawn.at(-1)!.map((d) => d.backgroundColor)).toEqual(order);
    renderWithProviders(<DivisionReportChart attributes={[tally]} single />);
    expect(drawn.at(-1)![0]!.backgroundColor).toEqual(order);
  });
});

/** How the browser writes a colour back from an element's style. */
function styleOf(background: string): string {
  const probe = document.createElement('div');
  probe.style.background = background;
  return probe.style.background;
}

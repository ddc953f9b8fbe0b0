import { BANDS, gradeBand, normalizeReportValues, type Band } from '@egreso/domain';

/** Legend 'Insuficiente 0-69' …; the painted band runs from its minimum to the next band's (70, 90, 100). */
export const GLOBAL_BAND_LEGEND = BANDS.map((b, i) => ({
  band: b.name,
  min: b.min,
  max: BANDS[i + 1]?.min ?? 100,
  label: `${b.name} ${b.min}-${b.max}`,
}));

export interface GlobalChartRow {
  attribute: string;
  /** 0-100 after the 0-10 rule, one decimal. */
  value: number;
  /** Its bar is painted in this band's colour, as the legend under the chart says. */
  band: Band;
}

/** The bars of 'Promedios Globales por Atributo de Egreso': values on 0-100 (the 0-10 rule) and their bands. */
export function globalChartRows(
  atributos: ReadonlyArray<{ atributo: string; promedio: number | null }>,
): GlobalChartRow[] {
  const values = normalizeReportValues(atributos.map((a) => a.promedio));
  return atributos.map((a, i) => {
    const band = gradeBand(values[i]);
    return { attribute: a.atributo, value: values[i]!, band: band === 'S/C' ? 'Insuficiente' : band };
  });
}

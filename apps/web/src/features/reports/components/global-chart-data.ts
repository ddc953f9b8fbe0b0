import { BANDS, gradeBand, normalizeReportValues, type Band } from '@egreso/domain';

/** The 12 bar colours, one per attribute in order (repeating after 12); each reads against white and the band tints. */
export const GLOBAL_CHART_PALETTE = [
  '#1f4e99',
  '#b03a2e',
  '#1e7a46',
  '#7d3c98',
  '#b9770e',
  '#117a8b',
  '#5d6d7e',
  '#a04000',
  '#2e4053',
  '#873600',
  '#196f3d',
  '#6c3483',
] as const;

/** Background band tints and their legend (the spec's red, yellow and green, light enough to read the bars over them). */
export const GLOBAL_BAND_TINT: Record<Band, string> = {
  Insuficiente: 'rgba(224, 49, 49, 0.16)',
  Suficiente: 'rgba(245, 159, 0, 0.20)',
  Sobresaliente: 'rgba(47, 158, 68, 0.18)',
};
export const GLOBAL_BAND_SWATCH: Record<Band, string> = {
  Insuficiente: '#e03131',
  Suficiente: '#f59f00',
  Sobresaliente: '#2f9e44',
};
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
  band: Band;
  color: string;
}

/** The bars of 'Promedios Globales por Atributo de Egreso': values on 0-100 (the 0-10 rule), one colour each. */
export function globalChartRows(
  atributos: ReadonlyArray<{ atributo: string; promedio: number | null }>,
): GlobalChartRow[] {
  const values = normalizeReportValues(atributos.map((a) => a.promedio));
  return atributos.map((a, i) => {
    const band = gradeBand(values[i]);
    return {
      attribute: a.atributo,
      value: values[i]!,
      band: band === 'S/C' ? 'Insuficiente' : band,
      color: GLOBAL_CHART_PALETTE[i % GLOBAL_CHART_PALETTE.length]!,
    };
  });
}

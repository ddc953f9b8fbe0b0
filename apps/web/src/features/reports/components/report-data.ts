import {
  bandPercentages,
  gradeBand,
  normalizeReportValues,
  type Band,
  type GroupReport,
  type StudentReport,
} from '@egreso/domain';

export type CountMode = 'count' | 'percent';

/** The band order of the stacked bars and their tables, best first. */
export const BAND_KEYS = ['sobresaliente', 'suficiente', 'insuficiente'] as const;
export type BandKey = (typeof BAND_KEYS)[number];
export const BAND_LABEL: Record<BandKey, Band> = {
  sobresaliente: 'Sobresaliente',
  suficiente: 'Suficiente',
  insuficiente: 'Insuficiente',
};

/** The legend of the one-student chart, as the spec writes it. */
export const BAND_RANGES: ReadonlyArray<{ band: Band; label: string; min: number; max: number }> = [
  { band: 'Insuficiente', label: 'Insuficiente (0–69)', min: 0, max: 70 },
  { band: 'Suficiente', label: 'Suficiente (70–89)', min: 70, max: 90 },
  { band: 'Sobresaliente', label: 'Sobresaliente (90–100)', min: 90, max: 100 },
];

export const attributeLabel = (a: { codigo: string | null; attribute_name: string }) => a.codigo ?? a.attribute_name;

/** A row's attribute in a chart's data table: its code and name ('AE1 - Análisis'), or the name alone when it has no code. */
export const attributeTitle = (r: { attribute: string; attributeName: string }) =>
  r.attribute === r.attributeName ? r.attribute : `${r.attribute} - ${r.attributeName}`;

export interface GroupRow {
  attribute: string;
  attributeName: string;
  counts: Record<BandKey, number>;
  percents: Record<BandKey, number>;
  total: number;
}

/** One row per attribute: the counts of each band and their shares in percent (one decimal). */
export function groupRows(report: GroupReport): GroupRow[] {
  return report.atributos.map((a) => {
    const counts = { sobresaliente: a.sobresaliente, suficiente: a.suficiente, insuficiente: a.insuficiente };
    return {
      attribute: attributeLabel(a),
      attributeName: a.attribute_name,
      counts,
      percents: bandPercentages(counts),
      total: a.sobresaliente + a.suficiente + a.insuficiente,
    };
  });
}

/** The stacked bars' values of one band, in counts or in percent. */
export function bandSeries(rows: GroupRow[], band: BandKey, mode: CountMode): number[] {
  return rows.map((r) => (mode === 'count' ? r.counts[band] : r.percents[band]));
}

export interface StudentRow {
  attribute: string;
  attributeName: string;
  /** On 0-100 after the 0-10 rule, one decimal; a missing average counts as 0. */
  value: number;
  /** Whether the student has any grade for the attribute. */
  graded: boolean;
  band: Band;
}

/** The student's averages with the spec's report rule (0-10 scale detection, one decimal, missing as 0). */
export function studentRows(report: StudentReport): StudentRow[] {
  const values = normalizeReportValues(report.atributos.map((a) => a.promedio));
  return report.atributos.map((a, i) => {
    const value = values[i]!;
    return {
      attribute: attributeLabel(a),
      attributeName: a.attribute_name,
      value,
      graded: a.promedio !== null,
      band: gradeBand(value) as Band,
    };
  });
}

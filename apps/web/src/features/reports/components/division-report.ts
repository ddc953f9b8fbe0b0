import { gradeBand, normalizeReportValues, type Band, type RatingRecord } from '@egreso/domain';

export const BAND_ORDER: readonly Band[] = ['Sobresaliente', 'Suficiente', 'Insuficiente'];

export interface AttributeTally {
  attribute_id: number;
  attribute_name: string;
  records: number;
  bands: Record<Band, number>;
}

export interface DivisionSummary {
  men: number;
  women: number;
  students: number;
  records: number;
  /** True when the 0-10 rule multiplied the values by 10. */
  scaledTen: boolean;
  /** Per attribute, in the server's order (attribute name). */
  attributes: AttributeTally[];
}

/**
 * The screen's figures from the rating records: distinct students by gender, records, and band counts per
 * attribute after the report's 0-10 rule (values of 10.5 or less are on a 0-10 scale; one decimal).
 */
export function summarizeRecords(records: readonly RatingRecord[]): DivisionSummary {
  const values = normalizeReportValues(records.map((r) => r.attributerating));
  const genders = new Map<number, number | null>();
  const tallies = new Map<number, AttributeTally>();
  records.forEach((r, i) => {
    genders.set(r.user.id, r.user.gender);
    let t = tallies.get(r.attribute_id);
    if (!t) {
      t = { attribute_id: r.attribute_id, attribute_name: r.attribute.attribute_name, records: 0, bands: { Sobresaliente: 0, Suficiente: 0, Insuficiente: 0 } };
      tallies.set(r.attribute_id, t);
    }
    t.records += 1;
    t.bands[gradeBand(values[i]) as Band] += 1;
  });
  const gendersList = [...genders.values()];
  return {
    men: gendersList.filter((g) => g === 1).length,
    women: gendersList.filter((g) => g === 2).length,
    students: genders.size,
    records: records.length,
    scaledTen: records.some((r, i) => values[i] !== r.attributerating),
    attributes: [...tallies.values()],
  };
}

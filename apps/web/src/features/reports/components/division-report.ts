import {
  REPORT_MSG,
  attributeDisplayName,
  gradeBand,
  normalizeReportValues,
  type Band,
  type RatingRecord,
} from '@egreso/domain';
import { ApiError } from '../../../lib/api';
import { serverMessage } from '../../../lib/errors';

export const BAND_ORDER: readonly Band[] = ['Sobresaliente', 'Suficiente', 'Insuficiente'];

export interface AttributeTally {
  attribute_id: number;
  /**
   * The attribute's name, followed by its career's key ('Comunicación efectiva (ISC)') when the records hold
   * attributes of more than one career or two of one name: careers may name an attribute alike. A shared attribute
   * (no career) says so: 'Ética (compartido)'.
   */
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
  /** Per attribute, in the server's order (the attributes' order: code, then name). */
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
  const keys = new Map<number, string | null>();
  records.forEach((r, i) => {
    genders.set(r.user.id, r.user.gender);
    let t = tallies.get(r.attribute_id);
    if (!t) {
      t = {
        attribute_id: r.attribute_id,
        attribute_name: attributeDisplayName(r.attribute.attribute_name, r.attribute.career_id === null),
        records: 0,
        bands: { Sobresaliente: 0, Suficiente: 0, Insuficiente: 0 },
      };
      keys.set(r.attribute_id, r.attribute.career_key);
      tallies.set(r.attribute_id, t);
    }
    t.records += 1;
    t.bands[gradeBand(values[i]) as Band] += 1;
  });
  const names = [...tallies.values()].map((t) => t.attribute_name);
  const careerKeys = new Set([...keys.values()].filter((k) => k !== null));
  const ambiguous = careerKeys.size > 1 || new Set(names).size < names.length;
  if (ambiguous) {
    for (const t of tallies.values()) {
      const key = keys.get(t.attribute_id);
      if (key) t.attribute_name = `${t.attribute_name} (${key})`;
    }
  }
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

/**
 * The words of a failed export: 'No se pudo generar el Excel. Intenta de nuevo.' and the reason, which is the server's
 * message (its message, error or first of errors), else the spec's 'Export falló ({status}). ...'.
 */
export function exportFailureText(err: unknown): string {
  const fieldMessage = err instanceof ApiError ? Object.values(err.errors).flat()[0] : undefined;
  const status = err instanceof ApiError ? err.status : 0;
  const reason = serverMessage(err) ?? fieldMessage ?? REPORT_MSG.exportFailed(status);
  return `${REPORT_MSG.exportError} ${reason}`;
}

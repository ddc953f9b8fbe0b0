import type { Activity, ActivityInput } from '@egreso/domain';

/** An activity as the matrix edits it: ponderation as typed, attributes as a list of ids. */
export interface ActivityRow {
  /** Stable React key, also for rows not saved yet. */
  key: string;
  id: number | null;
  activity_name: string;
  type_activity: string;
  evaluation_instrument: string;
  ponderation: string;
  attribute_ids: number[];
}

let counter = 0;

/** A new activity starts with empty name, type and instrument, ponderation 100 and no attributes. */
export function newActivityRow(): ActivityRow {
  counter += 1;
  return {
    key: `nueva-${counter}`,
    id: null,
    activity_name: '',
    type_activity: '',
    evaluation_instrument: '',
    ponderation: '100',
    attribute_ids: [],
  };
}

export function rowFromActivity(a: Activity): ActivityRow {
  return {
    key: `actividad-${a.id}`,
    id: a.id,
    activity_name: a.activity_name,
    type_activity: a.type_activity ?? '',
    evaluation_instrument: a.evaluation_instrument ?? '',
    ponderation: String(a.ponderation),
    attribute_ids: [...a.attribute_ids],
  };
}

/** The body of the bulk save: names trimmed, rows with neither name nor attributes dropped, ponderation 100 when not numeric. */
export function rowsToInput(rows: readonly ActivityRow[]): ActivityInput[] {
  return rows
    .filter((r) => r.activity_name.trim() !== '' || r.attribute_ids.length > 0)
    .map((r) => {
      const p = Number(r.ponderation.trim().replace(',', '.'));
      return {
        id: r.id ?? undefined,
        activity_name: r.activity_name.trim(),
        type_activity: r.type_activity.trim() || null,
        evaluation_instrument: r.evaluation_instrument.trim() || null,
        ponderation: r.ponderation.trim() !== '' && Number.isFinite(p) ? p : 100,
        attribute_ids: r.attribute_ids,
      };
    });
}

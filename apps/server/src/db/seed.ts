import type { Kysely } from 'kysely';
import { nowIso } from '../lib/time.js';
import type { Database } from './types.js';

export const SEMESTER_NAMES = [
  'Primer semestre',
  'Segundo semestre',
  'Tercer semestre',
  'Cuarto semestre',
  'Quinto semestre',
  'Sexto semestre',
  'Séptimo semestre',
  'Octavo semestre',
  'Noveno semestre',
];

export const DEFAULT_GROUP_POLICY = {
  mode: 'parity_by_month',
  odd_months: [8, 9],
  even_months: [2, 3],
  fallback: 'any',
  naming_scheme: 'auto',
} as const;

/** Rows every database has: semesters 1-9, the three evaluation scales and the group policy. */
export async function seedReferenceData(db: Kysely<Database>): Promise<void> {
  const semesters = await db.selectFrom('semesters').select('id').execute();
  if (semesters.length === 0) {
    await db
      .insertInto('semesters')
      .values(SEMESTER_NAMES.map((semester_name, i) => ({ id: i + 1, semester_name })))
      .execute();
  }
  const scales = await db.selectFrom('evaluation_scales').select('id').execute();
  if (scales.length === 0) {
    await db
      .insertInto('evaluation_scales')
      .values([
        { id: 1, scale_name: 'Insuficiente', min_value: 0, max_value: 69 },
        { id: 2, scale_name: 'Suficiente', min_value: 70, max_value: 89 },
        { id: 3, scale_name: 'Sobresaliente', min_value: 90, max_value: 100 },
      ])
      .execute();
  }
  const policy = await db.selectFrom('group_policy').select('id').executeTakeFirst();
  if (!policy) {
    await db
      .insertInto('group_policy')
      .values({
        id: 1,
        mode: DEFAULT_GROUP_POLICY.mode,
        odd_months: JSON.stringify(DEFAULT_GROUP_POLICY.odd_months),
        even_months: JSON.stringify(DEFAULT_GROUP_POLICY.even_months),
        fallback: DEFAULT_GROUP_POLICY.fallback,
        naming_scheme: DEFAULT_GROUP_POLICY.naming_scheme,
        updated_at: nowIso(),
      })
      .execute();
  }
}

import type { GroupPolicy } from '@egreso/domain';
import type { DbOrTrx } from '../../db/types.js';
import { DEFAULT_GROUP_POLICY } from '../../db/seed.js';

function monthsOf(json: string): number[] {
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? parsed.filter((m): m is number => Number.isInteger(m) && m >= 1 && m <= 12) : [];
  } catch {
    return [];
  }
}

/** The one policy row, with its month lists parsed; the defaults if the row is somehow missing. */
export async function readGroupPolicy(db: DbOrTrx): Promise<GroupPolicy> {
  const row = await db.selectFrom('group_policy').selectAll().where('id', '=', 1).executeTakeFirst();
  if (!row) {
    return {
      ...DEFAULT_GROUP_POLICY,
      odd_months: [...DEFAULT_GROUP_POLICY.odd_months],
      even_months: [...DEFAULT_GROUP_POLICY.even_months],
      updated_at: new Date(0).toISOString(),
    };
  }
  return {
    mode: row.mode as GroupPolicy['mode'],
    odd_months: monthsOf(row.odd_months),
    even_months: monthsOf(row.even_months),
    fallback: row.fallback as GroupPolicy['fallback'],
    naming_scheme: row.naming_scheme as GroupPolicy['naming_scheme'],
    updated_at: row.updated_at,
  };
}

export async function saveGroupPolicy(
  db: DbOrTrx,
  policy: Omit<GroupPolicy, 'updated_at'>,
  now: string,
): Promise<void> {
  const values = {
    mode: policy.mode,
    odd_months: JSON.stringify(policy.odd_months),
    even_months: JSON.stringify(policy.even_months),
    fallback: policy.fallback,
    naming_scheme: policy.naming_scheme,
    updated_at: now,
  };
  await db
    .insertInto('group_policy')
    .values({ id: 1, ...values })
    .onConflict((oc) => oc.column('id').doUpdateSet(values))
    .execute();
}

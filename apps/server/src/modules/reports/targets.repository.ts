import type { ExpressionBuilder } from 'kysely';
import { DEFAULT_ATTRIBUTE_TARGET, type AttributeTarget } from '@egreso/domain';
import { byAttributeOrder } from '../../db/spanish.js';
import { countsInCareer } from '../ratings/index.js';
import type { Database, DbOrTrx } from '../../db/types.js';

/**
 * The target of each attribute of a career that applies in a period: the one set in that period, else the one set in
 * the latest earlier period (by start date, then id), else the default. The career's attributes are its own and the
 * shared ones (a shared attribute's target is kept per career); in the attributes' order.
 */
export async function listEffectiveTargets(
  db: DbOrTrx,
  careerId: number,
  period: { id: number; start_date: string },
): Promise<AttributeTarget[]> {
  // One correlated lookup per attribute of the career (a handful), the same on both databases (no LATERAL on SQLite).
  const latest =
    (column: 't.target' | 't.period_id' | 'tp.period_name') =>
    (eb: ExpressionBuilder<Database & { at: Database['attributes'] }, 'at'>) =>
      eb
        .selectFrom('attribute_targets as t')
        .innerJoin('periods as tp', 'tp.id', 't.period_id')
        .select(column)
        .where('t.career_id', '=', careerId)
        .whereRef('t.attribute_id', '=', 'at.id')
        .where((w) =>
          w.or([
            w('tp.start_date', '<', period.start_date),
            w.and([w('tp.start_date', '=', period.start_date), w('tp.id', '<=', period.id)]),
          ]),
        )
        .orderBy('tp.start_date', 'desc')
        .orderBy('tp.id', 'desc')
        .limit(1);
  const rows = await db
    .selectFrom('attributes as at')
    .select((eb) => [
      'at.id as attribute_id',
      'at.attribute_name',
      'at.codigo',
      'at.career_id',
      latest('t.target')(eb).as('target'),
      latest('t.period_id')(eb).as('source_period_id'),
      latest('tp.period_name')(eb).as('source_period_name'),
    ])
    .where(countsInCareer('at.career_id', careerId))
    .$call(byAttributeOrder('at'))
    .execute();
  return rows.map((r) => ({
    attribute_id: r.attribute_id,
    attribute_name: r.attribute_name,
    codigo: r.codigo,
    shared: r.career_id === null,
    target: r.target === null ? DEFAULT_ATTRIBUTE_TARGET : Number(r.target),
    source:
      r.source_period_id === null
        ? 'predeterminada'
        : Number(r.source_period_id) === period.id
          ? 'periodo'
          : 'anterior',
    source_period_name: r.source_period_name === null ? null : String(r.source_period_name),
  }));
}

/** Sets targets of one period (insert or update each), leaving every other period's values as they were. */
export async function upsertTargets(
  db: DbOrTrx,
  careerId: number,
  periodId: number,
  targets: ReadonlyArray<{ attribute_id: number; target: number }>,
  userId: number,
  now: string,
): Promise<void> {
  await db
    .insertInto('attribute_targets')
    .values(
      targets.map((t) => ({
        career_id: careerId,
        attribute_id: t.attribute_id,
        period_id: periodId,
        target: t.target,
        updated_by: userId,
        created_at: now,
        updated_at: now,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['career_id', 'attribute_id', 'period_id']).doUpdateSet((eb) => ({
        target: eb.ref('excluded.target'),
        updated_by: eb.ref('excluded.updated_by'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .execute();
}

/** Ids, among those given, of attributes that the career's reports do not count (neither its own nor shared). */
export async function listForeignAttributes(
  db: DbOrTrx,
  careerId: number,
  attributeIds: readonly number[],
): Promise<number[]> {
  const rows = await db
    .selectFrom('attributes')
    .select('id')
    .where('id', 'in', [...attributeIds])
    .where(countsInCareer('career_id', careerId))
    .execute();
  const own = new Set(rows.map((r) => r.id));
  return attributeIds.filter((id) => !own.has(id));
}

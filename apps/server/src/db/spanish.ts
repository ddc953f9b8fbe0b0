import { sql, type Expression, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { esSearchFold } from '@egreso/domain';

type Text = string | Expression<string | null>;

const operand = (value: Text) => (typeof value === 'string' ? sql.ref(value) : value);

/**
 * The Spanish sort key of a column (`db/migrations/0002-spanish-order.ts`): `.orderBy(esKey('s.subject_name')).orderBy('s.id')`.
 * A NULL key sorts first on SQLite and last on PostgreSQL: wrap a nullable column in `coalesce` first.
 */
export function esKey(column: Text): RawBuilder<Uint8Array> {
  return sql<Uint8Array>`es_key(${operand(column)})`;
}

/**
 * Accent- and case-insensitive "contains" (`es_search`, migration 0013): 'etica' finds 'Ética', 'ÉTICA' finds 'ética',
 * 'nunez' finds 'Núñez' and '2601' finds 'L26010001'.
 */
export function esContains(column: Text, term: string): RawBuilder<SqlBool> {
  const pattern = `%${esSearchFold(term).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<SqlBool>`es_search(${operand(column)}) like ${pattern} escape '\\'`;
}

/**
 * The order of attributes wherever they are listed (the domain's `compareAttributes` on the client): by code
 * (`codigo`, its Spanish key, whose digit runs compare as numbers, so AE2 < AE10), those without a code after those
 * with one, then by Spanish name, then id. `alias` names the attributes table in the query:
 * `.$call(byAttributeOrder('at'))`.
 */
export function byAttributeOrder(alias: string) {
  const codigo = sql.ref(`${alias}.codigo`);
  return <DB, TB extends keyof DB, O>(qb: SelectQueryBuilder<DB, TB, O>): SelectQueryBuilder<DB, TB, O> =>
    qb
      .orderBy(sql`case when coalesce(${codigo}, '') = '' then 1 else 0 end`)
      .orderBy(esKey(sql<string>`coalesce(${codigo}, '')`))
      .orderBy(esKey(`${alias}.attribute_name`))
      .orderBy(sql.ref(`${alias}.id`));
}

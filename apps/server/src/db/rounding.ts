import { sql, type RawBuilder } from 'kysely';

/*
 * The SQL mirror of the domain's one rounding (`packages/domain` rules: `toHundredths`, `halfUpQuotient`), written
 * once for both databases and used by the final grades and the ratings; `modules/ratings/rounding.test.ts` checks the
 * two against each other on SQLite and PostgreSQL. Grades and ponderations are read in hundredths, sums are integers
 * (`bigint`), and every quotient is rounded half up by integer division, so no engine ever rounds a binary fraction.
 * Migration 0010's backfill spells `hundredths` out as it was written then (a migration is history); the same test
 * checks that it agrees.
 */

/** `toHundredths(column)`: floor(x × 100 + 0.5) as an integer. */
export const hundredths = (column: string): RawBuilder<number> =>
  sql<number>`cast(floor(${sql.ref(column)} * 100 + 0.5) as bigint)`;

/** `halfUpQuotient(n, d)` of two integer expressions (d > 0): floor((2n + d) / 2d) by integer division. */
export const halfUpQuotient = (n: RawBuilder<unknown>, d: RawBuilder<unknown>): RawBuilder<number> =>
  sql<number>`(2 * ${n} + (${d})) / (2 * (${d}))`;

/** Σ grade×weight and Σ weight in hundredths. */
export interface WeightedSums {
  sum: RawBuilder<number>;
  weights: RawBuilder<number>;
}

/** The weighted mean in tenths (`weightedMeanTenths`): sum / (100 × weights) × 10, half up; null when nothing weighed. */
export function weightedTenths({ sum, weights }: WeightedSums): RawBuilder<number | null> {
  return sql<number | null>`case when ${weights} > 0 then ${halfUpQuotient(sum, sql`10 * ${weights}`)} end`;
}

/** Tenths as the one-decimal number answers carry. */
export const fromTenths = (tenths: RawBuilder<number | null>) =>
  sql<number | null>`cast(${tenths} as double precision) / 10`;

/** The mean of a group's tenths column, half up in tenths (the global-average rule, `averageRatings`). */
export function meanOfTenths(tenths: string): RawBuilder<number> {
  return halfUpQuotient(sql`cast(sum(${sql.ref(tenths)}) as bigint)`, sql`cast(count(*) as bigint)`);
}

/**
 * The three band counts of a group of rows by their tenths column: >= 900, 700-899, < 700 (on the one decimal). With
 * `tenScale`, the ratings are of a 0-10 scale and count ten times their value (the reports' rule, `usesTenScale`).
 */
export function bandCountColumns(tenths: string, tenScale = false) {
  const t = tenScale ? sql`${sql.ref(tenths)} * 10` : sql.ref(tenths);
  const count = (condition: RawBuilder<unknown>) =>
    sql<number>`cast(sum(case when ${condition} then 1 else 0 end) as bigint)`;
  return [
    count(sql`${t} >= 900`).as('sobresaliente'),
    count(sql`${t} >= 700 and ${t} < 900`).as('suficiente'),
    count(sql`${t} < 700`).as('insuficiente'),
  ] as const;
}

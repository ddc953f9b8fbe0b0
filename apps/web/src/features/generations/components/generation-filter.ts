import type { Generation } from '@egreso/domain';

/** Desde/Hasta apply to the start date; 'YYYY-MM-DD' text compares in date order. */
export function filterGenerations(list: readonly Generation[], from: string, to: string): Generation[] {
  return list.filter((g) => (!from || g.start_date >= from) && (!to || g.start_date <= to));
}

/** Splits a list into parts of at most `size` items (IN lists and multi-row inserts stay under parameter limits). */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** A count of dependent rows, with the Spanish noun in singular and plural. */
export type Usage = [count: number, singular: string, plural: string];

/** 'El grupo no puede eliminarse porque tiene 7 alumnos y 2 asignaciones.', or null when nothing depends on it. */
export function inUseMessage(subject: string, usages: Usage[]): string | null {
  const parts = usages.filter(([n]) => n > 0).map(([n, one, many]) => `${n} ${n === 1 ? one : many}`);
  if (parts.length === 0) return null;
  const list = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} y ${parts[parts.length - 1]}`;
  return `${subject} no puede eliminarse porque tiene ${list}.`;
}

export async function countOf(query: { executeTakeFirst(): Promise<{ n: unknown } | undefined> }): Promise<number> {
  const row = await query.executeTakeFirst();
  return Number(row?.n ?? 0);
}

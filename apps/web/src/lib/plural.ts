/** A count with its noun in the right number: '1 fila', '3 filas', '0 criterios'. */
export function countOf(n: number, singular: string, plural: string): string {
  return `${n.toLocaleString('es-MX')} ${n === 1 ? singular : plural}`;
}

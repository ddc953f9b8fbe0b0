import { IMPROVEMENT_STATUS_LABELS, type BandTally, type ImprovementAction } from '@egreso/domain';

/** A percent with one decimal: '40.0 %'. */
export const pct = (value: number): string => `${value.toFixed(1)} %`;

/** A band's count and share as the accreditation tables print it: '(12) 40.0 %'. */
export const countPct = (n: number, share: number): string => `(${n}) ${pct(share)}`;

/** The three bands, best first, with their keys in a tally. */
export const TALLY_BANDS = [
  { name: 'Sobresaliente', count: 'sobresaliente', share: 'sobresaliente_pct' },
  { name: 'Suficiente', count: 'suficiente', share: 'suficiente_pct' },
  { name: 'Insuficiente', count: 'insuficiente', share: 'insuficiente_pct' },
] as const satisfies ReadonlyArray<{ name: string; count: keyof BandTally; share: keyof BandTally }>;

/** An action's measured result against the expected one, and the verdict the numbers propose. */
export function measuredText(
  a: Pick<ImprovementAction, 'measured' | 'expected_share' | 'proposed_status' | 'period'>,
): string {
  if (!a.measured)
    return `Esperado: ${a.expected_share} %. Medido: sin calificaciones en ${a.period.period_name} todavía.`;
  return (
    `Esperado: ${a.expected_share} %. Medido en ${a.period.period_name}: ${pct(a.measured.share)} de ${a.measured.students} alumnos con datos. ` +
    `Dictamen propuesto: ${IMPROVEMENT_STATUS_LABELS[a.proposed_status!]}.`
  );
}

import { LIMITS, type AdvanceSemesterResult } from '@egreso/domain';

/** The semester advance's result: the three counts and the first 5 errors. */
export function advanceSummaryText(
  result: AdvanceSemesterResult,
  studentName: (id: number) => string | undefined,
): string {
  const lines = [
    'Avance de semestre completado.',
    `Avanzaron: ${result.advanced}`,
    `Graduados: ${result.graduated}`,
    `Omitidos: ${result.skipped}`,
  ];
  if (result.errors.length > 0) {
    lines.push(
      `Errores (${result.errors.length}${result.errors.length > LIMITS.advanceErrorsShown ? `, se muestran los primeros ${LIMITS.advanceErrorsShown}` : ''}):`,
    );
    for (const e of result.errors.slice(0, LIMITS.advanceErrorsShown))
      lines.push(`• ${studentName(e.user_id) ?? `Alumno ${e.user_id}`}: ${e.reason}`);
  }
  return lines.join('\n');
}

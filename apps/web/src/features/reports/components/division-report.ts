import { REPORT_MSG, type Band, type BandTally } from '@egreso/domain';
import { ApiError } from '../../../lib/api';
import { serverMessage } from '../../../lib/errors';

export const BAND_ORDER: readonly Band[] = ['Sobresaliente', 'Suficiente', 'Insuficiente'];

/** The count of a band in the server's tally (`BandTally`). */
export function bandCount(bands: BandTally, band: Band): number {
  return bands[band === 'Sobresaliente' ? 'sobresaliente' : band === 'Suficiente' ? 'suficiente' : 'insuficiente'];
}

/** A percent of the server's (one decimal) as the screen writes it (es-MX): '66.7 %'. */
export function percentText(pct: number): string {
  return `${pct.toLocaleString('es-MX', { maximumFractionDigits: 1 })} %`;
}

/**
 * The words of a failed export: 'No se pudo generar el Excel. Intenta de nuevo.' and the reason, which is the server's
 * message (its message, error or first of errors), else the spec's 'Export falló ({status}). ...'.
 */
export function exportFailureText(err: unknown): string {
  const fieldMessage = err instanceof ApiError ? Object.values(err.errors).flat()[0] : undefined;
  const status = err instanceof ApiError ? err.status : 0;
  const reason = serverMessage(err) ?? fieldMessage ?? REPORT_MSG.exportFailed(status);
  return `${REPORT_MSG.exportError} ${reason}`;
}

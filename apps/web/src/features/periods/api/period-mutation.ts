import { declareWrite, useWrite } from '../../../lib/cache';

/**
 * Every period write (create, edit, activate, close, delete): the active period decides the assignments, the targets
 * and the period names every report shows.
 */
const PERIOD_WRITE = declareWrite('POST|PUT|DELETE /periods', ['periods']);

export const usePeriodMutation = <V, R>(fn: (vars: V) => Promise<R>) => useWrite(PERIOD_WRITE, fn);

import type { Indicator, IndicatorCreateBody, IndicatorUpdateBody } from '@egreso/domain';
import { api } from '../../../lib/api';
import { declareWrite, useWrite } from '../../../lib/cache';

export type SaveIndicator = { id: null; body: IndicatorCreateBody } | { id: number; body: IndicatorUpdateBody };

export function saveIndicator(input: SaveIndicator): Promise<Indicator> {
  return input.id === null
    ? api<Indicator>('/indicators', { method: 'POST', body: input.body })
    : api<Indicator>(`/indicators/${input.id}`, { method: 'PUT', body: input.body });
}

const SAVE_INDICATOR = declareWrite('POST|PUT /indicators', ['rubrics']);

/** POST /indicators or PUT /indicators/{id}. */
export const useSaveIndicator = () => useWrite(SAVE_INDICATOR, saveIndicator);

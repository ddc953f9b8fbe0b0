import { act, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GradeHistoryEntry } from '@egreso/domain';
import { mockApi } from '../../../test/render';
import { renderHookWithProviders } from '../../../test/render-hook';
import { initialChoice, restoreQuestion, useCellHistoryState, type HistoryCell } from './use-cell-history-state';

const entry = (id: number, before: number | null, after: number | null) =>
  ({
    id,
    before,
    after,
    source: 'captura',
    changed_at: '2026-09-01T10:00:00.000Z',
    changed_by: null,
  }) as unknown as GradeHistoryEntry;
const CELL: HistoryCell = {
  activityId: 3,
  userId: 8,
  studentName: 'Ana López',
  activityName: 'Examen',
  current: { qualification: 90, version: 4 },
};

afterEach(() => vi.unstubAllGlobals());

describe('useCellHistoryState', () => {
  it('restores with the version the sheet shows, and retries the last one tried', async () => {
    const calls = mockApi({
      'GET /grade-history': { body: [entry(2, 80, 90), entry(1, null, 80)] },
      'POST /grade-history/2/restore': { body: { outcome: 'conflict', message: 'Cambió.', conflict: null } },
    });
    const onClose = vi.fn();
    const { result } = renderHookWithProviders(() => useCellHistoryState(CELL, 7, onClose));
    await waitFor(() => expect(result.current.rows).toHaveLength(2));
    expect(result.current.initial).toEqual({ entryId: 1, value: 'before', qualification: null });
    act(() => result.current.ask({ entryId: 2, value: 'after', qualification: 90 }));
    act(() => void result.current.confirm());
    expect(result.current.asked).toBeNull();
    await waitFor(() => expect(result.current.result?.outcome).toBe('conflict'));
    act(() => void result.current.retry());
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { value: 'after', version: 4 },
      { value: 'after', version: 4 },
    ]);
    act(() => result.current.close());
    expect(onClose).toHaveBeenCalled();
    expect(result.current.result).toBeNull();
  });
});

describe('cell history texts', () => {
  it('offers the value before the oldest change, and none without changes', () => {
    expect(initialChoice([entry(5, 70, 75), entry(4, 60, 70)])).toEqual({
      entryId: 4,
      value: 'before',
      qualification: 60,
    });
    expect(initialChoice([])).toBeNull();
  });

  it('says what the grade goes back to and what it is now', () => {
    expect(restoreQuestion(CELL, { entryId: 1, value: 'before', qualification: null })).toBe(
      '¿Restaurar la calificación de Ana López en Examen a vacía? Ahora es 90.0; el cambio quedará en el historial como «restauración».',
    );
    expect(restoreQuestion(CELL, null)).toBe('');
  });
});

import { act, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OBSERVATION_MSG, type SheetStudent } from '@egreso/domain';
import { mockApi } from '../../../test/render';
import { renderHookWithProviders } from '../../../test/render-hook';
import { observationsToSend, useAttributesDialogState } from './use-attributes-dialog-state';

const ANA = { id: 8, full_name: 'Ana López' } as SheetStudent;
const LUIS = { id: 9, full_name: 'Luis Pérez' } as SheetStudent;

afterEach(() => vi.unstubAllGlobals());

describe('useAttributesDialogState', () => {
  it('asks for an observation before saving, saves the typed ones and clears them, and starts blank for another student', async () => {
    const calls = mockApi({
      'GET /userattributes': { body: [] },
      'GET /userattribute-observations/history': { body: [] },
      'POST /userattribute-observations/batch': { body: { message: 'ok' } },
    });
    const report = { onSaved: vi.fn(), onError: vi.fn() };
    const { result, rerender } = renderHookWithProviders(
      ({ student }: { student: SheetStudent }) => useAttributesDialogState(student, 5, 2, report),
      { initialProps: { student: ANA } },
    );
    act(() => result.current.submit());
    expect(report.onError).toHaveBeenCalledWith(`${OBSERVATION_MSG.saveError}: ${OBSERVATION_MSG.required}`);
    act(() => result.current.setText(21, '  Participa  '));
    act(() => result.current.submit());
    await waitFor(() => expect(report.onSaved).toHaveBeenCalledWith(OBSERVATION_MSG.saved));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      observaciones: [{ user_id: 8, attribute_id: 21, subject_id: 5, observation: 'Participa' }],
    });
    expect(result.current.texts).toEqual({});
    act(() => result.current.setText(21, 'Otra'));
    rerender({ student: LUIS });
    expect(result.current.texts).toEqual({});
  });
});

describe('observationsToSend', () => {
  it('sends the non-blank texts, trimmed', () => {
    expect(observationsToSend({ 1: ' a ', 2: '   ' }, 8, 5)).toEqual([
      { user_id: 8, attribute_id: 1, subject_id: 5, observation: 'a' },
    ]);
  });
});

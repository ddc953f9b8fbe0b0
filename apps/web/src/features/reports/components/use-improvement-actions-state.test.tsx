import { act, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Attribute } from '@egreso/domain';
import { mockApi, signIn } from '../../../test/render';
import { renderHookWithProviders } from '../../../test/render-hook';
import { careerAttributesOf, improvementFilters, useImprovementActionsState } from './use-improvement-actions-state';

afterEach(() => vi.unstubAllGlobals());

describe('useImprovementActionsState', () => {
  it("asks for the chosen career's actions with the chosen filters only", async () => {
    signIn({ id: 3, full_name: 'Jefa Demo', rol: 1 });
    const calls = mockApi({
      'GET /mis-carreras': { body: [{ id: 1, career_key: 'ISC', name: 'Ingeniería en Sistemas' }] },
      'GET /reportes/acciones-mejora': { body: [] },
    });
    const { result } = renderHookWithProviders(() => useImprovementActionsState());
    await waitFor(() => expect(result.current.careerId).toBe('1'));
    act(() => result.current.setStatus('en_curso'));
    await waitFor(() => expect(result.current.actions.data).toEqual([]));
    const asked = calls.filter((c) => c.path === '/reportes/acciones-mejora').at(-1)!;
    expect(Object.fromEntries(asked.query)).toEqual({ career_id: '1', status: 'en_curso' });
  });

  it('closes the open edit and follow-up when either is saved, and reports it', async () => {
    signIn({ id: 3, full_name: 'Jefa Demo', rol: 1 });
    mockApi({ 'GET /mis-carreras': { body: [] } });
    const { result } = renderHookWithProviders(() => useImprovementActionsState());
    act(() => result.current.saved('Guardado.'));
    expect(result.current.editing).toBeNull();
    expect(result.current.following).toBeNull();
    expect(result.current.feedback.dialogProps.result).toEqual({ kind: 'success', message: 'Guardado.' });
  });
});

describe('improvement filters', () => {
  it('asks for nothing without a career, and leaves out what is not chosen', () => {
    const none = { generationId: null, attributeId: null, status: null, periodId: null };
    expect(improvementFilters({ careerId: null, ...none })).toBeNull();
    expect(improvementFilters({ careerId: '2', ...none, generationId: '5', periodId: '7' })).toEqual({
      career_id: 2,
      generation_id: 5,
      attribute_id: undefined,
      period_id: 7,
      status: undefined,
    });
  });

  it("offers the career's attributes and the shared ones", () => {
    const attribute = (id: number, career_id: number | null) => ({ id, career_id }) as Attribute;
    const list = [attribute(1, 1), attribute(2, 2), attribute(3, null)];
    expect(careerAttributesOf(list, '1').map((a) => a.id)).toEqual([1, 3]);
    expect(careerAttributesOf(list, null)).toEqual([]);
  });
});

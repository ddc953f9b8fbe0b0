import { act, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Criterion, Indicator, RubricTree } from '@egreso/domain';
import { mockApi } from '../../../test/render';
import { renderHookWithProviders } from '../../../test/render-hook';
import { copiedMessage, deletionMessage, useRubricEditorState } from './use-rubric-editor-state';

const CRITERION = {
  id: 31,
  rubric_id: 11,
  attribute_id: 21,
  name_criterion: 'PLANTEAMIENTO',
  weight: 60,
  evaluation_scales: [],
  indicators: [],
} as Criterion;
const ATTRIBUTE = {
  id: 21,
  attribute_name: 'Resolver problemas',
  codigo: 'AE1',
  description: null,
  evaluationcriterias: [CRITERION],
};
const TREE = {
  rubric_id: 11,
  rubric_name: 'Rúbrica',
  professor_subject_id: 7,
  subject_name: 'Fundamentos de Programación',
  group_name: '101',
  period_name: 'AGO-DIC 2026',
  teacher_name: 'Laura Mendoza',
  atributos: [ATTRIBUTE],
} as RubricTree;

afterEach(() => vi.unstubAllGlobals());

describe('useRubricEditorState', () => {
  it('creates a missing rubric once, then is ready with the reloaded tree', async () => {
    let created = false;
    const calls = mockApi({
      'GET /evaluationscales': { body: [] },
      'GET /profesor/materia/7/rubrica': () =>
        created ? { body: TREE } : { status: 404, body: { message: 'No existe' } },
      'POST /rubrics': () => {
        created = true;
        return { body: { id: 11 } };
      },
    });
    const { result } = renderHookWithProviders(() => useRubricEditorState(7));
    await waitFor(() => expect(result.current.phase).toBe('ready'));
    expect(result.current.tree?.rubric_id).toBe(11);
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/rubrics')).toHaveLength(1);
    expect(calls.find((c) => c.path === '/rubrics')?.body).toEqual({ professor_subject_id: 7 });
  });

  it('says the creation failed when the server refuses it', async () => {
    mockApi({
      'GET /evaluationscales': { body: [] },
      'GET /profesor/materia/7/rubrica': { status: 404, body: { message: 'No existe' } },
      'POST /rubrics': { status: 422, body: { message: 'Sin atributos' } },
    });
    const { result } = renderHookWithProviders(() => useRubricEditorState(7));
    await waitFor(() => expect(result.current.phase).toBe('createFailed'));
  });

  it('adds a criterion to the open attribute of the loaded rubric, closes the dialog and reports it', async () => {
    const calls = mockApi({
      'GET /evaluationscales': { body: [] },
      'GET /profesor/materia/7/rubrica': { body: TREE },
      'POST /evaluationcriterias': { body: { ...CRITERION, id: 32 } },
    });
    const { result } = renderHookWithProviders(() => useRubricEditorState(7));
    await waitFor(() => expect(result.current.phase).toBe('ready'));
    act(() => result.current.actions.addCriterion(ATTRIBUTE));
    expect(result.current.criterionEdit).toEqual({ attribute: ATTRIBUTE, criterion: null });
    await act(() => result.current.submitCriterion({ name_criterion: 'DISEÑO', weight: 40 }));
    expect(calls.find((c) => c.method === 'POST' && c.path === '/evaluationcriterias')?.body).toEqual({
      name_criterion: 'DISEÑO',
      weight: 40,
      rubric_id: 11,
      attribute_id: 21,
    });
    expect(result.current.criterionEdit).toBeNull();
    expect(result.current.feedback.dialogProps.result?.kind).toBe('success');
  });

  it('asks before deleting and reports the answer', async () => {
    const calls = mockApi({
      'GET /evaluationscales': { body: [] },
      'GET /profesor/materia/7/rubrica': { body: TREE },
      'DELETE /evaluationcriterias/31': { body: { message: 'Criterio eliminado.' } },
    });
    const { result } = renderHookWithProviders(() => useRubricEditorState(7));
    await waitFor(() => expect(result.current.phase).toBe('ready'));
    act(() => result.current.actions.deleteCriterion(CRITERION));
    expect(result.current.deletion.target).toEqual({ kind: 'criterion', item: CRITERION });
    await act(() => result.current.deletion.dialogProps.onConfirm());
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/evaluationcriterias/31')).toBe(true);
    expect(result.current.feedback.dialogProps.result).toEqual({ kind: 'success', message: 'Criterio eliminado.' });
  });
});

describe('rubric editor texts', () => {
  it('names what a deletion takes with it', () => {
    expect(deletionMessage({ kind: 'criterion', item: CRITERION })).toBe(
      '¿Eliminar el criterio «PLANTEAMIENTO»? También se eliminarán sus indicadores y descripciones. Esta acción no se puede deshacer.',
    );
    const indicator = { id: 41, evaluationcriteria_id: 31, description: 'IDENTIFICA DATOS', weight: 30 } as Indicator;
    expect(deletionMessage({ kind: 'indicator', item: indicator })).toBe(
      '¿Eliminar el indicador «IDENTIFICA DATOS»? Esta acción no se puede deshacer.',
    );
  });

  it('counts what a copy brought, in the singular when one', () => {
    expect(copiedMessage({ criteria: 1, indicators: 3 })).toBe(
      '¡Rúbrica copiada exitosamente! (1 criterio, 3 indicadores)',
    );
  });
});

import { useEffect, useRef, useState } from 'react';
import {
  RUBRIC_MSG,
  TIMINGS,
  type AssignScaleBody,
  type Criterion,
  type CriterionUpdateBody,
  type EvaluationScale,
  type Indicator,
  type IndicatorUpdateBody,
  type RubricAttribute,
} from '@egreso/domain';
import { ApiError } from '../../../lib/api';
import { errorText } from '../../../lib/errors';
import { countOf } from '../../../lib/plural';
import { useConfirmDelete } from '../../../lib/use-confirm-delete';
import { useFeedback } from '../../../lib/use-feedback';
import { useAssignScale } from '../api/assign-scale';
import { useCopyRubric } from '../api/copy-rubric';
import { useCreateRubric } from '../api/create-rubric';
import { useDeleteCriterion } from '../api/delete-criterion';
import { useDeleteIndicator } from '../api/delete-indicator';
import { exportRubric } from '../api/export-rubric';
import { useRubric } from '../api/get-rubric';
import { useEvaluationScales } from '../api/get-scales';
import { useSaveCriterion } from '../api/save-criterion';
import { useSaveIndicator } from '../api/save-indicator';
import type { SectionActions } from './AttributeSection';

export type Deletion = { kind: 'criterion'; item: Criterion } | { kind: 'indicator'; item: Indicator };
export type CriterionEdit = { attribute: RubricAttribute; criterion: Criterion | null };
export type IndicatorEdit = { criterion: Criterion; indicator: Indicator | null };
export type ScaleEdit = { criterion: Criterion; scale: EvaluationScale };

/** What the editor shows: the rubric, or the step of loading (or creating) it it is at. */
export type RubricPhase = 'createFailed' | 'creating' | 'loadFailed' | 'loading' | 'ready';

/** The 'Confirmación' text of a deletion. */
export function deletionMessage(target: Deletion | null): string {
  return target?.kind === 'criterion'
    ? `¿Eliminar el criterio «${target.item.name_criterion}»? También se eliminarán sus indicadores y descripciones. Esta acción no se puede deshacer.`
    : `¿Eliminar el indicador «${target?.item.description ?? ''}»? Esta acción no se puede deshacer.`;
}

/** The text reporting a copied rubric. */
export function copiedMessage(copied: { criteria: number; indicators: number }): string {
  return `¡Rúbrica copiada exitosamente! (${countOf(copied.criteria, 'criterio', 'criterios')}, ${countOf(copied.indicators, 'indicador', 'indicadores')})`;
}

/** The open edit dialogs of the rubric editor and the row actions that open them. */
function useRubricEdits(askDelete: (d: Deletion) => void) {
  const [criterionEdit, setCriterionEdit] = useState<CriterionEdit | null>(null);
  const [indicatorEdit, setIndicatorEdit] = useState<IndicatorEdit | null>(null);
  const [scaleEdit, setScaleEdit] = useState<ScaleEdit | null>(null);
  const [copying, setCopying] = useState(false);
  const actions: SectionActions = {
    addCriterion: (attribute) => setCriterionEdit({ attribute, criterion: null }),
    editCriterion: (attribute, criterion) => setCriterionEdit({ attribute, criterion }),
    deleteCriterion: (item) => askDelete({ kind: 'criterion', item }),
    addIndicator: (criterion) => setIndicatorEdit({ criterion, indicator: null }),
    editIndicator: (criterion, indicator) => setIndicatorEdit({ criterion, indicator }),
    deleteIndicator: (item) => askDelete({ kind: 'indicator', item }),
    editScale: (criterion, scale) => setScaleEdit({ criterion, scale }),
  };
  return {
    criterionEdit,
    setCriterionEdit,
    indicatorEdit,
    setIndicatorEdit,
    scaleEdit,
    setScaleEdit,
    copying,
    setCopying,
    actions,
  };
}

/** Spec: a rubric that answers 403 or 404 is created automatically, once per assignment, then reloaded. */
function useRubricOrCreate(assignmentId: number) {
  const rubric = useRubric(assignmentId);
  const create = useCreateRubric();
  const status = rubric.error instanceof ApiError ? rubric.error.status : null;
  const missing = status === 403 || status === 404;
  const attempted = useRef(new Set<number>());
  const { mutate: createMutate } = create;
  useEffect(() => {
    if (!missing || attempted.current.has(assignmentId)) return;
    attempted.current.add(assignmentId);
    createMutate({ professor_subject_id: assignmentId });
  }, [missing, assignmentId, createMutate]);
  return { rubric, create, missing };
}

/**
 * The rubric editor's state: the rubric (created on the spot when missing), the scales, the open dialogs, and every
 * save, copy, export and delete with its report ('Éxito' closes in 1.4 s).
 */
export function useRubricEditorState(assignmentId: number) {
  const { rubric, create, missing } = useRubricOrCreate(assignmentId);
  const scales = useEvaluationScales();
  const saveCriterion = useSaveCriterion();
  const saveIndicator = useSaveIndicator();
  const assignScale = useAssignScale();
  const copy = useCopyRubric();
  const removeCriterion = useDeleteCriterion();
  const removeIndicator = useDeleteIndicator();
  const feedback = useFeedback(TIMINGS.rubricSuccess);

  const deletion = useConfirmDelete(
    async (d: Deletion) => {
      const answer =
        d.kind === 'criterion'
          ? await removeCriterion.mutateAsync(d.item.id)
          : await removeIndicator.mutateAsync(d.item.id);
      feedback.success(answer.message);
    },
    (err) => feedback.error(errorText('No se pudo eliminar', err)),
  );
  const edits = useRubricEdits(deletion.ask);
  const { criterionEdit, indicatorEdit, scaleEdit } = edits;

  const phase: RubricPhase =
    missing && create.isError
      ? 'createFailed'
      : missing || create.isPending
        ? 'creating'
        : rubric.isError
          ? 'loadFailed'
          : rubric.isPending || scales.isPending
            ? 'loading'
            : 'ready';
  const rubricId = rubric.data?.rubric_id ?? 0;

  return {
    phase,
    createError: create.error,
    tree: rubric.data,
    scales: scales.data ?? [],
    feedback,
    deletion,
    deleting: removeCriterion.isPending || removeIndicator.isPending,
    ...edits,
    savingCriterion: saveCriterion.isPending,
    savingIndicator: saveIndicator.isPending,
    savingScale: assignScale.isPending,
    copyingNow: copy.isPending,
    download: async () => {
      try {
        await exportRubric(rubricId);
      } catch (err) {
        feedback.error(errorText('No se pudo exportar la rúbrica', err));
      }
    },
    submitCriterion: async (body: CriterionUpdateBody) => {
      const draft = criterionEdit?.criterion ?? null;
      await saveCriterion.mutateAsync(
        draft
          ? { id: draft.id, body }
          : { id: null, body: { ...body, rubric_id: rubricId, attribute_id: criterionEdit!.attribute.id } },
      );
      edits.setCriterionEdit(null);
      feedback.success(RUBRIC_MSG.criterionSaved);
    },
    submitIndicator: async (body: IndicatorUpdateBody) => {
      const draft = indicatorEdit?.indicator ?? null;
      await saveIndicator.mutateAsync(
        draft
          ? { id: draft.id, body }
          : { id: null, body: { ...body, evaluationcriteria_id: indicatorEdit!.criterion.id } },
      );
      edits.setIndicatorEdit(null);
      feedback.success(RUBRIC_MSG.indicatorSaved);
    },
    submitScale: async (body: AssignScaleBody) => {
      await assignScale.mutateAsync({ criterionId: scaleEdit!.criterion.id, body });
      edits.setScaleEdit(null);
      feedback.success(RUBRIC_MSG.descriptionSaved);
    },
    copyFrom: (from: number) =>
      copy.mutate(
        { from_professor_subject_id: from, to_professor_subject_id: assignmentId },
        {
          onSuccess: (r) => {
            edits.setCopying(false);
            feedback.success(copiedMessage(r));
          },
          onError: (err) => feedback.error(errorText('No se pudo copiar la rúbrica.', err)),
        },
      ),
  };
}

export type RubricEditorState = ReturnType<typeof useRubricEditorState>;

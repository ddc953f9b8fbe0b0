import { useState } from 'react';
import { IMPROVEMENT_MSG, type Attribute, type ImprovementAction } from '@egreso/domain';
import { errorText } from '../../../lib/errors';
import { useConfirmDelete } from '../../../lib/use-confirm-delete';
import { useFeedback } from '../../../lib/use-feedback';
import { useAttributes } from '../../../lib/queries/attributes';
import { useGenerations } from '../../../lib/queries/generations';
import { useDeleteImprovementAction } from '../api/delete-improvement-action';
import { exportImprovementActions } from '../api/export-improvement-actions';
import { useImprovementActions } from '../api/get-improvement-actions';
import { useCareerChoice } from './report-filters';
import { useActionOptions } from './use-action-options';
import { useDownload } from './use-download';

export interface ImprovementFilterChoice {
  careerId: string | null;
  generationId: string | null;
  attributeId: string | null;
  status: string | null;
  periodId: string | null;
}

const num = (v: string | null) => (v === null ? undefined : Number(v));

/** The list's query: nothing until a career is chosen; every other filter left out when not chosen. */
export function improvementFilters(choice: ImprovementFilterChoice) {
  if (choice.careerId === null) return null;
  return {
    career_id: Number(choice.careerId),
    generation_id: num(choice.generationId),
    attribute_id: num(choice.attributeId),
    period_id: num(choice.periodId),
    status: choice.status ?? undefined,
  };
}

/** The career's own attributes and the shared ones (no career), which count in every career's reports. */
export function careerAttributesOf(attributes: readonly Attribute[], careerId: string | null): Attribute[] {
  return attributes.filter((a) => careerId !== null && (a.career_id === Number(careerId) || a.career_id === null));
}

/**
 * The state of 'Mejora continua': the filters and the list they select, the open edit and follow-up, the delete
 * behind its confirmation, and the export.
 */
export function useImprovementActionsState() {
  const { careers, careerId, setCareerId } = useCareerChoice();
  const generations = useGenerations();
  const attributes = useAttributes();
  const [generationId, setGenerationId] = useState<string | null>(null);
  const [attributeId, setAttributeId] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [periodId, setPeriodId] = useState<string | null>(null);
  const filters = improvementFilters({ careerId, generationId, attributeId, status, periodId });
  const actions = useImprovementActions(filters);
  const options = useActionOptions(careerId === null ? null : Number(careerId));
  const [editing, setEditing] = useState<ImprovementAction | null>(null);
  const [following, setFollowing] = useState<ImprovementAction | null>(null);
  const feedback = useFeedback();
  const excel = useDownload((err) => feedback.error(errorText('No se pudo generar el Excel. Intenta de nuevo.', err)));
  const remove = useDeleteImprovementAction();
  const deletion = useConfirmDelete(
    (a: ImprovementAction) => remove.mutateAsync(a.id).then(() => feedback.success(IMPROVEMENT_MSG.deleted)),
    (err) => feedback.error(errorText('Error al eliminar la acción de mejora', err)),
  );

  return {
    careers,
    careerId,
    setCareerId,
    generations,
    careerAttributes: careerAttributesOf(attributes.data ?? [], careerId),
    generationId,
    setGenerationId,
    attributeId,
    setAttributeId,
    status,
    setStatus,
    periodId,
    setPeriodId,
    filters,
    actions,
    options,
    editing,
    setEditing,
    following,
    setFollowing,
    feedback,
    excel,
    deletion,
    saved: (message: string) => {
      setEditing(null);
      setFollowing(null);
      feedback.success(message);
    },
    exportFile: () => (filters ? excel.download(() => exportImprovementActions(filters)) : undefined),
  };
}

export type ImprovementActionsState = ReturnType<typeof useImprovementActionsState>;

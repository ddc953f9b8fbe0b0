import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import {
  LIMITS,
  RUBRIC_MSG,
  TIMINGS,
  criterionUpdateBody,
  indicatorUpdateBody,
  type Criterion,
  type CriterionUpdateBody,
  type EvaluationScale,
  type Indicator,
  type IndicatorUpdateBody,
  type RubricAttribute,
} from '@egreso/domain';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { PageLoader } from '../../../components/PageLoader';
import { ResultDialog } from '../../../components/ResultDialog';
import { ApiError } from '../../../lib/api';
import { errorText } from '../../../lib/errors';
import { useConfirmDelete } from '../../../lib/use-confirm-delete';
import { useFeedback } from '../../../lib/use-feedback';
import { countOf } from '../../../lib/plural';
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
import { AttributeSection, type SectionActions } from './AttributeSection';
import { CopyRubricModal } from './CopyRubricModal';
import { ScaleDescriptionModal } from './ScaleDescriptionModal';
import { WeightedItemModal } from './WeightedItemModal';
import { scaleHeader, usedByOthers } from './rubric-sums';

type Deletion = { kind: 'criterion'; item: Criterion } | { kind: 'indicator'; item: Indicator };

/**
 * The rubric of one assignment: loaded, or created on the spot when the server answers 403 or 404, then edited
 * attribute by attribute; every save goes through 'Confirmación' and reports in a dialog (success closes in 1.4 s).
 */
export function RubricEditor({ assignmentId }: { assignmentId: number }) {
  const rubric = useRubric(assignmentId);
  const scales = useEvaluationScales();
  const create = useCreateRubric();
  const saveCriterion = useSaveCriterion();
  const saveIndicator = useSaveIndicator();
  const assignScale = useAssignScale();
  const copy = useCopyRubric();
  const removeCriterion = useDeleteCriterion();
  const removeIndicator = useDeleteIndicator();
  const feedback = useFeedback(TIMINGS.rubricSuccess);

  const [criterionEdit, setCriterionEdit] = useState<{
    attribute: RubricAttribute;
    criterion: Criterion | null;
  } | null>(null);
  const [indicatorEdit, setIndicatorEdit] = useState<{ criterion: Criterion; indicator: Indicator | null } | null>(
    null,
  );
  const [scaleEdit, setScaleEdit] = useState<{ criterion: Criterion; scale: EvaluationScale } | null>(null);
  const [copying, setCopying] = useState(false);

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

  // Spec: a rubric that answers 403 or 404 is created automatically, once per assignment, then reloaded.
  const status = rubric.error instanceof ApiError ? rubric.error.status : null;
  const missing = status === 403 || status === 404;
  const attempted = useRef(new Set<number>());
  const { mutate: createMutate } = create;
  useEffect(() => {
    if (!missing || attempted.current.has(assignmentId)) return;
    attempted.current.add(assignmentId);
    createMutate({ professor_subject_id: assignmentId });
  }, [missing, assignmentId, createMutate]);

  if (missing && create.isError) {
    return (
      <Alert color="red" role="alert">
        {errorText(RUBRIC_MSG.createFailed, create.error)}
      </Alert>
    );
  }
  if (missing || create.isPending) return <PageLoader text={RUBRIC_MSG.creating} />;
  if (rubric.isError)
    return (
      <Alert color="red" role="alert">
        {RUBRIC_MSG.loadFailed}
      </Alert>
    );
  if (rubric.isPending || scales.isPending) return <PageLoader />;
  const tree = rubric.data;
  const scaleList = scales.data ?? [];

  const actions: SectionActions = {
    addCriterion: (attribute) => setCriterionEdit({ attribute, criterion: null }),
    editCriterion: (attribute, criterion) => setCriterionEdit({ attribute, criterion }),
    deleteCriterion: (item) => deletion.ask({ kind: 'criterion', item }),
    addIndicator: (criterion) => setIndicatorEdit({ criterion, indicator: null }),
    editIndicator: (criterion, indicator) => setIndicatorEdit({ criterion, indicator }),
    deleteIndicator: (item) => deletion.ask({ kind: 'indicator', item }),
    editScale: (criterion, scale) => setScaleEdit({ criterion, scale }),
  };

  const download = async () => {
    try {
      await exportRubric(tree.rubric_id);
    } catch (err) {
      feedback.error(errorText('No se pudo exportar la rúbrica', err));
    }
  };

  const criterionDraft = criterionEdit?.criterion ?? null;
  const indicatorDraft = indicatorEdit?.indicator ?? null;

  return (
    <Stack gap="md">
      <Group gap="sm" data-print="hide">
        <Button variant="light" onClick={() => setCopying(true)}>
          Copiar de otra asignación
        </Button>
        <Button variant="light" onClick={() => window.print()}>
          Imprimir
        </Button>
        <Button variant="light" onClick={() => void download()}>
          Exportar Excel
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        Grupo {tree.group_name ?? 'sin grupo'} · {tree.period_name ?? 'Sin periodo'} · Profesor(a): {tree.teacher_name}
      </Text>
      {tree.atributos.length === 0 ? (
        <Alert color="yellow">Esta materia no tiene atributos de egreso asignados.</Alert>
      ) : null}
      {tree.atributos.map((a) => (
        <AttributeSection key={a.id} attribute={a} scales={scaleList} actions={actions} />
      ))}

      <WeightedItemModal<CriterionUpdateBody>
        opened={criterionEdit !== null}
        title={criterionDraft ? 'Editar criterio' : 'Agregar criterio'}
        nameLabel="Criterio"
        maxLength={LIMITS.criterionName}
        initial={criterionDraft ? { name: criterionDraft.name_criterion, weight: criterionDraft.weight } : null}
        schema={criterionUpdateBody}
        toBody={(v) => ({ name_criterion: v.name, weight: v.weight })}
        limit={{
          used: criterionEdit
            ? usedByOthers(criterionEdit.attribute.evaluationcriterias, criterionDraft?.id ?? null)
            : 0,
          max: 100,
          message: RUBRIC_MSG.criteriaSum,
        }}
        confirmText="¿Deseas guardar el criterio?"
        saving={saveCriterion.isPending}
        onSave={async (body) => {
          await saveCriterion.mutateAsync(
            criterionDraft
              ? { id: criterionDraft.id, body }
              : { id: null, body: { ...body, rubric_id: tree.rubric_id, attribute_id: criterionEdit!.attribute.id } },
          );
          setCriterionEdit(null);
          feedback.success(RUBRIC_MSG.criterionSaved);
        }}
        onError={(err) => feedback.error(errorText(RUBRIC_MSG.criterionSaveFailed, err))}
        onClose={() => setCriterionEdit(null)}
      />
      <WeightedItemModal<IndicatorUpdateBody>
        opened={indicatorEdit !== null}
        title={indicatorDraft ? 'Editar indicador' : 'Agregar indicador'}
        nameLabel="Indicador"
        maxLength={LIMITS.indicatorDescription}
        initial={indicatorDraft ? { name: indicatorDraft.description, weight: indicatorDraft.weight } : null}
        schema={indicatorUpdateBody}
        toBody={(v) => ({ description: v.name, weight: v.weight })}
        limit={{
          used: indicatorEdit ? usedByOthers(indicatorEdit.criterion.indicators, indicatorDraft?.id ?? null) : 0,
          max: indicatorEdit?.criterion.weight ?? 100,
          message: RUBRIC_MSG.indicatorsSum(indicatorEdit?.criterion.weight ?? 100),
        }}
        confirmText="¿Deseas guardar el indicador?"
        saving={saveIndicator.isPending}
        onSave={async (body) => {
          await saveIndicator.mutateAsync(
            indicatorDraft
              ? { id: indicatorDraft.id, body }
              : { id: null, body: { ...body, evaluationcriteria_id: indicatorEdit!.criterion.id } },
          );
          setIndicatorEdit(null);
          feedback.success(RUBRIC_MSG.indicatorSaved);
        }}
        onError={(err) => feedback.error(errorText(RUBRIC_MSG.indicatorSaveFailed, err))}
        onClose={() => setIndicatorEdit(null)}
      />
      <ScaleDescriptionModal
        opened={scaleEdit !== null}
        subtitle={scaleEdit ? `${scaleEdit.criterion.name_criterion} · ${scaleHeader(scaleEdit.scale)}` : ''}
        scaleId={scaleEdit?.scale.id ?? 0}
        description={
          scaleEdit?.criterion.evaluation_scales.find((s) => s.scale_id === scaleEdit.scale.id)?.custom_description ??
          null
        }
        saving={assignScale.isPending}
        onSave={async (body) => {
          await assignScale.mutateAsync({ criterionId: scaleEdit!.criterion.id, body });
          setScaleEdit(null);
          feedback.success(RUBRIC_MSG.descriptionSaved);
        }}
        onError={(err) => feedback.error(errorText(RUBRIC_MSG.descriptionSaveFailed, err))}
        onClose={() => setScaleEdit(null)}
      />
      <CopyRubricModal
        opened={copying}
        assignmentId={assignmentId}
        saving={copy.isPending}
        onClose={() => setCopying(false)}
        onCopy={(from) =>
          copy.mutate(
            { from_professor_subject_id: from, to_professor_subject_id: assignmentId },
            {
              onSuccess: (r) => {
                setCopying(false);
                feedback.success(
                  `¡Rúbrica copiada exitosamente! (${countOf(r.criteria, 'criterio', 'criterios')}, ${countOf(r.indicators, 'indicador', 'indicadores')})`,
                );
              },
              onError: (err) => feedback.error(errorText('No se pudo copiar la rúbrica.', err)),
            },
          )
        }
      />
      <ConfirmDialog
        {...deletion.dialogProps}
        title="Confirmación"
        message={
          deletion.target?.kind === 'criterion'
            ? `¿Eliminar el criterio «${deletion.target.item.name_criterion}»? También se eliminarán sus indicadores y descripciones. Esta acción no se puede deshacer.`
            : `¿Eliminar el indicador «${deletion.target?.item.description ?? ''}»? Esta acción no se puede deshacer.`
        }
        loading={removeCriterion.isPending || removeIndicator.isPending}
      />
      <ResultDialog {...feedback.dialogProps} />
    </Stack>
  );
}

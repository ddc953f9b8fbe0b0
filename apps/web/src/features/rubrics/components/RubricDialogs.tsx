import {
  LIMITS,
  RUBRIC_MSG,
  criterionUpdateBody,
  indicatorUpdateBody,
  type CriterionUpdateBody,
  type IndicatorUpdateBody,
} from '@egreso/domain';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ResultDialog } from '../../../components/ResultDialog';
import { errorText } from '../../../lib/errors';
import { CopyRubricModal } from './CopyRubricModal';
import { ScaleDescriptionModal } from './ScaleDescriptionModal';
import { WeightedItemModal } from './WeightedItemModal';
import { scaleHeader, usedByOthers } from './rubric-sums';
import { deletionMessage, type RubricEditorState } from './use-rubric-editor-state';

/** The criterion's add or edit dialog, its weights summing at most 100 within the attribute. */
function CriterionDialog({ s }: { s: RubricEditorState }) {
  const edit = s.criterionEdit;
  const draft = edit?.criterion ?? null;
  return (
    <WeightedItemModal<CriterionUpdateBody>
      opened={edit !== null}
      title={draft ? 'Editar criterio' : 'Agregar criterio'}
      nameLabel="Criterio"
      maxLength={LIMITS.criterionName}
      initial={draft ? { name: draft.name_criterion, weight: draft.weight } : null}
      schema={criterionUpdateBody}
      toBody={(v) => ({ name_criterion: v.name, weight: v.weight })}
      limit={{
        used: edit ? usedByOthers(edit.attribute.evaluationcriterias, draft?.id ?? null) : 0,
        max: 100,
        message: RUBRIC_MSG.criteriaSum,
      }}
      confirmText="¿Deseas guardar el criterio?"
      saving={s.savingCriterion}
      onSave={s.submitCriterion}
      onError={(err) => s.feedback.error(errorText(RUBRIC_MSG.criterionSaveFailed, err))}
      onClose={() => s.setCriterionEdit(null)}
    />
  );
}

/** The indicator's add or edit dialog, its weights summing at most the criterion's weight. */
function IndicatorDialog({ s }: { s: RubricEditorState }) {
  const edit = s.indicatorEdit;
  const draft = edit?.indicator ?? null;
  return (
    <WeightedItemModal<IndicatorUpdateBody>
      opened={edit !== null}
      title={draft ? 'Editar indicador' : 'Agregar indicador'}
      nameLabel="Indicador"
      maxLength={LIMITS.indicatorDescription}
      initial={draft ? { name: draft.description, weight: draft.weight } : null}
      schema={indicatorUpdateBody}
      toBody={(v) => ({ description: v.name, weight: v.weight })}
      limit={{
        used: edit ? usedByOthers(edit.criterion.indicators, draft?.id ?? null) : 0,
        max: edit?.criterion.weight ?? 100,
        message: RUBRIC_MSG.indicatorsSum(edit?.criterion.weight ?? 100),
      }}
      confirmText="¿Deseas guardar el indicador?"
      saving={s.savingIndicator}
      onSave={s.submitIndicator}
      onError={(err) => s.feedback.error(errorText(RUBRIC_MSG.indicatorSaveFailed, err))}
      onClose={() => s.setIndicatorEdit(null)}
    />
  );
}

/** The rubric editor's dialogs: criterion, indicator, scale description, copy, delete confirmation and result. */
export function RubricDialogs({ s, assignmentId }: { s: RubricEditorState; assignmentId: number }) {
  const scaleEdit = s.scaleEdit;
  return (
    <>
      <CriterionDialog s={s} />
      <IndicatorDialog s={s} />
      <ScaleDescriptionModal
        opened={scaleEdit !== null}
        subtitle={scaleEdit ? `${scaleEdit.criterion.name_criterion} · ${scaleHeader(scaleEdit.scale)}` : ''}
        scaleId={scaleEdit?.scale.id ?? 0}
        description={
          scaleEdit?.criterion.evaluation_scales.find((x) => x.scale_id === scaleEdit.scale.id)?.custom_description ??
          null
        }
        saving={s.savingScale}
        onSave={s.submitScale}
        onError={(err) => s.feedback.error(errorText(RUBRIC_MSG.descriptionSaveFailed, err))}
        onClose={() => s.setScaleEdit(null)}
      />
      <CopyRubricModal
        opened={s.copying}
        assignmentId={assignmentId}
        saving={s.copyingNow}
        onClose={() => s.setCopying(false)}
        onCopy={s.copyFrom}
      />
      <ConfirmDialog
        {...s.deletion.dialogProps}
        title="Confirmación"
        message={deletionMessage(s.deletion.target)}
        loading={s.deleting}
      />
      <ResultDialog {...s.feedback.dialogProps} />
    </>
  );
}

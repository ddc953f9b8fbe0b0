import { Alert, Button, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import {
  IMPROVEMENT_MSG,
  IMPROVEMENT_STATUSES,
  IMPROVEMENT_STATUS_LABELS,
  type ImprovementAction,
  type ImprovementStatus,
} from '@egreso/domain';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { PageHeader } from '../../../components/PageHeader';
import { ResultDialog } from '../../../components/ResultDialog';
import { errorText } from '../../../lib/errors';
import { useConfirmDelete } from '../../../lib/use-confirm-delete';
import { useFeedback } from '../../../lib/use-feedback';
import { useAttributes } from '../../attributes/api/get-attributes';
import { useGenerations } from '../../generations/api/get-generations';
import { useDeleteImprovementAction } from '../api/delete-improvement-action';
import { exportImprovementActions } from '../api/export-improvement-actions';
import { useImprovementActions } from '../api/get-improvement-actions';
import { EditActionModal, FollowupModal } from '../components/ImprovementActionModals';
import { ImprovementActionList } from '../components/ImprovementActionList';
import {
  AttributeSelect,
  CareerSelect,
  FilterCard,
  GenerationSelect,
  useCareerChoice,
} from '../components/report-filters';
import { ReportLinks } from '../components/ReportLinks';
import { useDownload } from '../components/use-download';
import { useActionOptions } from '../components/use-action-options';

/**
 * 'Mejora continua' (/ImprovementActions, CACEI 4.4): every improvement action of a career with its finding, expected
 * and measured result, verdict and follow-ups; filtered by generation, attribute, status and period; exported to .xlsx.
 */
export default function ImprovementActionsPage() {
  const { careers, careerId, setCareerId } = useCareerChoice();
  const generations = useGenerations();
  const attributes = useAttributes();
  const [generationId, setGenerationId] = useState<string | null>(null);
  const [attributeId, setAttributeId] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [periodId, setPeriodId] = useState<string | null>(null);
  const num = (v: string | null) => (v === null ? undefined : Number(v));
  const filters =
    careerId === null
      ? null
      : {
          career_id: Number(careerId),
          generation_id: num(generationId),
          attribute_id: num(attributeId),
          period_id: num(periodId),
          status: status ?? undefined,
        };
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
  const saved = (message: string) => {
    setEditing(null);
    setFollowing(null);
    feedback.success(message);
  };
  const exportFile = () => (filters ? excel.download(() => exportImprovementActions(filters)) : undefined);
  // The career's own attributes and the shared ones (no career), which count in every career's reports.
  const careerAttributes = (attributes.data ?? []).filter(
    (a) => careerId !== null && (a.career_id === Number(careerId) || a.career_id === null),
  );

  return (
    <>
      <PageHeader
        title="Mejora continua"
        subtitle="Acciones de mejora por atributo y generación, con su resultado esperado y medido (CACEI 4.4)"
        actions={
          <>
            <ReportLinks to={['/ReportEvidence']} />
            <Button onClick={exportFile} loading={excel.busy} disabled={!actions.data?.length}>
              Exportar Excel
            </Button>
          </>
        }
      />
      <Stack gap="md">
        <FilterCard cols={{ base: 1, sm: 2, lg: 5 }}>
          <CareerSelect careers={careers} value={careerId} onChange={setCareerId} />
          <GenerationSelect
            generations={generations}
            value={generationId}
            onChange={setGenerationId}
            allowDeselect
            placeholder="Todas"
          />
          <AttributeSelect
            attributes={careerAttributes}
            placeholder="Todos"
            value={attributeId}
            onChange={setAttributeId}
            clearable
          />
          <Select
            label="Estatus"
            placeholder="Todos"
            clearable
            value={status}
            onChange={setStatus}
            data={IMPROVEMENT_STATUSES.map((s) => ({
              value: s,
              label: IMPROVEMENT_STATUS_LABELS[s as ImprovementStatus],
            }))}
          />
          <Select
            label="Periodo de aplicación"
            placeholder="Todos"
            clearable
            searchable
            value={periodId}
            onChange={setPeriodId}
            data={options.periodOptions.map(({ value, label }) => ({ value, label }))}
          />
        </FilterCard>
        {careerId === null ? <Text c="dimmed">Selecciona una carrera.</Text> : null}
        {actions.isPending && filters ? <Text role="status">Cargando acciones de mejora...</Text> : null}
        {actions.isError ? (
          <Alert color="red" title="Error">
            {errorText('No se pudieron cargar las acciones de mejora', actions.error)}
          </Alert>
        ) : null}
        {actions.data && actions.data.length === 0 ? (
          <Text c="dimmed">
            Sin acciones de mejora con estos filtros. Se registran desde la evidencia por generación.
          </Text>
        ) : null}
        {actions.data?.length ? (
          <ImprovementActionList
            actions={actions.data}
            showContext
            onEdit={setEditing}
            onFollowup={setFollowing}
            onDelete={deletion.ask}
          />
        ) : null}
      </Stack>
      <EditActionModal
        action={editing}
        periods={options.periodOptions}
        subjects={options.subjectOptions}
        onClose={() => setEditing(null)}
        onSaved={saved}
      />
      <FollowupModal action={following} onClose={() => setFollowing(null)} onSaved={saved} />
      <ConfirmDialog
        {...deletion.dialogProps}
        title="Eliminar acción de mejora"
        message="Se eliminará la acción con su seguimiento. ¿Continuar?"
      />
      <ResultDialog {...feedback.dialogProps} />
    </>
  );
}

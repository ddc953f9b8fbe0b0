import { Alert, Select, Text } from '@mantine/core';
import { IMPROVEMENT_STATUSES, IMPROVEMENT_STATUS_LABELS, type ImprovementStatus } from '@egreso/domain';
import { errorText } from '../../../lib/errors';
import { ImprovementActionList } from './ImprovementActionList';
import { AttributeSelect, CareerSelect, FilterCard, GenerationSelect } from './report-filters';
import type { ImprovementActionsState } from './use-improvement-actions-state';

/** Career, generation, attribute, status and period of application. */
export function ImprovementFilters({ s }: { s: ImprovementActionsState }) {
  return (
    <FilterCard cols={{ base: 1, sm: 2, lg: 5 }}>
      <CareerSelect careers={s.careers} value={s.careerId} onChange={s.setCareerId} />
      <GenerationSelect
        generations={s.generations}
        value={s.generationId}
        onChange={s.setGenerationId}
        allowDeselect
        placeholder="Todas"
      />
      <AttributeSelect
        attributes={s.careerAttributes}
        placeholder="Todos"
        value={s.attributeId}
        onChange={s.setAttributeId}
        clearable
      />
      <Select
        label="Estatus"
        placeholder="Todos"
        clearable
        value={s.status}
        onChange={s.setStatus}
        data={IMPROVEMENT_STATUSES.map((x) => ({
          value: x,
          label: IMPROVEMENT_STATUS_LABELS[x as ImprovementStatus],
        }))}
      />
      <Select
        label="Periodo de aplicación"
        placeholder="Todos"
        clearable
        searchable
        value={s.periodId}
        onChange={s.setPeriodId}
        data={s.options.periodOptions.map(({ value, label }) => ({ value, label }))}
      />
    </FilterCard>
  );
}

/** The list under the filters, or what stands in for it: choose a career, loading, an error, nothing found. */
export function ImprovementResults({ s }: { s: ImprovementActionsState }) {
  const { actions } = s;
  return (
    <>
      {s.careerId === null ? <Text c="dimmed">Selecciona una carrera.</Text> : null}
      {actions.isPending && s.filters ? <Text role="status">Cargando acciones de mejora...</Text> : null}
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
          onEdit={s.setEditing}
          onFollowup={s.setFollowing}
          onDelete={s.deletion.ask}
        />
      ) : null}
    </>
  );
}

import { Alert, Button, Card, Group, Select, SimpleGrid } from '@mantine/core';
import { REPORT_MSG } from '@egreso/domain';
import { AttributeSelect, CareerSelect, GenerationSelect } from './report-filters';
import { ALL, type DivisionReportState } from './use-division-report';

/**
 * The report's filters: career (when the user has several), generation, then subject, period and attribute (only
 * once a generation is chosen; the attribute only with a specific subject), 'Consultar' and 'Exportar Excel'.
 */
export function DivisionReportFilterCard({ state }: { state: DivisionReportState }) {
  const { catalogues, choice, set } = state;
  const { noGeneration } = choice;
  return (
    <Card withBorder radius="md" padding="lg">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        {state.severalCareers ? (
          <CareerSelect
            careers={catalogues.careers}
            value={choice.careerId ?? ALL}
            onChange={(v) => set.careerId(v === ALL ? null : v)}
            allLabel="Todas las carreras"
          />
        ) : null}
        <GenerationSelect
          generations={catalogues.generations}
          value={choice.generationId}
          onChange={set.generationId}
          allowDeselect
        />
        <Select
          label="Materia"
          data={[
            { value: ALL, label: 'Todas las materias' },
            ...(catalogues.subjects.data ?? []).map((s) => ({
              value: String(s.id),
              label: `${s.subject_key} · ${s.subject_name}`,
            })),
          ]}
          value={choice.subjectId}
          onChange={(v) => set.subjectId(v ?? ALL)}
          disabled={noGeneration}
          searchable
          allowDeselect={false}
          nothingFoundMessage="Sin coincidencias"
        />
        <Select
          label="Periodo"
          data={[
            { value: ALL, label: 'Todos los periodos' },
            ...(catalogues.periods.data ?? []).map((p) => ({ value: String(p.id), label: p.period_name })),
          ]}
          value={choice.periodId}
          onChange={(v) => set.periodId(v ?? ALL)}
          disabled={noGeneration}
          allowDeselect={false}
        />
        <AttributeSelect
          attributes={catalogues.attributes.data ?? []}
          allLabel="Todos los atributos"
          value={choice.attributeId}
          onChange={(v) => state.setAttributeId(v ?? ALL)}
          disabled={noGeneration || choice.specificSubject === null}
        />
      </SimpleGrid>
      <Group mt="md" gap="sm">
        <Button onClick={state.consult} disabled={noGeneration}>
          Consultar
        </Button>
        <Button variant="light" onClick={state.exportExcel} disabled={noGeneration} loading={state.exporting}>
          Exportar Excel
        </Button>
      </Group>
      {state.needSubject ? (
        <Alert color="yellow" mt="md">
          {REPORT_MSG.subjectRequired}
        </Alert>
      ) : null}
    </Card>
  );
}

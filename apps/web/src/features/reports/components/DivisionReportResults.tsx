import { Alert, Card, SimpleGrid, Stack, Text } from '@mantine/core';
import { BANDS, REPORT_MSG, type DivisionSummary, type DivisionSummaryAttribute } from '@egreso/domain';
import { ResponsiveTable, type Column } from '../../../components/ResponsiveTable';
import { StatCard } from '../../../components/StatCard';
import { errorText } from '../../../lib/errors';
import { DivisionReportChart } from './DivisionReportChart';
import { BAND_ORDER, bandCount, percentText } from './division-report';
import { appliedNames, type DivisionReportState } from './use-division-report';

const range = (name: string) => {
  const b = BANDS.find((x) => x.name === name)!;
  return `${b.min}-${b.max}`;
};

const COLUMNS: ReadonlyArray<Column<DivisionSummaryAttribute>> = [
  { key: 'attribute', header: 'Atributo', cell: (t) => t.label, card: 'title' },
  ...BAND_ORDER.map((b) => ({
    key: b,
    header: `${b} (${range(b)})`,
    cell: (t: DivisionSummaryAttribute) => bandCount(t.bands, b),
  })),
  { key: 'records', header: 'Registros', cell: (t) => t.bands.total },
  { key: 'share', header: '% Suficiente o más', cell: (t) => percentText(t.sufficient_or_above_pct) },
];

/** 'Filtros aplicados: …', by name. */
export function AppliedFilters({ state }: { state: DivisionReportState }) {
  if (!state.applied) return null;
  const names = appliedNames(state, state.applied);
  return (
    <Text size="sm" data-testid="applied-filters">
      Filtros aplicados: Generación {names.generation}
      {state.severalCareers ? ` · Carrera: ${names.career}` : ''} · Materia: {names.subject} · Periodo: {names.period} ·
      Atributo: {names.attribute}
    </Text>
  );
}

/** The four counters, and the chart with its table of records by band (or why there is nothing to draw). */
export function DivisionSummaryView({ summary, single }: { summary: DivisionSummary; single: boolean }) {
  const empty = summary.records === 0;
  return (
    <>
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <StatCard label="Hombres" value={summary.men} />
        <StatCard label="Mujeres" value={summary.women} />
        <StatCard label="Alumnos con datos" value={summary.students} />
        <StatCard label="Registros (evaluaciones)" value={summary.records} />
      </SimpleGrid>
      {empty ? <Alert color="gray">{REPORT_MSG.noRecords}</Alert> : null}
      <Card withBorder radius="md" padding="lg">
        {empty ? (
          <Text c="dimmed">{REPORT_MSG.noRecordsYet}</Text>
        ) : (
          <Stack gap="md">
            {summary.scaled_ten ? (
              <Text size="sm" c="dimmed">
                Calificaciones en escala 0-10: se muestran multiplicadas por 10.
              </Text>
            ) : null}
            <DivisionReportChart attributes={summary.attributes} single={single} />
            <ResponsiveTable
              rows={summary.attributes}
              columns={COLUMNS}
              rowKey={(t) => t.attribute_id}
              emptyText={REPORT_MSG.noRecords}
              label="Registros por banda de cada atributo"
            />
          </Stack>
        )}
      </Card>
    </>
  );
}

/** The applied report: loading, its failure, or the server's summary. */
export function DivisionReportResults({ state }: { state: DivisionReportState }) {
  const { applied, summary } = state;
  if (!applied) return null;
  return (
    <>
      <AppliedFilters state={state} />
      {summary.isPending ? <Text role="status">{REPORT_MSG.loading}</Text> : null}
      {summary.isError ? (
        <Alert color="red" title="Error">
          {errorText(REPORT_MSG.reportError, summary.error)}
        </Alert>
      ) : null}
      {summary.data ? <DivisionSummaryView summary={summary.data} single={applied.attribute_id !== undefined} /> : null}
    </>
  );
}

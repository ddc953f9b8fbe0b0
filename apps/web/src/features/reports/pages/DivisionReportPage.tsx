import { Alert, Button, Card, Group, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { BANDS, REPORT_MSG, attributeDisplayName } from '@egreso/domain';
import { PageHeader } from '../../../components/PageHeader';
import { ResponsiveTable, type Column } from '../../../components/ResponsiveTable';
import { ResultDialog } from '../../../components/ResultDialog';
import { StatCard } from '../../../components/StatCard';
import { errorText } from '../../../lib/errors';
import { useFeedback } from '../../../lib/use-feedback';
import { useGenerations } from '../../generations/api/get-generations';
import { periodRows, usePeriods } from '../../periods/api/get-periods';
import { useSubjects } from '../../subjects/api/get-subjects';
import { exportDivisionReport } from '../api/export-division-report';
import { useDivisionReport, type DivisionReportFilters } from '../api/get-division-report';
import { useSubjectAttributes } from '../../activities/api/get-subject-attributes';
import { DivisionReportChart } from '../components/DivisionReportChart';
import { AttributeSelect, CareerSelect, GenerationSelect, useCareerChoice } from '../components/report-filters';
import { ReportLinks } from '../components/ReportLinks';
import { useDownload } from '../components/use-download';
import { BAND_ORDER, exportFailureText, summarizeRecords, type AttributeTally } from '../components/division-report';

const ALL = 'all';
const range = (name: string) => {
  const b = BANDS.find((x) => x.name === name)!;
  return `${b.min}-${b.max}`;
};

const COLUMNS: ReadonlyArray<Column<AttributeTally>> = [
  { key: 'attribute', header: 'Atributo', cell: (t) => t.attribute_name, card: 'title' },
  ...BAND_ORDER.map((b) => ({ key: b, header: `${b} (${range(b)})`, cell: (t: AttributeTally) => t.bands[b] })),
  { key: 'records', header: 'Registros', cell: (t) => t.records },
  {
    key: 'share',
    header: '% Suficiente o más',
    cell: (t) =>
      `${(((t.bands.Sobresaliente + t.bands.Suficiente) / t.records) * 100).toLocaleString('es-MX', { maximumFractionDigits: 1 })} %`,
  },
];

/** 'Reportes avanzados' (/Report): the division chief's report of attribute ratings by generation. */
export default function DivisionReportPage() {
  const generations = useGenerations();
  const subjects = useSubjects();
  const periods = usePeriods({ every: true }, periodRows);
  // A chief's careers (every career for an administrator): a select when there are several, 'Todas' by default.
  const { careers, careerId, setCareerId } = useCareerChoice();
  const severalCareers = (careers.data?.length ?? 0) > 1;
  const [generationId, setGenerationId] = useState<string | null>(null);
  const [subjectId, setSubjectId] = useState<string>(ALL);
  const [periodId, setPeriodId] = useState<string>(ALL);
  const [attributeId, setAttributeId] = useState<string>(ALL);
  const [applied, setApplied] = useState<DivisionReportFilters | null>(null);
  const [needSubject, setNeedSubject] = useState(false);
  const feedback = useFeedback();
  const excel = useDownload((err) => feedback.error(exportFailureText(err)));
  const specificSubject = subjectId === ALL ? null : Number(subjectId);
  const attributes = useSubjectAttributes(specificSubject);
  const report = useDivisionReport(applied);
  const summary = useMemo(() => (report.data ? summarizeRecords(report.data) : null), [report.data]);

  const catalogueError =
    generations.isError || subjects.isError || periods.isError || attributes.isError || careers.isError;
  const career = careerId === null ? undefined : Number(careerId);
  const noGeneration = generationId === null;
  const chosen = (id: string) => (id === ALL ? undefined : Number(id));

  const consult = () => {
    if (noGeneration) return;
    if (specificSubject === null) {
      setNeedSubject(true);
      return;
    }
    setNeedSubject(false);
    setApplied({
      generation_id: Number(generationId),
      career_id: career,
      subject_id: specificSubject,
      period_id: chosen(periodId),
      attribute_id: chosen(attributeId),
    });
  };

  const exportExcel = () => {
    if (noGeneration) return;
    void excel.download(() =>
      exportDivisionReport({
        generation_id: Number(generationId),
        career_id: career,
        subject_id: chosen(subjectId),
        period_id: chosen(periodId),
      }),
    );
  };

  const nameOf = {
    generation: (id: number) => generations.data?.find((g) => g.id === id)?.generation_name ?? '',
    subject: (id?: number) =>
      id === undefined ? 'Todas' : (subjects.data?.find((s) => s.id === id)?.subject_name ?? ''),
    period: (id?: number) => (id === undefined ? 'Todos' : (periods.data?.find((p) => p.id === id)?.period_name ?? '')),
    career: (id?: number) => (id === undefined ? 'Todas' : (careers.data?.find((c) => c.id === id)?.name ?? '')),
    attribute: (id?: number) => {
      const a = id === undefined ? undefined : attributes.data?.find((x) => x.id === id);
      return id === undefined ? 'Todos' : a ? attributeDisplayName(a.attribute_name, a.career_id === null) : '';
    },
  };

  return (
    <>
      <PageHeader
        title="Reportes avanzados"
        subtitle="Calificaciones por atributo de egreso de una generación"
        actions={
          <ReportLinks
            to={['/ReportTargets', '/ReportEvidence', '/CurriculumMap', '/ImprovementActions', '/ReportPerformance']}
          />
        }
      />
      <Stack gap="md">
        {catalogueError ? (
          <Alert color="red" title="Error">
            {REPORT_MSG.cataloguesError}
          </Alert>
        ) : null}
        <Card withBorder radius="md" padding="lg">
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
            {severalCareers ? (
              <CareerSelect
                careers={careers}
                value={careerId ?? ALL}
                onChange={(v) => setCareerId(v === ALL ? null : v)}
                allLabel="Todas las carreras"
              />
            ) : null}
            <GenerationSelect generations={generations} value={generationId} onChange={setGenerationId} allowDeselect />
            <Select
              label="Materia"
              data={[
                { value: ALL, label: 'Todas las materias' },
                ...(subjects.data ?? []).map((s) => ({
                  value: String(s.id),
                  label: `${s.subject_key} · ${s.subject_name}`,
                })),
              ]}
              value={subjectId}
              onChange={(v) => {
                setSubjectId(v ?? ALL);
                setAttributeId(ALL);
                setNeedSubject(false);
              }}
              disabled={noGeneration}
              searchable
              allowDeselect={false}
              nothingFoundMessage="Sin coincidencias"
            />
            <Select
              label="Periodo"
              data={[
                { value: ALL, label: 'Todos los periodos' },
                ...(periods.data ?? []).map((p) => ({ value: String(p.id), label: p.period_name })),
              ]}
              value={periodId}
              onChange={(v) => setPeriodId(v ?? ALL)}
              disabled={noGeneration}
              allowDeselect={false}
            />
            <AttributeSelect
              attributes={attributes.data ?? []}
              allLabel="Todos los atributos"
              value={attributeId}
              onChange={(v) => setAttributeId(v ?? ALL)}
              disabled={noGeneration || specificSubject === null}
            />
          </SimpleGrid>
          <Group mt="md" gap="sm">
            <Button onClick={consult} disabled={noGeneration}>
              Consultar
            </Button>
            <Button variant="light" onClick={exportExcel} disabled={noGeneration} loading={excel.busy}>
              Exportar Excel
            </Button>
          </Group>
          {needSubject ? (
            <Alert color="yellow" mt="md">
              {REPORT_MSG.subjectRequired}
            </Alert>
          ) : null}
        </Card>

        {applied ? (
          <Text size="sm" data-testid="applied-filters">
            Filtros aplicados: Generación {nameOf.generation(applied.generation_id)}
            {severalCareers ? ` · Carrera: ${nameOf.career(applied.career_id)}` : ''} · Materia:{' '}
            {nameOf.subject(applied.subject_id)} · Periodo: {nameOf.period(applied.period_id)} · Atributo:{' '}
            {nameOf.attribute(applied.attribute_id)}
          </Text>
        ) : null}

        {applied && report.isPending ? <Text role="status">{REPORT_MSG.loading}</Text> : null}
        {applied && report.isError ? (
          <Alert color="red" title="Error">
            {errorText(REPORT_MSG.reportError, report.error)}
          </Alert>
        ) : null}
        {summary ? (
          <>
            <SimpleGrid cols={{ base: 2, sm: 4 }}>
              <StatCard label="Hombres" value={summary.men} />
              <StatCard label="Mujeres" value={summary.women} />
              <StatCard label="Alumnos con datos" value={summary.students} />
              <StatCard label="Registros (evaluaciones)" value={summary.records} />
            </SimpleGrid>
            {summary.records === 0 ? <Alert color="gray">{REPORT_MSG.noRecords}</Alert> : null}
            <Card withBorder radius="md" padding="lg">
              {summary.records === 0 ? (
                <Text c="dimmed">{REPORT_MSG.noRecordsYet}</Text>
              ) : (
                <Stack gap="md">
                  {summary.scaledTen ? (
                    <Text size="sm" c="dimmed">
                      Calificaciones en escala 0-10: se muestran multiplicadas por 10.
                    </Text>
                  ) : null}
                  <DivisionReportChart attributes={summary.attributes} single={applied?.attribute_id !== undefined} />
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
        ) : null}
      </Stack>
      <ResultDialog {...feedback.dialogProps} />
    </>
  );
}

import { Alert, Box, Button, Card, List, Stack, Table, Text, Title } from '@mantine/core';
import { PERFORMANCE_MSG, attributeDisplayName, type PerformanceAnswer } from '@egreso/domain';
import { PageHeader } from '../../../components/PageHeader';
import { ResultDialog } from '../../../components/ResultDialog';
import { formatDateTime } from '../../../lib/dates';
import { errorText } from '../../../lib/errors';
import { useFeedback } from '../../../lib/use-feedback';
import { exportPerformance, usePerformance } from '../api/get-performance';
import { pct } from '../components/evidence-format';
import { PrintFooter, ReportHeading, evidenceFooter } from '../components/EvidenceReport';
import { GenerationQueryCard, useGenerationQuery } from '../components/report-filters';
import { ReportLinks } from '../components/ReportLinks';
import { ColumnHeads } from '../components/ColumnHeads';
import { useDownload } from '../components/use-download';
import '../../../components/print.css';
import '../components/evidence-print.css';

type Period = PerformanceAnswer['periods'][number];

/** A table that may scroll sideways on a phone; the keyboard can reach and scroll it. */
function Scroll({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={label}>
      {children}
    </Box>
  );
}

function IndicesTable({ r }: { r: PerformanceAnswer }) {
  return (
    <Scroll label="Tabla de índices por periodo">
      <Table withTableBorder fz="sm" miw={620} aria-label="Índices por periodo">
        <ColumnHeads names={['Periodo', 'Alumnos al inicio', 'Bajas', 'Deserción', 'Graduados', 'Alumnos al final']} />
        <Table.Tbody>
          {r.periods.map((p) => (
            <Table.Tr key={p.period_id}>
              <Table.Th scope="row" fw={500}>
                {p.period_name}
              </Table.Th>
              <Table.Td>{p.students_at_start}</Table.Td>
              <Table.Td>{p.dropouts}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{pct(p.dropout_rate)}</Table.Td>
              <Table.Td>{p.graduations}</Table.Td>
              <Table.Td>{p.students_at_end}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Scroll>
  );
}

function FailuresOf({ p }: { p: Period }) {
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="section"
      aria-label={`Reprobación en ${p.period_name}`}
      data-print="keep"
    >
      <Title order={4} size="h5" mb="xs">{`Reprobación en ${p.period_name}`}</Title>
      {p.subjects.length === 0 ? (
        <Text size="sm" c="dimmed">
          Sin calificaciones finales de la generación en este periodo.
        </Text>
      ) : (
        <Scroll label={`Tabla de materias de ${p.period_name}`}>
          <Table withTableBorder fz="sm" miw={520} aria-label={`Materias de ${p.period_name}`}>
            <ColumnHeads names={['Clave', 'Materia', 'Alumnos con final', 'Reprobados', 'Reprobación']} />
            <Table.Tbody>
              {p.subjects.map((s) => (
                <Table.Tr key={s.subject_id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{s.subject_key}</Table.Td>
                  <Table.Th scope="row" fw={500}>
                    {s.subject_name}
                  </Table.Th>
                  <Table.Td>{s.students_with_final}</Table.Td>
                  <Table.Td>{s.failed}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{pct(s.failure_rate)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Scroll>
      )}
      {p.top_failures.length ? (
        <Stack gap={2} mt="xs">
          <Text size="sm" fw={600}>
            Materias con mayor reprobación y sus atributos
          </Text>
          {p.top_failures.map((s) => (
            <Text key={s.subject_id} size="sm">
              {`${s.subject_name} (${pct(s.failure_rate)}): `}
              {s.attributes.length
                ? s.attributes
                    .map(
                      (a) =>
                        `${attributeDisplayName(a.codigo ?? a.attribute_name, a.shared)} ${a.share === null ? 'sin calificaciones' : `${pct(a.share)} en Suficiente o más${a.met === false ? ', meta no cumplida' : ''}`}`,
                    )
                    .join('; ')
                : 'no trabaja atributos de la carrera.'}
            </Text>
          ))}
        </Stack>
      ) : null}
    </Card>
  );
}

/**
 * 'Índices de rendimiento' (/ReportPerformance, CACEI 4.3): a generation's students at the start of each period,
 * dropout, graduations, failure per subject and terminal efficiency, with the definitions printed under the tables.
 */
export default function PerformancePage() {
  const query = useGenerationQuery();
  const { applied } = query;
  const indices = usePerformance(applied);
  const feedback = useFeedback();
  const excel = useDownload((err) => feedback.error(errorText('No se pudo generar el Excel. Intenta de nuevo.', err)));
  const r = indices.data;
  const exportFile = () => (applied ? excel.download(() => exportPerformance(applied)) : undefined);
  const unbalanced = (r?.periods ?? []).filter((p) => !p.balanced).map((p) => p.period_name);
  return (
    <div className="evidence-print">
      <PageHeader
        title="Índices de rendimiento"
        subtitle="Reprobación, deserción y eficiencia terminal de una generación por periodo (CACEI 4.3)"
        actions={
          <>
            <ReportLinks to={['/ReportEvidence']} />
            {r ? (
              <Button variant="light" onClick={exportFile} loading={excel.busy}>
                Exportar Excel
              </Button>
            ) : null}
            {r ? <Button onClick={() => window.print()}>Imprimir</Button> : null}
          </>
        }
      />
      <Stack gap="md">
        <GenerationQueryCard query={query} />
        {applied && indices.isPending ? <Text role="status">Cargando índices...</Text> : null}
        {indices.isError ? (
          <Alert color="red" title="Error">
            {errorText('No se pudieron cargar los índices', indices.error)}
          </Alert>
        ) : null}
        {r ? (
          <>
            <PrintFooter text={evidenceFooter(r)} />
            <ReportHeading
              label="Índices de la generación"
              institution={r.institution}
              title="Índices de rendimiento escolar por generación"
              items={[
                ['Carrera', `${r.career.career_key} · ${r.career.name}`],
                ['Generación', r.generation.generation_name],
                ['Fecha de generación', formatDateTime(r.generated_at)],
              ]}
            >
              <Text size="sm" my="sm">
                {`Tamaño inicial: ${r.starting_size} alumnos. Eficiencia terminal: ${pct(r.terminal_efficiency.rate)} (${r.terminal_efficiency.graduated} de ${r.terminal_efficiency.starting_size} graduados en los nueve semestres).`}
              </Text>
              {unbalanced.length ? (
                <Alert color="yellow" variant="light" mb="sm" title="Los índices no cuadran">
                  {PERFORMANCE_MSG.unbalanced(unbalanced)}
                </Alert>
              ) : null}
              {r.periods.length ? (
                <IndicesTable r={r} />
              ) : (
                <Text size="sm" c="dimmed">
                  No hay periodos de esta generación.
                </Text>
              )}
            </ReportHeading>
            {r.periods.map((p) => (
              <FailuresOf key={p.period_id} p={p} />
            ))}
            <Card withBorder radius="md" padding="lg" component="section" aria-label="Definiciones" data-print="keep">
              <Title order={4} size="h5" mb="xs">
                Definiciones
              </Title>
              <List size="sm" spacing={4}>
                {r.definitions.map((d) => (
                  <List.Item key={d}>{d}</List.Item>
                ))}
              </List>
            </Card>
          </>
        ) : null}
      </Stack>
      <ResultDialog {...feedback.dialogProps} />
    </div>
  );
}

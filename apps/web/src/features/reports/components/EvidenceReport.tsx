import { Alert, Badge, Box, Button, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { Fragment } from 'react';
import {
  BAND_COLORS,
  BANDS,
  EVIDENCE_MSG,
  KNOWLEDGE_LEVEL_LABEL,
  type EvidenceAnswer,
  attributeDisplayName,
  type EvidenceAttribute,
  type ImprovementAction,
} from '@egreso/domain';
import { formatDateTime } from '../../../lib/dates';
import { EvidenceTrendChart } from './EvidenceTrendChart';
import { ImprovementActionList } from './ImprovementActionList';
import { countPct, pct, TALLY_BANDS } from './evidence-format';
import { ColumnHeads } from './ColumnHeads';

const range = (name: string) => {
  const b = BANDS.find((x) => x.name === name)!;
  return `${b.min}-${b.max}`;
};

const attributeTitle = (a: { attribute_name: string; codigo: string | null; shared: boolean }) =>
  attributeDisplayName(a.codigo ? `${a.codigo} · ${a.attribute_name}` : a.attribute_name, a.shared);

function BandLegend() {
  return (
    <Group gap="lg" role="list" aria-label="Niveles de desempeño">
      {[...BANDS].reverse().map((b) => (
        <Group key={b.name} gap={6} role="listitem" wrap="nowrap">
          <Box
            w={14}
            h={14}
            style={{ background: BAND_COLORS[b.name], border: '1px solid #000' }}
            aria-hidden
            className="evidence-swatch"
          />
          <Text size="sm">{`${b.name} (${b.min}-${b.max})`}</Text>
        </Group>
      ))}
    </Group>
  );
}

/**
 * The block that opens a printed cohort report (the evidence, the indices): the institution, the report's name, its
 * facts as label: value pairs (those without a value left off), then what the report adds under them.
 */
export function ReportHeading({
  label,
  institution,
  title,
  items,
  children,
}: {
  label: string;
  institution: string;
  title: string;
  items: Array<[string, string | number | null]>;
  children?: React.ReactNode;
}) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={label} data-print="keep">
      <Title order={3} size="h4">
        {institution}
      </Title>
      <Text fw={600} mb="xs">
        {title}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={4}>
        {items
          .filter(([, value]) => value !== null)
          .map(([name, value]) => (
            <Text size="sm" key={name}>
              <Text span fw={600} size="sm">
                {name}:{' '}
              </Text>
              {value}
            </Text>
          ))}
      </SimpleGrid>
      {children}
    </Card>
  );
}

function Header({ evidence }: { evidence: EvidenceAnswer }) {
  return (
    <ReportHeading
      label="Datos de la evidencia"
      institution={evidence.institution}
      title="Evidencia de atributos de egreso por generación"
      items={[
        ['Carrera', `${evidence.career.career_key} · ${evidence.career.name}`],
        ['Generación', evidence.generation.generation_name],
        ['Alumnos de la generación', evidence.cohort_size],
        ['Fecha de generación', formatDateTime(evidence.generated_at)],
        ['Metas del periodo', evidence.target_period?.period_name ?? null],
        [
          'Periodos con calificaciones',
          evidence.periods.length
            ? `${evidence.periods[0]!.period_name} a ${evidence.periods.at(-1)!.period_name}`
            : null,
        ],
      ]}
    >
      <Box mt="sm">
        <BandLegend />
      </Box>
    </ReportHeading>
  );
}

function VerdictBadges({ verdict }: { verdict: EvidenceAttribute['verdict'] }) {
  const [text, color] =
    verdict.met === null
      ? [EVIDENCE_MSG.noVerdict, 'gray']
      : verdict.met
        ? [EVIDENCE_MSG.met, 'green']
        : [EVIDENCE_MSG.notMet, 'red'];
  return (
    <Group gap="sm" align="center">
      <Text size="sm">
        {verdict.met === null
          ? `Meta: ${verdict.target} %`
          : `${pct(verdict.share)} en Suficiente o más · Meta: ${verdict.target} %`}
      </Text>
      <Badge color={color} variant="light" className="evidence-badge" tt="none">
        {text}
      </Badge>
      {verdict.critical ? (
        <Badge color="red" variant="filled" className="evidence-badge" tt="none">
          {EVIDENCE_MSG.critical}
        </Badge>
      ) : null}
    </Group>
  );
}

function StudentsTable({ a }: { a: EvidenceAttribute }) {
  return (
    <Table withTableBorder fz="sm" maw={480} aria-label={`Alumnos por nivel en ${a.attribute_name}`}>
      <ColumnHeads names={['Nivel', 'Alumnos', '%']} />
      <Table.Tbody>
        {TALLY_BANDS.map((b) => (
          <Table.Tr key={b.name}>
            <Table.Th scope="row" fw={500}>{`${b.name} (${range(b.name)})`}</Table.Th>
            <Table.Td>{a.students[b.count]}</Table.Td>
            <Table.Td className="evidence-nowrap">{pct(a.students[b.share])}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
      <Table.Tfoot>
        <Table.Tr>
          <Table.Th scope="row">Alumnos con datos</Table.Th>
          <Table.Td fw={600}>{a.students.total}</Table.Td>
          <Table.Td />
        </Table.Tr>
      </Table.Tfoot>
    </Table>
  );
}

const activityLine = (x: EvidenceAttribute['subjects'][number]['activities'][number]) =>
  [x.activity_name, x.period_name, x.group_name ? `grupo ${x.group_name}` : null, x.teacher_name, `${x.ponderation} %`]
    .filter(Boolean)
    .join(' · ');

/** On a phone's screen, one card per subject instead of the table (which is what prints, at any width). */
function SubjectCards({ a }: { a: EvidenceAttribute }) {
  const bands = (records: EvidenceAttribute['records']) => (
    <SimpleGrid cols={2} spacing={4} verticalSpacing={2}>
      {TALLY_BANDS.map((b) => (
        <Fragment key={b.name}>
          <Text size="sm">{b.name}</Text>
          <Text size="sm" className="evidence-nowrap">
            {countPct(records[b.count], records[b.share])}
          </Text>
        </Fragment>
      ))}
      <Text size="sm" fw={600}>
        Total
      </Text>
      <Text size="sm" fw={600}>
        {records.total}
      </Text>
    </SimpleGrid>
  );
  return (
    <Stack
      gap="xs"
      className="evidence-subject-cards"
      role="list"
      aria-label={`Materias que evalúan ${a.attribute_name}`}
    >
      {a.subjects.map((s) => (
        <Card key={s.subject_id} withBorder padding="sm" role="listitem">
          <Text fw={600} size="sm">{`${s.subject_key} · ${s.subject_name}`}</Text>
          <Text size="xs" c="dimmed" mb={4}>
            {`Nivel: ${s.knowledge_level ? `${s.knowledge_level} (${KNOWLEDGE_LEVEL_LABEL[s.knowledge_level]})` : '-'}`}
          </Text>
          {bands(s.records)}
          {s.activities.length ? (
            <Text size="xs" c="dimmed" mt={4}>
              <Text span size="xs" fw={600}>
                Actividades:{' '}
              </Text>
              {s.activities.map(activityLine).join('; ')}
            </Text>
          ) : null}
        </Card>
      ))}
      <Card withBorder padding="sm" role="listitem">
        <Text fw={600} size="sm" mb={4}>
          Total de registros
        </Text>
        {bands(a.records)}
      </Card>
    </Stack>
  );
}

function SubjectsTable({ a }: { a: EvidenceAttribute }) {
  const COLS = 7;
  return (
    <Table.ScrollContainer minWidth={640} className="evidence-subject-table">
      <Table
        withTableBorder
        fz="sm"
        aria-label={`Materias que evalúan ${a.attribute_name}`}
        className="evidence-subjects"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Clave</Table.Th>
            <Table.Th scope="col">Materia</Table.Th>
            <Table.Th scope="col">Nivel</Table.Th>
            {TALLY_BANDS.map((b) => (
              <Table.Th key={b.name} scope="col">
                {b.name}
              </Table.Th>
            ))}
            <Table.Th scope="col">Total</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {a.subjects.map((s) => (
            <Fragment key={s.subject_id}>
              <Table.Tr>
                <Table.Td className="evidence-nowrap">{s.subject_key}</Table.Td>
                <Table.Th scope="row" fw={500}>
                  {s.subject_name}
                </Table.Th>
                <Table.Td>
                  {s.knowledge_level ? (
                    <abbr title={KNOWLEDGE_LEVEL_LABEL[s.knowledge_level]}>{s.knowledge_level}</abbr>
                  ) : (
                    '-'
                  )}
                </Table.Td>
                {TALLY_BANDS.map((b) => (
                  <Table.Td key={b.name} className="evidence-nowrap">
                    {countPct(s.records[b.count], s.records[b.share])}
                  </Table.Td>
                ))}
                <Table.Td>{s.records.total}</Table.Td>
              </Table.Tr>
              {s.activities.length ? (
                <Table.Tr className="evidence-activities">
                  <Table.Td colSpan={COLS} pt={0}>
                    <Text size="xs" c="dimmed" component="div">
                      <Text span size="xs" fw={600}>
                        Actividades:{' '}
                      </Text>
                      {s.activities.map((x, i) => (
                        <Fragment key={x.activity_id}>
                          {i > 0 ? '; ' : ''}
                          {activityLine(x)}
                        </Fragment>
                      ))}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : null}
            </Fragment>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th scope="row" colSpan={3}>
              Total de registros
            </Table.Th>
            {TALLY_BANDS.map((b) => (
              <Table.Td key={b.name} fw={600} className="evidence-nowrap">
                {countPct(a.records[b.count], a.records[b.share])}
              </Table.Td>
            ))}
            <Table.Td fw={600}>{a.records.total}</Table.Td>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The improvement actions of the evidence: those of each attribute, and how to register one (the screen only). */
export interface EvidenceActions {
  list: ImprovementAction[];
  onRegister?: (a: EvidenceAttribute) => void;
}

/** An attribute that missed its target or is critical calls for an improvement action (its whole-cohort verdict). */
export const needsAction = (a: EvidenceAttribute) => a.verdict.met === false || a.verdict.critical;

function AttributeSection({ a, actions }: { a: EvidenceAttribute; actions?: EvidenceActions }) {
  const title = attributeTitle(a);
  const mine = actions?.list.filter((x) => x.attribute.id === a.attribute_id) ?? [];
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={title} className="evidence-attribute">
      <Stack gap="sm">
        <div>
          <Title order={3} size="h4">
            {title}
          </Title>
          {a.description ? (
            <Text size="sm" c="dimmed">
              {a.description}
            </Text>
          ) : null}
        </div>
        {a.students.total === 0 ? (
          <Alert color="gray">{EVIDENCE_MSG.noData}</Alert>
        ) : (
          <>
            <StudentsTable a={a} />
            <VerdictBadges verdict={a.verdict} />
            {a.trend.length ? (
              <>
                <Title order={4} size="h6">
                  Tendencia por periodo
                </Title>
                <EvidenceTrendChart attribute={a.attribute_name} trend={a.trend} />
              </>
            ) : null}
          </>
        )}
        {mine.length || (actions?.onRegister && needsAction(a)) ? (
          <>
            <Group justify="space-between" gap="xs">
              <Title order={4} size="h6">
                Acciones de mejora
              </Title>
              {actions?.onRegister && needsAction(a) ? (
                <Button size="xs" variant="light" data-print="hide" onClick={() => actions.onRegister!(a)}>
                  Registrar acción de mejora
                </Button>
              ) : null}
            </Group>
            {mine.length ? (
              <ImprovementActionList actions={mine} />
            ) : (
              <Text size="sm" c="dimmed">
                Sin acciones de mejora registradas.
              </Text>
            )}
          </>
        ) : null}
        {a.subjects.length ? (
          <>
            <Title order={4} size="h6">
              Materias y actividades que lo evalúan
            </Title>
            <SubjectsTable a={a} />
            <SubjectCards a={a} />
          </>
        ) : null}
      </Stack>
    </Card>
  );
}

/** A CSS string literal of any text: quotes and backslashes escaped, line breaks as spaces. */
const cssString = (text: string) => `"${text.replace(/[\\"]/g, (c) => `\\${c}`).replace(/[\n\r\f]/g, ' ')}"`;

/** The career and generation printed in the footer of every page (evidence-print.css numbers the pages). */
export function evidenceFooter(evidence: {
  career: { career_key: string; name: string };
  generation: { generation_name: string };
}): string {
  return `${evidence.career.career_key} · ${evidence.career.name} · Generación ${evidence.generation.generation_name}`;
}

/** The text at the left of every printed page's footer (a report printed as the evidence is, see evidence-print.css). */
export function PrintFooter({ text }: { text: string }) {
  const rule = `@page evidence { @bottom-left { content: ${cssString(text)}; font-family: sans-serif; font-size: 9pt; color: #000; vertical-align: top; padding-top: 3mm; } }`;
  return <style data-testid="evidence-print-footer">{rule}</style>;
}

/**
 * The printable evidence of one generation: the header block, then one section per attribute. Sections may break
 * across pages (only their rows, titles and charts are kept whole), so the first one starts under the header.
 */
export function EvidenceReport({ evidence, actions }: { evidence: EvidenceAnswer; actions?: EvidenceActions }) {
  return (
    <Stack gap="md">
      <PrintFooter text={evidenceFooter(evidence)} />
      <Header evidence={evidence} />
      {evidence.attributes.length === 0 ? (
        <Alert color="gray">{EVIDENCE_MSG.noAttributes}</Alert>
      ) : (
        evidence.attributes.map((a) => <AttributeSection key={a.attribute_id} a={a} actions={actions} />)
      )}
    </Stack>
  );
}

import { Alert, Card, List, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import {
  EVIDENCE_MSG,
  KNOWLEDGE_LEVEL_LABEL,
  KNOWLEDGE_LEVELS,
  SHARED_ATTRIBUTE_LABEL,
  attributeDisplayName,
  type CurriculumMapAnswer,
  type KnowledgeLevel,
} from '@egreso/domain';
import { PageHeader } from '../../../components/PageHeader';
import { errorText } from '../../../lib/errors';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useCurriculumMap } from '../api/get-evidence';
import { CareerPeriodCard, useActivePeriodChoice, useCareerChoice } from '../components/report-filters';
import { ReportLinks } from '../components/ReportLinks';

type MapAttribute = CurriculumMapAnswer['attributes'][number];
type MapSubject = CurriculumMapAnswer['subjects'][number];

const shortName = (a: MapAttribute) => a.codigo ?? a.attribute_name;

/** A level as its letter, read out as its name. */
function Level({ level }: { level: KnowledgeLevel }) {
  return (
    <>
      <span aria-hidden title={KNOWLEDGE_LEVEL_LABEL[level]}>
        {level}
      </span>
      <VisuallyHidden>{KNOWLEDGE_LEVEL_LABEL[level]}</VisuallyHidden>
    </>
  );
}

function levelOf(s: MapSubject, attributeId: number): KnowledgeLevel | undefined {
  return s.levels.find((l) => l.attribute_id === attributeId)?.knowledge_level;
}

/** The attributes the map leaves uncovered: missing levels, or no graded activity in the period. */
function Gaps({ map }: { map: CurriculumMapAnswer }) {
  const gaps = map.attributes
    .map((a) => ({
      a,
      lines: [
        a.missing_levels.length ? EVIDENCE_MSG.noLevel(a.missing_levels) : null,
        a.graded_activities === 0 && map.period ? EVIDENCE_MSG.noGradedActivity(map.period.period_name) : null,
      ].filter((x): x is string => x !== null),
    }))
    .filter((g) => g.lines.length > 0);
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label="Brechas del mapa curricular">
      <Title order={3} size="h5" mb="xs">
        Brechas
      </Title>
      {gaps.length === 0 ? (
        <Text size="sm">
          Cada atributo se trabaja en los tres niveles
          {map.period ? ` y tiene actividades calificadas en ${map.period.period_name}` : ''}.
        </Text>
      ) : (
        <List spacing="xs" size="sm">
          {gaps.map(({ a, lines }) => (
            <List.Item key={a.attribute_id}>
              <Text span fw={600} size="sm">
                {attributeDisplayName(a.codigo ? `${a.codigo} · ${a.attribute_name}` : a.attribute_name, a.shared)}
                :{' '}
              </Text>
              {lines.join(' ')}
            </List.Item>
          ))}
        </List>
      )}
    </Card>
  );
}

function Matrix({ map }: { map: CurriculumMapAnswer }) {
  return (
    <Table.ScrollContainer minWidth={360 + map.attributes.length * 64}>
      <Table
        withTableBorder
        withColumnBorders
        striped
        fz="sm"
        aria-label="Mapa curricular: nivel de cada atributo por materia"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Clave</Table.Th>
            <Table.Th scope="col">Materia</Table.Th>
            <Table.Th scope="col">Semestre</Table.Th>
            {map.attributes.map((a) => (
              <Table.Th
                key={a.attribute_id}
                scope="col"
                ta="center"
                title={attributeDisplayName(a.attribute_name, a.shared)}
                miw={56}
                maw={160}
              >
                {a.codigo ? (
                  <>
                    <span aria-hidden>{a.codigo}</span>
                    <VisuallyHidden>{attributeDisplayName(a.attribute_name, a.shared)}</VisuallyHidden>
                    {a.shared ? (
                      <Text span display="block" size="xs" c="dimmed" aria-hidden>
                        ({SHARED_ATTRIBUTE_LABEL})
                      </Text>
                    ) : null}
                  </>
                ) : (
                  attributeDisplayName(a.attribute_name, a.shared)
                )}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {map.subjects.map((s) => (
            <Table.Tr key={s.subject_id}>
              <Table.Td>{s.subject_key}</Table.Td>
              <Table.Th scope="row" fw={500}>
                {s.subject_name}
              </Table.Th>
              <Table.Td>{s.semester ?? '-'}</Table.Td>
              {map.attributes.map((a) => {
                const level = levelOf(s, a.attribute_id);
                return (
                  <Table.Td key={a.attribute_id} ta="center" fw={600}>
                    {level ? <Level level={level} /> : null}
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          {KNOWLEDGE_LEVELS.map((l) => (
            <Table.Tr key={l}>
              <Table.Th scope="row" colSpan={3}>{`Materias en nivel ${KNOWLEDGE_LEVEL_LABEL[l]} (${l})`}</Table.Th>
              {map.attributes.map((a) => (
                <Table.Td key={a.attribute_id} ta="center">
                  {a.levels[l]}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}

/** A phone: a card per subject listing attribute → level, then a card with each attribute's counts. */
function MatrixCards({ map }: { map: CurriculumMapAnswer }) {
  return (
    <Stack gap="sm">
      <Stack gap="sm" role="list" aria-label="Mapa curricular por materia">
        {map.subjects.map((s) => {
          const worked = map.attributes.filter((a) => levelOf(s, a.attribute_id));
          return (
            <Card key={s.subject_id} withBorder radius="md" padding="md" role="listitem">
              <Text fw={700}>{`${s.subject_key} · ${s.subject_name}`}</Text>
              <Text size="sm" c="dimmed">
                {s.semester === null ? 'Sin semestre' : `Semestre ${s.semester}`}
              </Text>
              {worked.length === 0 ? (
                <Text size="sm" mt={4}>
                  Sin atributos
                </Text>
              ) : (
                <List size="sm" mt={4} spacing={2}>
                  {worked.map((a) => (
                    <List.Item
                      key={a.attribute_id}
                    >{`${shortName(a)}: ${KNOWLEDGE_LEVEL_LABEL[levelOf(s, a.attribute_id)!]}`}</List.Item>
                  ))}
                </List>
              )}
            </Card>
          );
        })}
      </Stack>
      <Card withBorder radius="md" padding="md">
        <Text fw={700} mb={4}>
          Materias por nivel
        </Text>
        <List size="sm" spacing={2}>
          {map.attributes.map((a) => (
            <List.Item
              key={a.attribute_id}
            >{`${shortName(a)}: ${KNOWLEDGE_LEVELS.map((l) => `${l} ${a.levels[l]}`).join(' · ')}`}</List.Item>
          ))}
        </List>
      </Card>
    </Stack>
  );
}

/**
 * 'Mapa curricular' (/CurriculumMap): the level (I/M/A) at which each subject of a career works each attribute, the
 * counts per level, and the gaps — levels no subject reaches, attributes without graded activities in the period.
 */
export default function CurriculumMapPage() {
  const career = useCareerChoice();
  const { careerId } = career;
  const period = useActivePeriodChoice();
  const { periods, periodId } = period;
  // The map waits for the periods, so it is asked once for the active period rather than first without one.
  const periodsSettled = periods.data !== undefined || periods.isError;
  const map = useCurriculumMap(
    careerId === null || !periodsSettled ? null : Number(careerId),
    periodId === null ? null : Number(periodId),
  );
  const isMobile = useIsMobile();

  return (
    <>
      <PageHeader
        title="Mapa curricular"
        subtitle="Nivel en que cada materia trabaja cada atributo de egreso, y los niveles o evaluaciones que faltan"
        actions={<ReportLinks to={['/ReportEvidence']} />}
      />
      <Stack gap="md">
        <CareerPeriodCard career={career} period={period} periodPlaceholder="Periodo activo" />
        {careerId !== null && map.isPending ? <Text role="status">{EVIDENCE_MSG.loadingMap}</Text> : null}
        {careerId !== null && map.isError ? (
          <Alert color="red" title="Error">
            {errorText(EVIDENCE_MSG.mapError, map.error)}
          </Alert>
        ) : null}
        {careerId !== null && map.data ? (
          map.data.subjects.length === 0 ? (
            <Alert color="gray">{EVIDENCE_MSG.noSubjects}</Alert>
          ) : (
            <>
              {map.data.attributes.length === 0 ? (
                <Alert color="gray">{EVIDENCE_MSG.noAttributes}</Alert>
              ) : (
                <Gaps map={map.data} />
              )}
              <Card withBorder radius="md" padding="lg">
                <Text size="sm" c="dimmed" mb="xs">
                  {`${map.data.career.career_key} · ${map.data.career.name}`}
                  {map.data.period ? ` · ${map.data.period.period_name}` : ''}
                  {' · I: Introductorio, M: Medio, A: Avanzado'}
                </Text>
                {isMobile ? <MatrixCards map={map.data} /> : <Matrix map={map.data} />}
              </Card>
            </>
          )
        ) : null}
      </Stack>
    </>
  );
}

import { Card, Group, List, Stack, Table, Text, Title } from '@mantine/core';
import { formatGrade, gradeBand, type ProfileAttribute } from '@egreso/domain';
import { ColumnHeads } from './ColumnHeads';

const num = (n: number) => String(n);

/** The weighted mean of one subject written out with the student's own grades and weights. */
function subjectFormula(s: ProfileAttribute['subjects'][number]): string {
  const products = s.activities.map((a) => `${num(a.qualification)} × ${num(a.ponderation)}`).join(' + ');
  const weights = s.activities.map((a) => num(a.ponderation)).join(' + ');
  return s.activities.length === 1 && s.activities[0]
    ? `${num(s.activities[0].qualification)} (una sola actividad) = ${formatGrade(s.rating)}`
    : `(${products}) / (${weights}) = ${formatGrade(s.rating)}`;
}

/** The global average written out as the mean of the per-subject ratings. */
function globalFormula(a: ProfileAttribute): string {
  if (a.subjects.length === 1)
    return `${formatGrade(a.subjects[0]!.rating)} (una sola materia) = ${formatGrade(a.promedio)}`;
  return `(${a.subjects.map((s) => formatGrade(s.rating)).join(' + ')}) / ${a.subjects.length} = ${formatGrade(a.promedio)}`;
}

/**
 * The attribute profile: for each attribute, the student's rating in every subject and period that evaluated it, the
 * global average and '¿Cómo se calcula?' with the formula filled in with the student's own activities and weights.
 */
export function AttributeProfileList({ atributos }: { atributos: readonly ProfileAttribute[] }) {
  return (
    <Stack gap="md">
      {atributos.map((a) => (
        <Card key={a.attribute_id} withBorder radius="md" padding="md" data-testid={`profile-${a.attribute_id}`}>
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Title order={4} style={{ overflowWrap: 'anywhere' }}>
              {a.attribute_name}
            </Title>
            <Text fw={700} c="blue">
              Promedio global: {formatGrade(a.promedio)} ({gradeBand(a.promedio)})
            </Text>
          </Group>
          <Table.ScrollContainer minWidth={320} mt="sm">
            <Table withTableBorder>
              <ColumnHeads names={['Materia', 'Periodo', 'Calificación']} />
              <Table.Tbody>
                {a.subjects.map((s) => (
                  <Table.Tr key={s.subject_id}>
                    <Table.Th scope="row" fw={500}>
                      {s.subject_name}
                    </Table.Th>
                    <Table.Td>{s.periods.join(', ')}</Table.Td>
                    <Table.Td>{formatGrade(s.rating)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <details style={{ marginTop: 8 }}>
            <summary style={{ cursor: 'pointer', fontWeight: 600 }}>¿Cómo se calcula?</summary>
            <Stack gap="xs" mt="xs">
              <Text size="sm">
                En cada materia, la calificación del atributo es el promedio de tus calificaciones en las actividades
                ligadas al atributo, ponderado por el peso de cada actividad: Σ(calificación × peso) / Σ(peso), a un
                decimal. Las actividades sin calificar no cuentan.
              </Text>
              {a.subjects.map((s) => (
                <div key={s.subject_id}>
                  <Text size="sm" fw={600}>
                    {s.subject_name}
                  </Text>
                  <List size="sm" spacing={2}>
                    {s.activities.map((act) => (
                      <List.Item key={act.activity_id}>
                        {act.activity_name}: calificación {num(act.qualification)}, peso {num(act.ponderation)}
                      </List.Item>
                    ))}
                  </List>
                  <Text size="sm" ff="monospace" data-testid="subject-formula">
                    {subjectFormula(s)}
                  </Text>
                </div>
              ))}
              <Text size="sm">El promedio global es la media de las calificaciones del atributo en tus materias:</Text>
              <Text size="sm" ff="monospace" data-testid="global-formula">
                {globalFormula(a)}
              </Text>
            </Stack>
          </details>
        </Card>
      ))}
    </Stack>
  );
}

import {
  ActionIcon,
  Affix,
  Button,
  Card,
  Checkbox,
  Group,
  NumberInput,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { LIMITS, type SubjectAttribute } from '@egreso/domain';
import type { ActivityRow } from './activity-rows';

interface Props {
  rows: ActivityRow[];
  attributes: SubjectAttribute[];
  locked: boolean;
  isMobile: boolean;
  onChange: (key: string, patch: Partial<ActivityRow>) => void;
  onDelete: (row: ActivityRow) => void;
  onAdd: () => void;
}

const counter = (value: string, max: number) => `${value.length} / ${max}`;

function toggle(ids: number[], id: number, on: boolean): number[] {
  return on ? [...ids, id] : ids.filter((x) => x !== id);
}

function attributeLabel(a: SubjectAttribute): string {
  return a.codigo ? `${a.codigo} · ${a.attribute_name}` : a.attribute_name;
}

/** The editable activity × attribute matrix: a table on a desktop, one card per activity on a phone. */
export function ActivityMatrix({ rows, attributes, locked, isMobile, onChange, onDelete, onAdd }: Props) {
  const nameOf = (r: ActivityRow, i: number) => r.activity_name.trim() || `Actividad ${i + 1}`;
  if (isMobile) {
    return (
      <>
        <Stack gap="md">
          {rows.map((r, i) => (
            <Card key={r.key} withBorder radius="md" padding="md" component="section" aria-label={nameOf(r, i)}>
              <Stack gap="xs">
                <TextInput
                  label="Nombre de la actividad"
                  value={r.activity_name}
                  disabled={locked}
                  maxLength={LIMITS.activityName}
                  onChange={(e) => onChange(r.key, { activity_name: e.currentTarget.value })}
                />
                <TextInput
                  label="Tipo de evidencia"
                  value={r.type_activity}
                  disabled={locked}
                  maxLength={LIMITS.evidenceType}
                  description={counter(r.type_activity, LIMITS.evidenceType)}
                  inputWrapperOrder={['label', 'input', 'description']}
                  onChange={(e) => onChange(r.key, { type_activity: e.currentTarget.value })}
                />
                <TextInput
                  label="Instrumento de evaluación"
                  value={r.evaluation_instrument}
                  disabled={locked}
                  maxLength={LIMITS.evaluationInstrument}
                  description={counter(r.evaluation_instrument, LIMITS.evaluationInstrument)}
                  inputWrapperOrder={['label', 'input', 'description']}
                  onChange={(e) => onChange(r.key, { evaluation_instrument: e.currentTarget.value })}
                />
                <NumberInput
                  label="Ponderación"
                  value={r.ponderation}
                  disabled={locked}
                  min={0}
                  max={100}
                  allowNegative={false}
                  onChange={(v) => onChange(r.key, { ponderation: String(v) })}
                />
                <Text size="sm" fw={500}>
                  Atributos
                </Text>
                <SimpleGrid cols={1} spacing={6}>
                  {attributes.map((a) => (
                    <Checkbox
                      key={a.id}
                      label={attributeLabel(a)}
                      checked={r.attribute_ids.includes(a.id)}
                      disabled={locked}
                      onChange={(e) =>
                        onChange(r.key, { attribute_ids: toggle(r.attribute_ids, a.id, e.currentTarget.checked) })
                      }
                    />
                  ))}
                </SimpleGrid>
                <Group justify="flex-end">
                  <Button variant="light" color="red" size="xs" disabled={locked} onClick={() => onDelete(r)}>
                    Eliminar
                  </Button>
                </Group>
              </Stack>
            </Card>
          ))}
        </Stack>
        {!locked ? (
          <Affix position={{ bottom: 20, right: 20 }}>
            <ActionIcon
              size={56}
              radius="xl"
              onClick={onAdd}
              aria-label="Agregar actividad"
              style={{ boxShadow: 'var(--mantine-shadow-md)' }}
            >
              <Text fz={30} lh={1} c="white" aria-hidden>
                +
              </Text>
            </ActionIcon>
          </Affix>
        ) : null}
      </>
    );
  }
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table withTableBorder withColumnBorders verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Actividad</Table.Th>
            <Table.Th>Tipo de evidencia</Table.Th>
            <Table.Th>Instrumento de evaluación</Table.Th>
            <Table.Th w={110}>Ponderación</Table.Th>
            {/* Each attribute by its name (its code above it), in the server's Spanish order of names. */}
            {attributes.map((a) => (
              <Table.Th
                key={a.id}
                ta="center"
                miw={110}
                maw={170}
                style={{ whiteSpace: 'normal', verticalAlign: 'bottom' }}
              >
                {a.codigo ? (
                  <Text span display="block" size="xs" c="dimmed">
                    {a.codigo}
                  </Text>
                ) : null}
                <Text span display="block" size="xs" fw={700}>
                  {a.attribute_name}
                </Text>
              </Table.Th>
            ))}
            <Table.Th>
              <Text span size="sm" fw={700}>
                Acciones
              </Text>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r, i) => (
            <Table.Tr key={r.key}>
              <Table.Td miw={200}>
                <TextInput
                  aria-label={`Nombre de la actividad ${i + 1}`}
                  value={r.activity_name}
                  disabled={locked}
                  maxLength={LIMITS.activityName}
                  onChange={(e) => onChange(r.key, { activity_name: e.currentTarget.value })}
                />
              </Table.Td>
              <Table.Td miw={170}>
                <TextInput
                  aria-label={`Tipo de evidencia de ${nameOf(r, i)}`}
                  value={r.type_activity}
                  disabled={locked}
                  maxLength={LIMITS.evidenceType}
                  description={counter(r.type_activity, LIMITS.evidenceType)}
                  inputWrapperOrder={['input', 'description']}
                  onChange={(e) => onChange(r.key, { type_activity: e.currentTarget.value })}
                />
              </Table.Td>
              <Table.Td miw={170}>
                <TextInput
                  aria-label={`Instrumento de evaluación de ${nameOf(r, i)}`}
                  value={r.evaluation_instrument}
                  disabled={locked}
                  maxLength={LIMITS.evaluationInstrument}
                  description={counter(r.evaluation_instrument, LIMITS.evaluationInstrument)}
                  inputWrapperOrder={['input', 'description']}
                  onChange={(e) => onChange(r.key, { evaluation_instrument: e.currentTarget.value })}
                />
              </Table.Td>
              <Table.Td>
                <NumberInput
                  aria-label={`Ponderación de ${nameOf(r, i)}`}
                  value={r.ponderation}
                  disabled={locked}
                  min={0}
                  max={100}
                  allowNegative={false}
                  onChange={(v) => onChange(r.key, { ponderation: String(v) })}
                />
              </Table.Td>
              {attributes.map((a) => (
                <Table.Td key={a.id} ta="center">
                  <Checkbox
                    aria-label={`${a.attribute_name} en ${nameOf(r, i)}`}
                    checked={r.attribute_ids.includes(a.id)}
                    disabled={locked}
                    style={{ display: 'inline-block' }}
                    onChange={(e) =>
                      onChange(r.key, { attribute_ids: toggle(r.attribute_ids, a.id, e.currentTarget.checked) })
                    }
                  />
                </Table.Td>
              ))}
              <Table.Td>
                <Button
                  variant="light"
                  color="red"
                  size="xs"
                  disabled={locked}
                  onClick={() => onDelete(r)}
                  aria-label={`Eliminar ${nameOf(r, i)}`}
                >
                  Eliminar
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

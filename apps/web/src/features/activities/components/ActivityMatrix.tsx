import { Button, Card, Checkbox, Group, NumberInput, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { LIMITS, type SubjectAttribute } from '@egreso/domain';
import { CreateFab } from '../../../components/CreateFab';
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

/** The text fields of an activity with their length limits; the evidence and instrument show a counter. */
const TEXT_LIMITS = {
  activity_name: LIMITS.activityName,
  type_activity: LIMITS.evidenceType,
  evaluation_instrument: LIMITS.evaluationInstrument,
} as const;

type Fields = ReturnType<typeof fieldProps>;

/** The props of each field of a row: the card and the table row edit the same fields alike; only their labels differ. */
function fieldProps(locked: boolean, onChange: Props['onChange']) {
  return {
    textField: (r: ActivityRow, field: keyof typeof TEXT_LIMITS) => ({
      value: r[field],
      disabled: locked,
      maxLength: TEXT_LIMITS[field],
      description: field === 'activity_name' ? undefined : counter(r[field], TEXT_LIMITS[field]),
      onChange: (e: React.ChangeEvent<HTMLInputElement>) => onChange(r.key, { [field]: e.currentTarget.value }),
    }),
    weightField: (r: ActivityRow) => ({
      value: r.ponderation,
      disabled: locked,
      min: 0,
      max: 100,
      allowNegative: false,
      onChange: (v: string | number) => onChange(r.key, { ponderation: String(v) }),
    }),
    attributeBox: (r: ActivityRow, a: SubjectAttribute) => ({
      checked: r.attribute_ids.includes(a.id),
      disabled: locked,
      onChange: (e: React.ChangeEvent<HTMLInputElement>) =>
        onChange(r.key, { attribute_ids: toggle(r.attribute_ids, a.id, e.currentTarget.checked) }),
    }),
  };
}

const nameOf = (r: ActivityRow, i: number) => r.activity_name.trim() || `Actividad ${i + 1}`;

interface PartProps {
  rows: ActivityRow[];
  attributes: SubjectAttribute[];
  locked: boolean;
  fields: Fields;
  onDelete: (row: ActivityRow) => void;
}

/** On a phone: one card per activity, and the floating button that adds one. */
function ActivityCards({ rows, attributes, locked, fields, onDelete, onAdd }: PartProps & { onAdd: () => void }) {
  const { textField, weightField, attributeBox } = fields;
  return (
    <>
      <Stack gap="md">
        {rows.map((r, i) => (
          <Card key={r.key} withBorder radius="md" padding="md" component="section" aria-label={nameOf(r, i)}>
            <Stack gap="xs">
              <TextInput label="Nombre de la actividad" {...textField(r, 'activity_name')} />
              <TextInput
                label="Tipo de evidencia"
                {...textField(r, 'type_activity')}
                inputWrapperOrder={['label', 'input', 'description']}
              />
              <TextInput
                label="Instrumento de evaluación"
                {...textField(r, 'evaluation_instrument')}
                inputWrapperOrder={['label', 'input', 'description']}
              />
              <NumberInput label="Ponderación" {...weightField(r)} />
              <Text size="sm" fw={500}>
                Atributos
              </Text>
              <SimpleGrid cols={1} spacing={6}>
                {attributes.map((a) => (
                  <Checkbox key={a.id} label={attributeLabel(a)} {...attributeBox(r, a)} />
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
      {!locked ? <CreateFab label="Agregar actividad" onClick={onAdd} /> : null}
    </>
  );
}

/** The table's heading: each attribute by its name (its code above it), in the server's Spanish order of names. */
function MatrixHead({ attributes }: { attributes: SubjectAttribute[] }) {
  return (
    <Table.Thead>
      <Table.Tr>
        <Table.Th>Actividad</Table.Th>
        <Table.Th>Tipo de evidencia</Table.Th>
        <Table.Th>Instrumento de evaluación</Table.Th>
        <Table.Th w={110}>Ponderación</Table.Th>
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
  );
}

/** On a desktop: one table row per activity, one checkbox column per attribute. */
function ActivityTable({ rows, attributes, locked, fields, onDelete }: PartProps) {
  const { textField, weightField, attributeBox } = fields;
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table withTableBorder withColumnBorders verticalSpacing="xs">
        <MatrixHead attributes={attributes} />
        <Table.Tbody>
          {rows.map((r, i) => (
            <Table.Tr key={r.key}>
              <Table.Td miw={200}>
                <TextInput aria-label={`Nombre de la actividad ${i + 1}`} {...textField(r, 'activity_name')} />
              </Table.Td>
              <Table.Td miw={170}>
                <TextInput
                  aria-label={`Tipo de evidencia de ${nameOf(r, i)}`}
                  {...textField(r, 'type_activity')}
                  inputWrapperOrder={['input', 'description']}
                />
              </Table.Td>
              <Table.Td miw={170}>
                <TextInput
                  aria-label={`Instrumento de evaluación de ${nameOf(r, i)}`}
                  {...textField(r, 'evaluation_instrument')}
                  inputWrapperOrder={['input', 'description']}
                />
              </Table.Td>
              <Table.Td>
                <NumberInput aria-label={`Ponderación de ${nameOf(r, i)}`} {...weightField(r)} />
              </Table.Td>
              {attributes.map((a) => (
                <Table.Td key={a.id} ta="center">
                  <Checkbox
                    aria-label={`${a.attribute_name} en ${nameOf(r, i)}`}
                    {...attributeBox(r, a)}
                    style={{ display: 'inline-block' }}
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

/** The editable activity × attribute matrix: a table on a desktop, one card per activity on a phone. */
export function ActivityMatrix({ rows, attributes, locked, isMobile, onChange, onDelete, onAdd }: Props) {
  const fields = fieldProps(locked, onChange);
  const parts = { rows, attributes, locked, fields, onDelete };
  return isMobile ? <ActivityCards {...parts} onAdd={onAdd} /> : <ActivityTable {...parts} />;
}

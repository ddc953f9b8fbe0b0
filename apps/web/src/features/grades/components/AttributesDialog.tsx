import { Badge, Button, Card, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import {
  LIMITS,
  OBSERVATION_MSG,
  attributeRating,
  formatGrade,
  gradeBand,
  type Activity,
  type ObservationEntry,
  type SheetStudent,
  type SubjectAttribute,
} from '@egreso/domain';
import { PageLoader } from '../../../components/PageLoader';
import { formatDateTime } from '../../../lib/dates';
import { useAttributesDialogState } from './use-attributes-dialog-state';

interface Props {
  student: SheetStudent | null;
  subjectId: number;
  groupId: number;
  attributes: SubjectAttribute[];
  activities: Activity[];
  /** The student's grade in an activity as the grid shows it now (typed or stored). */
  gradeOf: (userId: number, activityId: number) => number | null;
  readOnly: boolean;
  onClose: () => void;
  onSaved: (message: string) => void;
  onError: (message: string) => void;
}

const BAND_COLOR = { Sobresaliente: 'green', Suficiente: 'yellow', Insuficiente: 'red', 'S/C': 'gray' } as const;

interface CardProps {
  attr: SubjectAttribute;
  /** The rating as the grid's grades give it now, and as the server last confirmed it. */
  live: number | null;
  confirmed: number | null;
  linked: Activity[];
  notes: ObservationEntry[];
  text: string;
  readOnly: boolean;
  onText: (value: string) => void;
}

/** The earlier observations of one attribute, newest first. */
function ObservationHistory({ name, notes }: { name: string; notes: ObservationEntry[] }) {
  return (
    <Stack
      gap={4}
      mt="xs"
      component="ul"
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
      aria-label={`Historial de ${name}`}
    >
      {notes.map((o) => (
        <li key={o.id}>
          <Text size="xs" c="dimmed">
            {formatDateTime(o.created_at)} · {o.professor.full_name}
          </Text>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {o.observation}
          </Text>
        </li>
      ))}
    </Stack>
  );
}

/** One attribute: its rating and band, linked activities, the observation being typed and the earlier ones. */
function AttributeCard({ attr, live, confirmed, linked, notes, text, readOnly, onText }: CardProps) {
  const band = gradeBand(live);
  return (
    <Card withBorder radius="md" padding="sm" component="section" aria-label={attr.attribute_name}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
          {attr.codigo ? `${attr.codigo} · ` : ''}
          {attr.attribute_name}
        </Text>
        <Group gap="xs">
          <Badge
            color={BAND_COLOR[band]}
            variant="light"
            size="lg"
            aria-label={`Calificación del atributo ${formatGrade(live)}`}
          >
            {formatGrade(live)}
          </Badge>
          <Badge color="gray" variant="outline" aria-label={`${notes.length} observaciones`}>
            {notes.length}
          </Badge>
        </Group>
      </Group>
      {live !== confirmed ? (
        <Text size="xs" c="dimmed">
          Guardado en el servidor: {formatGrade(confirmed)} (cambia al guardar las calificaciones)
        </Text>
      ) : null}
      <Text size="sm" mt={4}>
        <Text span fw={500}>
          Actividades vinculadas:{' '}
        </Text>
        {linked.length ? linked.map((a) => a.activity_name).join(', ') : 'ninguna'}
      </Text>
      <Textarea
        mt="xs"
        label={`Observación sobre ${attr.attribute_name}`}
        autosize
        minRows={2}
        maxLength={LIMITS.observation}
        value={text}
        disabled={readOnly}
        onChange={(e) => onText(e.currentTarget.value)}
      />
      {notes.length ? <ObservationHistory name={attr.attribute_name} notes={notes} /> : null}
    </Card>
  );
}

/** 'Atributos de egreso - {student}': each attribute's rating, linked activities, observations and their history. */
export function AttributesDialog({
  student,
  subjectId,
  groupId,
  attributes,
  activities,
  gradeOf,
  readOnly,
  onClose,
  onSaved,
  onError,
}: Props) {
  const s = useAttributesDialogState(student, subjectId, groupId, { onSaved, onError });
  return (
    <Modal
      opened={student !== null}
      onClose={onClose}
      title={`Atributos de egreso - ${student?.full_name ?? ''}`}
      size="lg"
      centered
    >
      {s.loading ? <PageLoader /> : null}
      {s.historyFailed ? (
        <Text c="var(--mantine-color-error)" size="sm" role="alert">
          {OBSERVATION_MSG.loadError}
        </Text>
      ) : null}
      <Stack gap="md">
        {attributes.length === 0 ? <Text c="dimmed">Esta materia no tiene atributos vinculados.</Text> : null}
        {attributes.map((attr) => (
          <AttributeCard
            key={attr.id}
            attr={attr}
            live={student ? attributeRating(attr.id, activities, (id) => gradeOf(student.id, id)) : null}
            confirmed={s.confirmedOf(attr.id)}
            linked={activities.filter((a) => a.attribute_ids.includes(attr.id))}
            notes={s.notesOf(attr.id)}
            text={s.texts[attr.id] ?? ''}
            readOnly={readOnly}
            onText={(value) => s.setText(attr.id, value)}
          />
        ))}
      </Stack>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          Cerrar
        </Button>
        {!readOnly ? (
          <Button onClick={s.submit} loading={s.saving}>
            Guardar observaciones
          </Button>
        ) : null}
      </Group>
    </Modal>
  );
}

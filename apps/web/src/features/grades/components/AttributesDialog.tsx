import { Badge, Button, Card, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import {
  LIMITS,
  OBSERVATION_MSG,
  attributeRating,
  formatGrade,
  gradeBand,
  type Activity,
  type SheetStudent,
  type SubjectAttribute,
} from '@egreso/domain';
import { PageLoader } from '../../../components/PageLoader';
import { formatDateTime } from '../../../lib/dates';
import { errorText } from '../../../lib/errors';
import { useStudentAttributeRatings } from '../api/get-attribute-ratings';
import { useObservations } from '../api/get-observations';
import { useSaveObservations } from '../api/save-observations';

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
  const key = student ? { subjectId, groupId, userId: student.id } : null;
  const server = useStudentAttributeRatings(key);
  const history = useObservations(student ? { subjectId, userId: student.id } : null);
  const save = useSaveObservations();
  const [texts, setTexts] = useState<Record<number, string>>({});
  const [shownFor, setShownFor] = useState<number | null>(null);
  if ((student?.id ?? null) !== shownFor) {
    setShownFor(student?.id ?? null);
    setTexts({});
  }

  const submit = () => {
    if (!student) return;
    const observaciones = Object.entries(texts)
      .filter(([, text]) => text.trim() !== '')
      .map(([attributeId, observation]) => ({
        user_id: student.id,
        attribute_id: Number(attributeId),
        subject_id: subjectId,
        observation: observation.trim(),
      }));
    if (!observaciones.length) {
      onError(`${OBSERVATION_MSG.saveError}: ${OBSERVATION_MSG.required}`);
      return;
    }
    save.mutate(
      { observaciones },
      {
        onSuccess: () => {
          setTexts({});
          onSaved(OBSERVATION_MSG.saved);
        },
        onError: (err) => onError(errorText(OBSERVATION_MSG.saveError, err)),
      },
    );
  };

  return (
    <Modal
      opened={student !== null}
      onClose={onClose}
      title={`Atributos de egreso - ${student?.full_name ?? ''}`}
      size="lg"
      centered
    >
      {server.isPending || history.isPending ? <PageLoader /> : null}
      {history.isError ? (
        <Text c="var(--mantine-color-error)" size="sm" role="alert">
          {OBSERVATION_MSG.loadError}
        </Text>
      ) : null}
      <Stack gap="md">
        {attributes.length === 0 ? <Text c="dimmed">Esta materia no tiene atributos vinculados.</Text> : null}
        {attributes.map((attr) => {
          const linked = activities.filter((a) => a.attribute_ids.includes(attr.id));
          const live = student ? attributeRating(attr.id, activities, (id) => gradeOf(student.id, id)) : null;
          const confirmed = server.data?.find((r) => r.attribute_id === attr.id)?.attributerating ?? null;
          const notes = (history.data ?? []).filter((o) => o.attribute_id === attr.id);
          const band = gradeBand(live);
          return (
            <Card
              key={attr.id}
              withBorder
              radius="md"
              padding="sm"
              component="section"
              aria-label={attr.attribute_name}
            >
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
                value={texts[attr.id] ?? ''}
                disabled={readOnly}
                onChange={(e) => {
                  const value = e.currentTarget.value;
                  setTexts((t) => ({ ...t, [attr.id]: value }));
                }}
              />
              {notes.length ? (
                <Stack
                  gap={4}
                  mt="xs"
                  component="ul"
                  style={{ listStyle: 'none', padding: 0, margin: 0 }}
                  aria-label={`Historial de ${attr.attribute_name}`}
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
              ) : null}
            </Card>
          );
        })}
      </Stack>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          Cerrar
        </Button>
        {!readOnly ? (
          <Button onClick={submit} loading={save.isPending}>
            Guardar observaciones
          </Button>
        ) : null}
      </Group>
    </Modal>
  );
}

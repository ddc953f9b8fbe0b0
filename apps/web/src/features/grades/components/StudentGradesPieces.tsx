import { Badge, Button, Card, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { BAND_COLORS, formatGrade, gradeBand, type StudentAttributeRating } from '@egreso/domain';
import { ListStates } from '../../../components/ListStates';
import { formatDateTime } from '../../../lib/dates';
import { useObservations } from '../api/get-observations';
import { STUDENT_GRADES_TEXT as T } from '../student-grades-text';

/** The teachers' observations on one attribute of the subject. */
export function Observations({
  userId,
  subjectId,
  attribute,
  onClose,
}: {
  userId: number;
  subjectId: number;
  attribute: StudentAttributeRating | null;
  onClose: () => void;
}) {
  const history = useObservations(attribute ? { subjectId, userId, attributeId: attribute.attribute_id } : null);
  return (
    <Modal
      opened={attribute !== null}
      onClose={onClose}
      title={`Observaciones: ${attribute?.attribute_name ?? ''}`}
      centered
      size="lg"
      withCloseButton={false}
    >
      <ListStates
        loading={history.isPending}
        loadingText="Cargando observaciones..."
        error={history.error ? T.observationsError : null}
        empty={(history.data ?? []).length === 0}
        emptyText={T.noObservations}
      >
        <Stack gap="sm" role="list" aria-label="Observaciones">
          {(history.data ?? []).map((o) => (
            <Card key={o.id} withBorder padding="sm" role="listitem">
              <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                {o.observation}
              </Text>
              <Text size="xs" c="dimmed" mt={4}>
                {o.activity_name ? `Actividad: ${o.activity_name} · ` : ''}Profesor(a): {o.teacher_name} ·{' '}
                {formatDateTime(o.created_at)}
              </Text>
            </Card>
          ))}
        </Stack>
      </ListStates>
      <Group justify="flex-end" mt="md">
        <Button onClick={onClose}>Cerrar</Button>
      </Group>
    </Modal>
  );
}

interface ActivityCardsProps {
  activities: Array<{ id: number; activity_name: string; type_activity: string | null; ponderation: number }>;
  gradeOf: ReadonlyMap<number, number | null>;
}

/** One card per activity: its name, kind and weight, and the student's grade or 'Sin calificar'. */
export function ActivityGradeCards({ activities, gradeOf }: ActivityCardsProps) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} role="list" aria-label="Actividades de la materia">
      {activities.map((a) => {
        const q = gradeOf.get(a.id) ?? null;
        return (
          <Card key={a.id} withBorder padding="md" role="listitem">
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {a.activity_name}
            </Text>
            <Text size="sm" c="dimmed">
              {a.type_activity ?? 'Actividad'} · Peso {a.ponderation}
            </Text>
            <Text fz={22} fw={700} mt={6} data-testid={`grade-${a.id}`}>
              {q === null ? 'Sin calificar' : formatGrade(q)}
            </Text>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}

/** One card per attribute: its rating and band, and the button that opens its observations. */
export function AttributeRatingCards({
  ratings,
  onObserve,
}: {
  ratings: StudentAttributeRating[];
  onObserve: (rating: StudentAttributeRating) => void;
}) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} role="list" aria-label="Atributos de la materia">
      {ratings.map((r) => {
        const band = gradeBand(r.attributerating);
        return (
          <Card key={r.attribute_id} withBorder padding="md" role="listitem">
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {r.attribute_name}
            </Text>
            <Group justify="space-between" mt={6}>
              <Text fz={22} fw={700} data-testid={`rating-${r.attribute_id}`}>
                {formatGrade(r.attributerating, 'Sin calificación')}
              </Text>
              {band === 'S/C' ? null : (
                <Badge color={BAND_COLORS[band]} autoContrast>
                  {band}
                </Badge>
              )}
            </Group>
            <Button
              variant="light"
              size="xs"
              mt="sm"
              onClick={() => onObserve(r)}
              aria-label={`Ver observaciones de ${r.attribute_name}`}
            >
              Ver observaciones
            </Button>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}

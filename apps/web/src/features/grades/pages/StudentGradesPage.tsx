import { Badge, Button, Card, Group, Modal, SimpleGrid, Select, Stack, Text, Title } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { BAND_COLORS, formatGrade, gradeBand, type StudentAttributeRating } from '@egreso/domain';
import { ListStates } from '../../../components/ListStates';
import { PageHeader } from '../../../components/PageHeader';
import { PageLoader } from '../../../components/PageLoader';
import { formatDateTime } from '../../../lib/dates';
import { useStudentId } from '../../../lib/student-id';
import { useObservations } from '../api/get-observations';
import { useOwnGrades, useStudentSubjects, useSubjectAttributeRatings } from '../api/student-grades';
import { STUDENT_GRADES_TEXT as T } from '../student-grades-text';

function Observations({
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

/** /SubjectsSelection: the student's grades per subject: activities, attribute ratings and the teachers' observations. */
export default function StudentGradesPage() {
  const userId = useStudentId();
  const subjects = useStudentSubjects(userId);
  const [picked, setPicked] = useState<string | null>(null);
  const [observing, setObserving] = useState<StudentAttributeRating | null>(null);
  // The first subject is preselected.
  const subjectId = picked ?? (subjects.data?.[0] ? String(subjects.data[0].id) : null);
  useEffect(() => {
    if (subjects.error) console.error(subjects.error);
  }, [subjects.error]);
  const subject = subjects.data?.find((s) => String(s.id) === subjectId) ?? null;
  const activityIds = useMemo(() => (subject?.activities ?? []).map((a) => a.id), [subject]);
  const grades = useOwnGrades(userId, activityIds);
  const ratings = useSubjectAttributeRatings(userId, subject?.id ?? null);
  const gradeOf = useMemo(
    () => new Map((grades.data ?? []).map((g) => [g.activity_id, g.qualification])),
    [grades.data],
  );

  if (subjects.isPending)
    return (
      <>
        <PageHeader title="Mis calificaciones" />
        <PageLoader text={T.loading} />
      </>
    );
  if ((subjects.data ?? []).length === 0) {
    return (
      <>
        <PageHeader title="Mis calificaciones" />
        <Text c="dimmed">{T.noSubjects}</Text>
      </>
    );
  }
  return (
    <>
      <PageHeader title="Mis calificaciones" subtitle="Tus actividades y atributos de egreso por materia" />
      <Select
        label="Materia"
        data={(subjects.data ?? []).map((s) => ({ value: String(s.id), label: s.subject_name }))}
        value={subjectId}
        onChange={setPicked}
        allowDeselect={false}
        maw={420}
        mb="lg"
      />
      {subject ? (
        <Stack gap="xl">
          <section aria-labelledby="activities-title">
            <Title order={3} id="activities-title" mb="sm">
              Actividades
            </Title>
            {subject.activities.length === 0 ? (
              <Text c="dimmed">{T.noActivities}</Text>
            ) : grades.isPending ? (
              <PageLoader text={T.loading} />
            ) : (
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} role="list" aria-label="Actividades de la materia">
                {subject.activities.map((a) => {
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
            )}
          </section>
          <section aria-labelledby="attributes-title">
            <Title order={3} id="attributes-title" mb="sm">
              Atributos de egreso
            </Title>
            <ListStates
              loading={ratings.isPending}
              loadingText={T.loading}
              error={null}
              empty={(ratings.data ?? []).length === 0}
              emptyText={T.noAttributes}
            >
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} role="list" aria-label="Atributos de la materia">
                {(ratings.data ?? []).map((r) => {
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
                        onClick={() => setObserving(r)}
                        aria-label={`Ver observaciones de ${r.attribute_name}`}
                      >
                        Ver observaciones
                      </Button>
                    </Card>
                  );
                })}
              </SimpleGrid>
            </ListStates>
          </section>
        </Stack>
      ) : null}
      {subject ? (
        <Observations userId={userId} subjectId={subject.id} attribute={observing} onClose={() => setObserving(null)} />
      ) : null}
    </>
  );
}

import { Anchor, Card, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { formatGrade } from '@egreso/domain';
import { ResponsiveTable } from '../../components/ResponsiveTable';
import { StatCard } from '../../components/StatCard';
import { useMe } from '../../lib/me';
import { getStoredName } from '../../lib/session';
import { todayLong } from '../../lib/dates';
import { countOf } from '../../lib/plural';
import { useStudentId } from '../../lib/student-id';
import { useStudentDashboard } from '../../features/reports/api/student-global';

/** Shown only when the student has no activity at all (then none is graded either). */
export const NO_GRADED_ACTIVITIES = 'Aún no tienes actividades calificadas.';
/** A pending activity's grade, as the grades page writes it. */
export const NOT_GRADED = 'Sin calificar';

/**
 * /StudentDashboard: greeting, the average of a chosen attribute, two counters and the student's activities. The card
 * counts the graded ones and the table lists the same activities, graded and pending, so the two always agree.
 */
export default function StudentDashboardPage() {
  const me = useMe();
  const userId = useStudentId();
  const dashboard = useStudentDashboard(userId);
  const [picked, setPicked] = useState<string | null>(null);
  // While the profile loads the stored name avoids a flash.
  const name = me.data?.full_name || (me.isPending ? getStoredName() : null) || 'Alumno(a)';
  const attributes = dashboard.data?.attributes ?? [];
  // The first attribute is preselected.
  const attributeId = picked ?? (attributes[0] ? String(attributes[0].attribute_id) : null);
  useEffect(() => {
    if (dashboard.error) console.error(dashboard.error);
  }, [dashboard.error]);
  const chosen = attributes.find((a) => String(a.attribute_id) === attributeId) ?? null;
  const graded = dashboard.data?.graded_activities ?? 0;
  const total = dashboard.data?.total_activities ?? 0;
  const listed = dashboard.data?.activities.length ?? 0;

  return (
    <>
      <Stack gap={4} mb="lg">
        <Title order={2} style={{ overflowWrap: 'anywhere' }}>
          ¡Hola, {name}!
        </Title>
        <Text c="dimmed">{todayLong()}</Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 3 }} mb="lg">
        <Card withBorder radius="md" padding="lg">
          <Text size="sm" c="dimmed" fw={500} id="attribute-average-label">
            Promedio por atributo
          </Text>
          <Select
            aria-labelledby="attribute-average-label"
            data={attributes.map((a) => ({ value: String(a.attribute_id), label: a.attribute_name }))}
            value={attributeId}
            onChange={setPicked}
            allowDeselect={false}
            placeholder={attributes.length ? undefined : 'Sin atributos'}
            mt={6}
          />
          <Text fz={28} fw={700} mt={8} data-testid="attribute-average">
            {formatGrade(chosen?.promedio ?? null, '—')}
          </Text>
        </Card>
        <StatCard label="Materias inscritas" value={dashboard.data?.enrolled_subjects ?? 0} to="/SubjectsSelection" />
        <StatCard
          label="Actividades calificadas"
          value={graded}
          hint={total ? `de ${countOf(total, 'actividad', 'actividades')}` : undefined}
          to="/SubjectsSelection"
        />
      </SimpleGrid>
      <Title order={3} mb={total ? 2 : 'sm'}>
        Mis actividades
      </Title>
      {total ? (
        <Text size="sm" c="dimmed" mb="sm" data-testid="activities-summary">
          {countOf(graded, 'calificada', 'calificadas')} · {countOf(total - graded, 'pendiente', 'pendientes')}
        </Text>
      ) : null}
      <ResponsiveTable
        rows={dashboard.data?.activities}
        rowKey={(a) => a.activity_id}
        label="Mis actividades"
        loading={dashboard.isPending}
        loadingText="Cargando actividades..."
        emptyText={NO_GRADED_ACTIVITIES}
        columns={[
          { key: 'name', header: 'Actividad', card: 'title', cell: (a) => a.activity_name },
          { key: 'type', header: 'Tipo', cell: (a) => a.type_activity ?? '-' },
          { key: 'subject', header: 'Materia', cell: (a) => a.subject_name },
          {
            key: 'grade',
            header: 'Calificación',
            cell: (a) =>
              a.qualification === null ? (
                <Text span size="sm" c="dimmed" fs="italic">
                  {NOT_GRADED}
                </Text>
              ) : (
                formatGrade(a.qualification)
              ),
          },
        ]}
      />
      {total > listed && listed > 0 ? (
        <Text size="sm" c="dimmed" mt="sm">
          Se muestran las {listed} más recientes.{' '}
          <Anchor component={Link} to="/SubjectsSelection" size="sm">
            Ver todas en Mis calificaciones
          </Anchor>
        </Text>
      ) : null}
    </>
  );
}

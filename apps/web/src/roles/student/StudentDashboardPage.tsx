import { Card, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { formatGrade } from '@egreso/domain';
import { ResponsiveTable } from '../../components/ResponsiveTable';
import { StatCard } from '../../components/StatCard';
import { useMe } from '../../lib/me';
import { todayLong } from '../../lib/dates';
import { useStudentId } from '../../lib/student-id';
import { useStudentDashboard } from '../../features/reports/api/student-global';

export const NO_GRADED_ACTIVITIES = 'Aún no tienes actividades calificadas.';

/** /StudentDashboard: greeting, the average of a chosen attribute, two counters and the graded activities. */
export default function StudentDashboardPage() {
  const me = useMe();
  const userId = useStudentId();
  const dashboard = useStudentDashboard(userId);
  const [picked, setPicked] = useState<string | null>(null);
  // While the profile loads the stored name avoids a flash.
  const name = me.data?.full_name || (me.isPending ? localStorage.getItem('name') : null) || 'Alumno(a)';
  const attributes = dashboard.data?.attributes ?? [];
  // The first attribute is preselected.
  const attributeId = picked ?? (attributes[0] ? String(attributes[0].attribute_id) : null);
  useEffect(() => {
    if (dashboard.error) console.error(dashboard.error);
  }, [dashboard.error]);
  const chosen = attributes.find((a) => String(a.attribute_id) === attributeId) ?? null;

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
          value={dashboard.data?.graded_activities ?? 0}
          to="/SubjectsSelection"
        />
      </SimpleGrid>
      <Title order={3} mb="sm">
        Actividades calificadas
      </Title>
      <ResponsiveTable
        rows={dashboard.data?.activities}
        rowKey={(a) => a.activity_id}
        label="Actividades calificadas"
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
            cell: (a) => (a.qualification === null ? '-' : formatGrade(a.qualification)),
          },
        ]}
      />
    </>
  );
}

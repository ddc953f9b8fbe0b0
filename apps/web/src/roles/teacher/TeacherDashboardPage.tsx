import { Anchor, Badge, Card, Group, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { CardHeading } from '../../components/CardHeading';
import { PageLoader } from '../../components/PageLoader';
import { StatCard } from '../../components/StatCard';
import { useTeacherDashboard } from '../../features/grades/api/get-teacher-dashboard';
import { TeacherImprovementActions } from '../../features/reports/components/TeacherImprovementActions';
import { todayLong } from '../../lib/dates';
import { useMe } from '../../lib/me';
import { getStoredName } from '../../lib/session';

/** /TeacherDashboard: greeting, career selector, the three cards and 'Pendientes' of the active period. */
export default function TeacherDashboardPage() {
  const me = useMe();
  // While the profile loads the stored name avoids a flash; a failed load falls back to the spec's 'Profesor(a)'.
  const name = me.data?.full_name || (me.isPending ? getStoredName() : null) || 'Profesor(a)';
  const [careerId, setCareerId] = useState<number | null>(null);
  const dashboard = useTeacherDashboard(careerId);
  const data = dashboard.data;
  const careers = data?.careers ?? [];
  const shownCareer = careers.find((c) => c.id === data?.career_id);
  return (
    <>
      <Stack gap={4} mb="lg">
        <Title order={2} style={{ overflowWrap: 'anywhere' }}>
          Bienvenido, {name}
        </Title>
        <Text c="dimmed">Panel de Maestros · {todayLong()}</Text>
      </Stack>
      {careers.length > 1 ? (
        <Select
          label="Carrera"
          data={careers.map((c) => ({ value: String(c.id), label: c.name }))}
          value={data?.career_id ? String(data.career_id) : null}
          onChange={(v) => setCareerId(v ? Number(v) : null)}
          allowDeselect={false}
          maw={420}
          mb="md"
        />
      ) : shownCareer ? (
        <Text mb="md">
          <Text span fw={600}>
            Carrera:
          </Text>{' '}
          {shownCareer.name}
        </Text>
      ) : null}
      {/* The spec logs dashboard failures only: the greeting stays and the cards are left out. */}
      {dashboard.isPending ? <PageLoader /> : null}
      {data ? (
        <>
          <SimpleGrid cols={{ base: 1, xs: 3 }} mb="xl">
            <StatCard label="Alumnos activos" value={data.cards.students} to="/Ratings" />
            <StatCard label="Actividades" value={data.cards.activities} to="/CreateActivity" />
            <StatCard label="Materias" value={data.cards.subjects} to="/Ratings" />
          </SimpleGrid>
          <Title order={3} mb="sm">
            Pendientes
          </Title>
          {data.pendientes.length === 0 ? (
            <Text c="dimmed">No tienes actividades creadas para esta carrera.</Text>
          ) : (
            <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {data.pendientes.map((p) => {
                const missing = p.students - p.graded;
                return (
                  <Card key={p.id} component="li" withBorder padding="sm" radius="md">
                    <Group justify="space-between" wrap="wrap" gap="xs">
                      <CardHeading
                        title={p.activity_name}
                        detail={`${p.subject_name}${p.group_name ? ` · Grupo ${p.group_name}` : ''}`}
                      />
                      <Group gap="xs">
                        <Badge color={missing > 0 ? 'orange' : 'green'} variant="light">
                          {missing > 0 ? `${missing} sin calificar` : 'Calificada'}
                        </Badge>
                        <Text size="sm">
                          {p.graded} / {p.students}
                        </Text>
                        <Anchor
                          size="sm"
                          component={Link}
                          to={`/Ratings?asignacion=${p.professor_subject_id}${data.career_id ? `&carrera=${data.career_id}` : ''}`}
                          underline="always"
                          aria-label={`Calificar ${p.activity_name} de ${p.subject_name}${p.group_name ? ` grupo ${p.group_name}` : ''}`}
                        >
                          Calificar
                        </Anchor>
                      </Group>
                    </Group>
                  </Card>
                );
              })}
            </Stack>
          )}
        </>
      ) : null}
      <TeacherImprovementActions />
    </>
  );
}

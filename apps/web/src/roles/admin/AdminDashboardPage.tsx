import { Alert, Button, Card, Group, SimpleGrid, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { ROLE } from '@egreso/domain';
import { PageHeader } from '../../components/PageHeader';
import { PageLoader } from '../../components/PageLoader';
import { todayLong } from '../../lib/dates';
import { useCareers } from '../../lib/queries/careers';
import { userRows, useUsers } from '../../lib/queries/users';
import { StatCard } from '../../components/StatCard';
import { ReportLinks } from '../../features/reports/components/ReportLinks';

export default function AdminDashboardPage() {
  const careers = useCareers();
  const chiefs = useUsers({ role: ROLE.CHIEF }, userRows);
  const loading = careers.isPending || chiefs.isPending;
  const failed = careers.isError || chiefs.isError;

  return (
    <>
      <PageHeader title="Panel de administración" subtitle={todayLong()} />
      {loading ? <PageLoader /> : null}
      {failed ? (
        <Alert color="red" mb="lg">
          Error al cargar los datos del dashboard
        </Alert>
      ) : null}
      {!loading && !failed ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" mb="xl">
          <StatCard
            label="Total de carreras"
            value={careers.data?.length ?? 0}
            to="/Admin/Careers"
            hint="Ver carreras"
          />
          <StatCard
            label="Total de jefes de división"
            value={chiefs.data?.length ?? 0}
            to="/Admin/Jefes"
            hint="Ver jefes de división"
          />
        </SimpleGrid>
      ) : null}
      <Card withBorder radius="md" padding="lg">
        <Title order={4} mb={4}>
          Accesos rápidos
        </Title>
        <Text size="sm" c="dimmed" mb="md">
          Administra el catálogo de carreras y a los jefes de división de cada una, y consulta la evidencia de cada
          carrera.
        </Text>
        <Group gap="sm">
          <Button component={Link} to="/Admin/Careers">
            Gestionar carreras
          </Button>
          <Button component={Link} to="/Admin/Jefes" variant="light">
            Gestionar jefes de división
          </Button>
          <ReportLinks to={['/ReportEvidence', '/CurriculumMap', '/ImprovementActions']} />
        </Group>
      </Card>
    </>
  );
}

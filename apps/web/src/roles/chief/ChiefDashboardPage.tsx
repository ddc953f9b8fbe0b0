import { Button, Card, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { useMe } from '../../lib/me';

const ENTRIES = [
  {
    to: '/Teachers',
    icon: 'P',
    title: 'Gestión de profesores',
    text: 'Registra, importa y edita a los profesores de la división.',
    action: 'Ir a profesores',
  },
  {
    to: '/Subjects',
    icon: 'M',
    title: 'Gestión de materias',
    text: 'Da de alta materias con sus créditos, prerrequisitos, semestres y atributos.',
    action: 'Ir a materias',
  },
  {
    to: '/Attributes',
    icon: 'A',
    title: 'Gestión de atributos',
    text: 'Define los atributos de egreso que se evalúan en las materias.',
    action: 'Ir a atributos',
  },
  {
    to: '/ReportEvidence',
    icon: 'E',
    title: 'Evidencia por generación',
    text: 'Desempeño de una generación en cada atributo, con sus metas y materias, lista para imprimir.',
    action: 'Ver evidencia',
  },
  {
    to: '/CurriculumMap',
    icon: 'C',
    title: 'Mapa curricular',
    text: 'Nivel en que cada materia trabaja cada atributo y los niveles que faltan.',
    action: 'Ver mapa curricular',
  },
  {
    to: '/ImprovementActions',
    icon: 'MC',
    title: 'Mejora continua',
    text: 'Acciones de mejora de los atributos que no alcanzaron su meta, con su resultado medido y su seguimiento.',
    action: 'Ver acciones de mejora',
  },
] as const;

/** The division chief's home: the three management entries of the spec, then the accreditation evidence. */
export default function ChiefDashboardPage() {
  const me = useMe();
  return (
    <>
      <PageHeader
        title="Panel del jefe de división"
        subtitle={me.data ? `Hola, ${me.data.full_name}. ¿Qué deseas gestionar hoy?` : '¿Qué deseas gestionar hoy?'}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
        {ENTRIES.map((e) => (
          <Card key={e.to} withBorder radius="md" padding="lg" shadow="xs">
            <Stack gap="sm" h="100%" justify="space-between">
              <Stack gap="xs">
                <ThemeIcon size={44} radius="md" variant="light" aria-hidden>
                  <Text fw={800} size="lg">
                    {e.icon}
                  </Text>
                </ThemeIcon>
                <Title order={3} size="h4">
                  {e.title}
                </Title>
                <Text size="sm" c="dimmed">
                  {e.text}
                </Text>
              </Stack>
              <Button component={Link} to={e.to} variant="light" fullWidth>
                {e.action}
              </Button>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </>
  );
}

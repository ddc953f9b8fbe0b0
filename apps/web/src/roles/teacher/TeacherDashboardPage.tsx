import { Stack, Text, Title } from '@mantine/core';
import { useMe } from '../../lib/me';
import { todayLong } from '../../lib/dates';

/** /TeacherDashboard: the greeting with the teacher's name and today's date (es-MX). */
export default function TeacherDashboardPage() {
  const me = useMe();
  // While the profile loads the stored name avoids a flash; a failed load falls back to the spec's 'Profesor(a)'.
  const name = me.data?.full_name || (me.isPending ? localStorage.getItem('name') : null) || 'Profesor(a)';
  return (
    <Stack gap={4} mb="lg">
      <Title order={2} style={{ overflowWrap: 'anywhere' }}>Bienvenido, {name}</Title>
      <Text c="dimmed">
        Panel de Maestros · {todayLong()}
      </Text>
    </Stack>
  );
}

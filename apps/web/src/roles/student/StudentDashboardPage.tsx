import { Stack, Text, Title } from '@mantine/core';
import { useMe } from '../../lib/me';
import { todayLong } from '../../lib/dates';

/** /StudentDashboard: the greeting with the student's name and today's date (es-MX). */
export default function StudentDashboardPage() {
  const me = useMe();
  // While the profile loads the stored name avoids a flash.
  const name = me.data?.full_name || (me.isPending ? localStorage.getItem('name') : null) || 'Alumno(a)';
  return (
    <Stack gap={4} mb="lg">
      <Title order={2} style={{ overflowWrap: 'anywhere' }}>¡Hola, {name}!</Title>
      <Text c="dimmed">
        {todayLong()}
      </Text>
    </Stack>
  );
}

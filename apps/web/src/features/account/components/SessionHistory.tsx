import { Alert, Button, Card, Group, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { MSG } from '@egreso/domain';
import { PageLoader } from '../../../components/PageLoader';
import { formatDateTime } from '../../../lib/dates';
import { useCloseOtherSessions } from '../api/close-other-sessions';
import { useSessions } from '../api/get-sessions';
import { describeDevice } from '../device';

/** The user's sign-ins, newest first, in a list that scrolls inside its card. */
export function SessionHistory({ userId }: { userId: number }) {
  const sessions = useSessions(userId);
  const closeOthers = useCloseOtherSessions();
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={4} mb={4}>
        Historial de sesiones
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Inicios de sesión recientes en tu cuenta.
      </Text>
      <Group mb="md" gap="sm" wrap="wrap">
        <Button variant="light" loading={closeOthers.isPending} onClick={() => closeOthers.mutate()}>
          Cerrar las demás sesiones
        </Button>
        {closeOthers.data ? (
          <Text size="sm" role="status">
            {closeOthers.data.message}
          </Text>
        ) : null}
        {closeOthers.isError ? (
          <Text size="sm" c="red" role="alert">
            No se pudieron cerrar las demás sesiones. Intenta de nuevo.
          </Text>
        ) : null}
      </Group>
      {sessions.isPending ? <PageLoader /> : null}
      {sessions.isError ? (
        <Alert color="red" variant="light" role="alert">
          {MSG.sessionsError}
        </Alert>
      ) : null}
      {sessions.data && sessions.data.length === 0 ? (
        <Text c="dimmed" size="sm">
          No hay sesiones registradas.
        </Text>
      ) : null}
      {sessions.data && sessions.data.length > 0 ? (
        <ScrollArea.Autosize
          mah={360}
          type="auto"
          offsetScrollbars
          // A long history scrolls: its viewport takes the focus so the keyboard can scroll it too.
          viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': 'Historial de sesiones' }}
        >
          <Stack
            component="ul"
            gap={0}
            aria-label="Historial de sesiones"
            style={{ listStyle: 'none', margin: 0, padding: 0 }}
          >
            {sessions.data.map((s, i) => (
              <Group
                component="li"
                key={s.id}
                justify="space-between"
                wrap="wrap"
                gap={4}
                py="sm"
                style={{ borderTop: i === 0 ? undefined : '1px solid var(--mantine-color-default-border)' }}
              >
                <Text size="sm" fw={500}>
                  {describeDevice(s.user_agent)}
                </Text>
                <Text size="sm" c="dimmed">
                  <time dateTime={s.logged_in_at}>{formatDateTime(s.logged_in_at)}</time>
                </Text>
              </Group>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      ) : null}
    </Card>
  );
}

import { Center, Group, Loader, Text } from '@mantine/core';

/** The spinner text shown while a page or its data loads. */
export function PageLoader({ text = 'Cargando...' }: { text?: string }) {
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Group gap="sm">
        <Loader size="sm" />
        <Text c="dimmed">{text}</Text>
      </Group>
    </Center>
  );
}

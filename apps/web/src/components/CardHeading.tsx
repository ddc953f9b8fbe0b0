import { Stack, Text } from '@mantine/core';

/** A list card's name in bold (long names wrap anywhere) over a dimmed line that places it. */
export function CardHeading({ title, detail }: { title: React.ReactNode; detail: React.ReactNode }) {
  return (
    <Stack gap={0} style={{ minWidth: 0 }}>
      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
        {title}
      </Text>
      <Text size="sm" c="dimmed">
        {detail}
      </Text>
    </Stack>
  );
}

import { Text } from '@mantine/core';

/** What a list cell shows for a value the row lacks ('Sin descripción', 'Sin semestre'): dimmed, in italics. */
export function MissingText({ children }: { children: string }) {
  return (
    <Text span c="dimmed" fs="italic" size="sm">
      {children}
    </Text>
  );
}

import { Box, Group, Text } from '@mantine/core';

/**
 * 'Leyenda de niveles' under a report chart: a swatch and a name per band. It is written in the page rather than drawn
 * by the chart, so a phone that scrolls the chart still shows it whole.
 */
export function ChartLegend({ items }: { items: ReadonlyArray<{ key: string; label: string; swatch: string }> }) {
  return (
    <Group gap="lg" mt="xs" justify="center" aria-label="Leyenda de niveles" role="list">
      {items.map((item) => (
        <Group key={item.key} gap={6} role="listitem">
          <Box w={14} h={14} style={{ background: item.swatch, border: '1px solid #222' }} aria-hidden />
          <Text size="sm">{item.label}</Text>
        </Group>
      ))}
    </Group>
  );
}

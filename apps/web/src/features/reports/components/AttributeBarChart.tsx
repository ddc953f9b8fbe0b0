import { Box, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ChartDataTable, type DataColumn } from './ChartDataTable';
import { ChartScroller, chartMinWidth } from '../../../components/ChartScroller';

/**
 * A report's bar chart with a bar per attribute: the chart at the spec's 600 px minimum (scrolling sideways on a
 * phone), the legend of the levels under it, and the table of what it draws, a row per attribute. The legend is
 * written in the page rather than drawn by the chart, so a phone that scrolls the chart still shows it whole.
 */
export function AttributeBarChart<R extends { attribute: string }>({
  label,
  chart,
  decorative = false,
  legend,
  rows,
  attribute,
  columns,
  caption,
  tableMinWidth,
  tableLabel,
  tableTestId,
}: {
  /** The name of the chart's scrolling region. */
  label: string;
  /** The chart itself (a react-chartjs-2 Bar). */
  chart: ReactNode;
  /** The chart only repeats its table: screen readers skip it and it is left off the printout. */
  decorative?: boolean;
  legend: ReadonlyArray<{ key: string; label: string; swatch: string }>;
  rows: readonly R[];
  /** How the table names a row's attribute. */
  attribute: (row: R) => ReactNode;
  columns: ReadonlyArray<DataColumn<R>>;
  caption: ReactNode;
  tableMinWidth: number;
  tableLabel?: string;
  tableTestId?: string;
}) {
  return (
    <>
      <ChartScroller label={label} className={decorative ? 'no-print' : undefined}>
        <Box miw={chartMinWidth(rows.length)} h={380} pos="relative" aria-hidden={decorative || undefined}>
          {chart}
        </Box>
      </ChartScroller>
      <Group gap="lg" mt="xs" justify="center" aria-label="Leyenda de niveles" role="list">
        {legend.map((item) => (
          <Group key={item.key} gap={6} role="listitem">
            <Box w={14} h={14} style={{ background: item.swatch, border: '1px solid #222' }} aria-hidden />
            <Text size="sm">{item.label}</Text>
          </Group>
        ))}
      </Group>
      <ChartDataTable
        rows={rows}
        rowKey={(r) => r.attribute}
        rowHeader={{ header: 'Atributo', cell: attribute }}
        columns={columns}
        caption={caption}
        minWidth={tableMinWidth}
        mt="md"
        striped
        aria-label={tableLabel}
        data-testid={tableTestId}
      />
    </>
  );
}

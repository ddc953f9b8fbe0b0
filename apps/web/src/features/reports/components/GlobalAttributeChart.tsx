import { Box, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import {
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  LinearScale,
  Tooltip,
  type ChartOptions,
  type Plugin,
} from 'chart.js';
import { useMemo } from 'react';
import { Bar } from 'react-chartjs-2';
import { GLOBAL_BAND_LEGEND, GLOBAL_BAND_SWATCH, GLOBAL_BAND_TINT, globalChartRows } from './global-chart-data';
import { ChartScroller, chartMinWidth } from '../../../components/ChartScroller';

ChartJS.register(CategoryScale, LinearScale, BarElement, Tooltip);

/** Paints the three bands behind the bars. */
const bands: Plugin<'bar'> = {
  id: 'globalBands',
  beforeDatasetsDraw(chart) {
    const { ctx, chartArea, scales } = chart;
    const y = scales.y!;
    ctx.save();
    for (const b of GLOBAL_BAND_LEGEND) {
      const top = y.getPixelForValue(b.to);
      ctx.fillStyle = GLOBAL_BAND_TINT[b.band];
      ctx.fillRect(chartArea.left, top, chartArea.right - chartArea.left, y.getPixelForValue(b.from) - top);
    }
    ctx.restore();
  },
};

/** Each bar's value written above it, so the chart reads without hovering. */
const labels: Plugin<'bar'> = {
  id: 'globalValueLabels',
  afterDatasetsDraw(chart) {
    const { ctx } = chart;
    ctx.save();
    ctx.font = '600 12px system-ui, sans-serif';
    ctx.fillStyle = '#1a1b1e';
    ctx.textAlign = 'center';
    ctx.textBaseline = 'bottom';
    chart.getDatasetMeta(0).data.forEach((bar, i) => {
      ctx.fillText(Number(chart.data.datasets[0]!.data[i]).toFixed(1), bar.x, bar.y - 2);
    });
    ctx.restore();
  },
};

const OPTIONS: ChartOptions<'bar'> = {
  responsive: true,
  maintainAspectRatio: false,
  animation: false,
  // Room above a bar near 100 for its value label.
  layout: { padding: { top: 20 } },
  scales: { y: { min: 0, max: 100, ticks: { stepSize: 10 }, title: { display: true, text: 'Promedio (0-100)' } } },
  plugins: {
    legend: { display: false },
    tooltip: { callbacks: { label: (c) => `Promedio: ${Number(c.raw).toFixed(1)}` } },
  },
};

/** 'Promedios Globales por Atributo de Egreso': one bar per attribute over the bands, with its data table. */
export function GlobalAttributeChart({
  atributos,
}: {
  atributos: ReadonlyArray<{ atributo: string; promedio: number | null }>;
}) {
  const rows = useMemo(() => globalChartRows(atributos), [atributos]);
  const data = {
    labels: rows.map((r) => r.attribute),
    datasets: [
      {
        label: 'Promedio',
        data: rows.map((r) => r.value),
        backgroundColor: rows.map((r) => r.color),
        maxBarThickness: 72,
      },
    ],
  };
  return (
    <Box>
      <ChartScroller label="Gráfica de promedios globales por atributo" className="no-print">
        <Box miw={chartMinWidth(rows.length)} h={380} pos="relative" aria-hidden>
          <Bar data={data} options={OPTIONS} plugins={[bands, labels]} />
        </Box>
      </ChartScroller>
      <Group gap="lg" mt="xs" justify="center" aria-label="Leyenda de niveles" role="list">
        {GLOBAL_BAND_LEGEND.map((b) => (
          <Group key={b.band} gap={6} role="listitem">
            <Box
              w={14}
              h={14}
              style={{ background: GLOBAL_BAND_SWATCH[b.band], border: '1px solid #222' }}
              aria-hidden
            />
            <Text size="sm">{b.label}</Text>
          </Group>
        ))}
      </Group>
      <Table.ScrollContainer minWidth={320} mt="md">
        <Table striped withTableBorder captionSide="top" data-testid="global-chart-table">
          <Table.Caption>
            <VisuallyHidden>Datos de la gráfica: </VisuallyHidden>promedio global por atributo
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Atributo</Table.Th>
              <Table.Th scope="col">Promedio</Table.Th>
              <Table.Th scope="col">Nivel</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.attribute}>
                <Table.Th scope="row" fw={500}>
                  {r.attribute}
                </Table.Th>
                <Table.Td>{r.value.toFixed(1)}</Table.Td>
                <Table.Td>{r.band}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Box>
  );
}

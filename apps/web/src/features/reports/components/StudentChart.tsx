import { Box, Group, Table, Text } from '@mantine/core';
import { useMemo } from 'react';
import { Bar } from 'react-chartjs-2';
import type { ChartOptions, Plugin } from 'chart.js';
import type { StudentReport } from '@egreso/domain';
import { BAND_FILL, BAND_TINT, valueLabels } from './chart-setup';
import { BAND_RANGES, studentRows } from './report-data';
import { ChartScroller, chartMinWidth } from '../../../components/ChartScroller';

/** Paints the three bands behind the bars and names them at the right edge, so they read without colour. */
const bandBackground: Plugin<'bar'> = {
  id: 'bandBackground',
  beforeDatasetsDraw(chart) {
    const { ctx, chartArea, scales } = chart;
    const y = scales.y!;
    ctx.save();
    for (const range of BAND_RANGES) {
      const top = y.getPixelForValue(range.max === 100 ? Math.max(100, Number(y.max)) : range.max);
      const bottom = y.getPixelForValue(range.min);
      ctx.fillStyle = BAND_TINT[range.band];
      ctx.fillRect(chartArea.left, top, chartArea.right - chartArea.left, bottom - top);
      ctx.fillStyle = '#333';
      ctx.font = '600 11px system-ui, sans-serif';
      ctx.textAlign = 'right';
      ctx.textBaseline = 'top';
      ctx.fillText(range.band, chartArea.right - 4, top + 3);
    }
    ctx.restore();
  },
};

/** One student: the average of each attribute (0-100 after the 0-10 rule) over the bands, with its data table. */
export function StudentChart({ report }: { report: StudentReport }) {
  const rows = useMemo(() => studentRows(report), [report]);
  const max = Math.max(100, ...rows.map((r) => r.value));
  const data = {
    labels: rows.map((r) => r.attribute),
    datasets: [
      {
        label: 'Promedio',
        data: rows.map((r) => r.value),
        backgroundColor: '#1f3f77',
        borderColor: '#111',
        borderWidth: 1,
        maxBarThickness: 64,
      },
    ],
  };
  const options: ChartOptions<'bar'> = {
    responsive: true,
    maintainAspectRatio: false,
    animation: false,
    scales: { y: { beginAtZero: true, max, title: { display: true, text: 'Promedio (0-100)' } } },
    plugins: {
      legend: { display: false },
      tooltip: { callbacks: { label: (c) => `Promedio: ${Number(c.raw).toFixed(1)}` } },
    },
  };
  const summary = rows.map((r) => `${r.attribute}: ${r.value.toFixed(1)} (${r.band})`).join('. ');
  return (
    <Box>
      <ChartScroller label="Gráfica de promedios por atributo">
        <Box miw={chartMinWidth(rows.length)} h={380} pos="relative">
          <Bar
            data={data}
            options={options}
            plugins={[bandBackground, valueLabels((v) => v.toFixed(1))]}
            role="img"
            aria-label={`Gráfica de barras de promedios por atributo. ${summary}`}
          />
        </Box>
      </ChartScroller>
      <Group gap="lg" mt="xs" justify="center" aria-label="Leyenda de niveles">
        {BAND_RANGES.map((r) => (
          <Group key={r.band} gap={6}>
            <Box w={14} h={14} style={{ background: BAND_FILL[r.band], border: '1px solid #222' }} aria-hidden />
            <Text size="sm">{r.label}</Text>
          </Group>
        ))}
      </Group>
      <Table.ScrollContainer minWidth={600} mt="md">
        <Table striped withTableBorder captionSide="top" aria-label="Datos de la gráfica del alumno">
          <Table.Caption>Promedio por atributo de {report.alumno.full_name}</Table.Caption>
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
                  {r.attribute === r.attributeName ? r.attribute : `${r.attribute} - ${r.attributeName}`}
                </Table.Th>
                <Table.Td data-average>{r.value.toFixed(1)}</Table.Td>
                <Table.Td>{r.graded ? r.band : `${r.band} (sin calificaciones)`}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Box>
  );
}

import { Box, Button, Group, Table, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { Bar } from 'react-chartjs-2';
import type { ChartOptions } from 'chart.js';
import { TEACHER_REPORT_MSG, type GroupReport } from '@egreso/domain';
import { BAND_FILL, hatched, valueLabels } from './chart-setup';
import { BAND_KEYS, BAND_LABEL, bandSeries, groupRows, type CountMode } from './report-data';
import { ChartScroller, chartMinWidth } from '../../../components/ChartScroller';

/** All students: per attribute, the counts (or shares) of the three bands stacked, with its data table under it. */
export function BandChart({ report }: { report: GroupReport }) {
  const [mode, setMode] = useState<CountMode>('count');
  const rows = useMemo(() => groupRows(report), [report]);
  const fills = useMemo(() => ({ ...BAND_FILL, Insuficiente: hatched(BAND_FILL.Insuficiente) }), []);
  const format = (v: number) => (mode === 'count' ? String(v) : `${v.toFixed(1)}%`);
  const data = {
    labels: rows.map((r) => r.attribute),
    datasets: BAND_KEYS.map((band) => ({
      label: BAND_LABEL[band],
      data: bandSeries(rows, band, mode),
      backgroundColor: fills[BAND_LABEL[band]],
      borderColor: '#222',
      borderWidth: 1,
      maxBarThickness: 72,
    })),
  };
  const options: ChartOptions<'bar'> = {
    responsive: true,
    maintainAspectRatio: false,
    animation: false,
    scales: {
      x: { stacked: true },
      y: {
        stacked: true,
        beginAtZero: true,
        ...(mode === 'percent' ? { max: 100 } : { ticks: { precision: 0 } }),
        title: { display: true, text: mode === 'count' ? 'Alumnos' : '% de alumnos' },
      },
    },
    plugins: {
      // The legend is written under the chart in the page, so a phone that scrolls the chart still shows it whole.
      legend: { display: false },
      tooltip: { callbacks: { label: (c) => `${c.dataset.label}: ${format(Number(c.raw))}` } },
    },
  };
  const summary = rows
    .map(
      (r) =>
        `${r.attribute}: ${BAND_KEYS.map((b) => `${BAND_LABEL[b]} ${format(mode === 'count' ? r.counts[b] : r.percents[b])}`).join(', ')}`,
    )
    .join('. ');
  return (
    <Box>
      <Group justify="flex-end" mb="xs" data-print="hide">
        <Button size="xs" variant="light" onClick={() => setMode(mode === 'count' ? 'percent' : 'count')}>
          {mode === 'count' ? TEACHER_REPORT_MSG.showPercent : TEACHER_REPORT_MSG.showCount}
        </Button>
      </Group>
      <ChartScroller label="Gráfica de niveles por atributo">
        <Box miw={chartMinWidth(rows.length)} h={380} pos="relative">
          <Bar
            data={data}
            options={options}
            plugins={[valueLabels(format)]}
            role="img"
            aria-label={`Gráfica de barras apiladas por atributo. ${summary}`}
          />
        </Box>
      </ChartScroller>
      <Group gap="lg" mt="xs" justify="center" aria-label="Leyenda de niveles" role="list">
        {BAND_KEYS.map((b) => (
          <Group key={b} gap={6} role="listitem">
            <Box
              w={14}
              h={14}
              aria-hidden
              style={{
                border: '1px solid #222',
                background:
                  b === 'insuficiente'
                    ? `repeating-linear-gradient(-45deg, ${BAND_FILL.Insuficiente} 0 4px, rgba(255, 255, 255, 0.75) 4px 6px)`
                    : BAND_FILL[BAND_LABEL[b]],
              }}
            />
            <Text size="sm">{BAND_LABEL[b]}</Text>
          </Group>
        ))}
      </Group>
      <Table.ScrollContainer minWidth={600} mt="md">
        <Table striped withTableBorder captionSide="top" aria-label="Datos de la gráfica por atributo">
          <Table.Caption>Alumnos por nivel en cada atributo (conteo y porcentaje)</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Atributo</Table.Th>
              {BAND_KEYS.map((b) => (
                <Table.Th key={b} scope="col">
                  {BAND_LABEL[b]}
                </Table.Th>
              ))}
              {BAND_KEYS.map((b) => (
                <Table.Th key={`${b}-pct`} scope="col">
                  {BAND_LABEL[b]} (%)
                </Table.Th>
              ))}
              <Table.Th scope="col">Alumnos con datos</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.attribute}>
                <Table.Th scope="row" fw={500}>
                  {r.attribute === r.attributeName ? r.attribute : `${r.attribute} - ${r.attributeName}`}
                </Table.Th>
                {BAND_KEYS.map((b) => (
                  <Table.Td key={b} data-band={b}>
                    {r.counts[b]}
                  </Table.Td>
                ))}
                {BAND_KEYS.map((b) => (
                  <Table.Td key={`${b}-pct`} data-band-percent={b}>
                    {r.percents[b].toFixed(1)}
                  </Table.Td>
                ))}
                <Table.Td>{r.total}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {rows.every((r) => r.total === 0) ? (
        <Text size="sm" c="dimmed" mt="xs">
          Aún no hay calificaciones en este grupo.
        </Text>
      ) : null}
    </Box>
  );
}

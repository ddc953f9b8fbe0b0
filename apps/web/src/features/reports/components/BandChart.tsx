import { Box, Button, Group, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { Bar } from 'react-chartjs-2';
import { TEACHER_REPORT_MSG, type GroupReport } from '@egreso/domain';
import { BAND_SWATCH, bandFill, barOptions, valueLabels } from './chart-setup';
import { AttributeBarChart } from './AttributeBarChart';
import {
  BAND_KEYS,
  BAND_LABEL,
  attributeTitle,
  bandSeries,
  groupRows,
  type CountMode,
  type GroupRow,
} from './report-data';

const LEGEND = BAND_KEYS.map((b) => ({ key: b, label: BAND_LABEL[b], swatch: BAND_SWATCH[BAND_LABEL[b]] }));

/** All students: per attribute, the counts (or shares) of the three bands stacked, with its data table under it. */
export function BandChart({ report }: { report: GroupReport }) {
  const [mode, setMode] = useState<CountMode>('count');
  const rows = useMemo(() => groupRows(report), [report]);
  const format = (v: number) => (mode === 'count' ? String(v) : `${v.toFixed(1)}%`);
  const data = {
    labels: rows.map((r) => r.attribute),
    datasets: BAND_KEYS.map((band) => ({
      label: BAND_LABEL[band],
      data: bandSeries(rows, band, mode),
      backgroundColor: bandFill(BAND_LABEL[band]),
      borderColor: '#222',
      borderWidth: 1,
      maxBarThickness: 72,
    })),
  };
  const options = barOptions({
    scales: {
      x: { stacked: true },
      y: {
        stacked: true,
        beginAtZero: true,
        ...(mode === 'percent' ? { max: 100 } : { ticks: { precision: 0 } }),
        title: { display: true, text: mode === 'count' ? 'Alumnos' : '% de alumnos' },
      },
    },
    tooltip: (c) => `${c.dataset.label}: ${format(Number(c.raw))}`,
  });
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
      <AttributeBarChart
        label="Gráfica de niveles por atributo"
        chart={
          <Bar
            data={data}
            options={options}
            plugins={[valueLabels(format)]}
            role="img"
            aria-label={`Gráfica de barras apiladas por atributo. ${summary}`}
          />
        }
        legend={LEGEND}
        rows={rows}
        attribute={attributeTitle}
        columns={[
          ...BAND_KEYS.map((b) => ({
            key: b,
            header: BAND_LABEL[b],
            cell: (r: GroupRow) => r.counts[b],
            attributes: { 'data-band': b },
          })),
          ...BAND_KEYS.map((b) => ({
            key: `${b}-pct`,
            header: `${BAND_LABEL[b]} (%)`,
            cell: (r: GroupRow) => r.percents[b].toFixed(1),
            attributes: { 'data-band-percent': b },
          })),
          { key: 'total', header: 'Alumnos con datos', cell: (r) => r.total },
        ]}
        caption="Alumnos por nivel en cada atributo (conteo y porcentaje)"
        tableMinWidth={600}
        tableLabel="Datos de la gráfica por atributo"
      />
      {rows.every((r) => r.total === 0) ? (
        <Text size="sm" c="dimmed" mt="xs">
          Aún no hay calificaciones en este grupo.
        </Text>
      ) : null}
    </Box>
  );
}

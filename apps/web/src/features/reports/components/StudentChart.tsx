import { Box } from '@mantine/core';
import { useMemo } from 'react';
import { Bar } from 'react-chartjs-2';
import type { StudentReport } from '@egreso/domain';
import {
  BAND_SWATCH,
  BAND_TINT,
  averageBars,
  averageTooltip,
  bandBackground,
  barOptions,
  valueFill,
  valueLabels,
} from './chart-setup';
import { AttributeBarChart } from './AttributeBarChart';
import { BAND_RANGES, attributeTitle, studentRows } from './report-data';

const PLUGINS = [bandBackground(BAND_RANGES, BAND_TINT, true), valueLabels((v) => v.toFixed(1))];

const LEGEND = BAND_RANGES.map((r) => ({ key: r.band, label: r.label, swatch: BAND_SWATCH[r.band] }));

/** One student: the average of each attribute (0-100 after the 0-10 rule), coloured by its band over the bands, with its data table. */
export function StudentChart({ report }: { report: StudentReport }) {
  const rows = useMemo(() => studentRows(report), [report]);
  const max = Math.max(100, ...rows.map((r) => r.value));
  const data = averageBars(rows, (r) => valueFill(r.value), { borderColor: '#111', maxBarThickness: 64 });
  const options = barOptions({
    scales: { y: { beginAtZero: true, max, title: { display: true, text: 'Promedio (0-100)' } } },
    tooltip: averageTooltip,
  });
  const summary = rows.map((r) => `${r.attribute}: ${r.value.toFixed(1)} (${r.band})`).join('. ');
  return (
    <Box>
      <AttributeBarChart
        label="Gráfica de promedios por atributo"
        chart={
          <Bar
            data={data}
            options={options}
            plugins={PLUGINS}
            role="img"
            aria-label={`Gráfica de barras de promedios por atributo. ${summary}`}
          />
        }
        legend={LEGEND}
        rows={rows}
        attribute={attributeTitle}
        columns={[
          { key: 'average', header: 'Promedio', cell: (r) => r.value.toFixed(1), attributes: { 'data-average': true } },
          { key: 'band', header: 'Nivel', cell: (r) => (r.graded ? r.band : `${r.band} (sin calificaciones)`) },
        ]}
        caption={`Promedio por atributo de ${report.alumno.full_name}`}
        tableMinWidth={600}
        tableLabel="Datos de la gráfica del alumno"
      />
    </Box>
  );
}

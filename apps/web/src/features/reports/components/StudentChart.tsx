import { Box } from '@mantine/core';
import { useMemo } from 'react';
import { Bar } from 'react-chartjs-2';
import type { Plugin } from 'chart.js';
import type { StudentReport } from '@egreso/domain';
import { BAND_FILL, BAND_TINT, averageTooltip, barOptions, valueLabels } from './chart-setup';
import { ChartDataTable } from './ChartDataTable';
import { ChartLegend } from './ChartLegend';
import { BAND_RANGES, attributeTitle, studentRows } from './report-data';
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

const PLUGINS = [bandBackground, valueLabels((v) => v.toFixed(1))];

const LEGEND = BAND_RANGES.map((r) => ({ key: r.band, label: r.label, swatch: BAND_FILL[r.band] }));

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
  const options = barOptions({
    scales: { y: { beginAtZero: true, max, title: { display: true, text: 'Promedio (0-100)' } } },
    tooltip: averageTooltip,
  });
  const summary = rows.map((r) => `${r.attribute}: ${r.value.toFixed(1)} (${r.band})`).join('. ');
  return (
    <Box>
      <ChartScroller label="Gráfica de promedios por atributo">
        <Box miw={chartMinWidth(rows.length)} h={380} pos="relative">
          <Bar
            data={data}
            options={options}
            plugins={PLUGINS}
            role="img"
            aria-label={`Gráfica de barras de promedios por atributo. ${summary}`}
          />
        </Box>
      </ChartScroller>
      <ChartLegend items={LEGEND} />
      <ChartDataTable
        rows={rows}
        rowKey={(r) => r.attribute}
        rowHeader={{ header: 'Atributo', cell: attributeTitle }}
        columns={[
          { key: 'average', header: 'Promedio', cell: (r) => r.value.toFixed(1), attributes: { 'data-average': true } },
          { key: 'band', header: 'Nivel', cell: (r) => (r.graded ? r.band : `${r.band} (sin calificaciones)`) },
        ]}
        caption={`Promedio por atributo de ${report.alumno.full_name}`}
        minWidth={600}
        mt="md"
        striped
        aria-label="Datos de la gráfica del alumno"
      />
    </Box>
  );
}

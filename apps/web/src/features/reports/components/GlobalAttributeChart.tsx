import { Box, VisuallyHidden } from '@mantine/core';
import type { Plugin } from 'chart.js';
import { useMemo } from 'react';
import { Bar } from 'react-chartjs-2';
import { averageTooltip, barOptions, valueLabels } from './chart-setup';
import { ChartDataTable } from './ChartDataTable';
import { ChartLegend } from './ChartLegend';
import { GLOBAL_BAND_LEGEND, GLOBAL_BAND_SWATCH, GLOBAL_BAND_TINT, globalChartRows } from './global-chart-data';
import { ChartScroller, chartMinWidth } from '../../../components/ChartScroller';

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

const OPTIONS = barOptions({
  // Room above a bar near 100 for its value label.
  layout: { padding: { top: 20 } },
  scales: { y: { min: 0, max: 100, ticks: { stepSize: 10 }, title: { display: true, text: 'Promedio (0-100)' } } },
  tooltip: averageTooltip,
});

const PLUGINS = [bands, valueLabels((v) => v.toFixed(1), 'above')];

const LEGEND = GLOBAL_BAND_LEGEND.map((b) => ({ key: b.band, label: b.label, swatch: GLOBAL_BAND_SWATCH[b.band] }));

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
          <Bar data={data} options={OPTIONS} plugins={PLUGINS} />
        </Box>
      </ChartScroller>
      <ChartLegend items={LEGEND} />
      <ChartDataTable
        rows={rows}
        rowKey={(r) => r.attribute}
        rowHeader={{ header: 'Atributo', cell: (r) => r.attribute }}
        columns={[
          { key: 'average', header: 'Promedio', cell: (r) => r.value.toFixed(1) },
          { key: 'band', header: 'Nivel', cell: (r) => r.band },
        ]}
        caption={
          <>
            <VisuallyHidden>Datos de la gráfica: </VisuallyHidden>promedio global por atributo
          </>
        }
        minWidth={320}
        mt="md"
        striped
        data-testid="global-chart-table"
      />
    </Box>
  );
}

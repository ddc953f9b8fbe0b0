import { Box, VisuallyHidden } from '@mantine/core';
import { useMemo } from 'react';
import { Bar } from 'react-chartjs-2';
import {
  BAND_SWATCH,
  BAND_TINT,
  averageBars,
  averageTooltip,
  bandBackground,
  bandFill,
  barOptions,
  valueLabels,
} from './chart-setup';
import { AttributeBarChart } from './AttributeBarChart';
import { GLOBAL_BAND_LEGEND, globalChartRows } from './global-chart-data';

const OPTIONS = barOptions({
  // Room above a bar near 100 for its value label.
  layout: { padding: { top: 20 } },
  scales: { y: { min: 0, max: 100, ticks: { stepSize: 10 }, title: { display: true, text: 'Promedio (0-100)' } } },
  tooltip: averageTooltip,
});

const PLUGINS = [bandBackground(GLOBAL_BAND_LEGEND, BAND_TINT, false), valueLabels((v) => v.toFixed(1), 'above')];

const LEGEND = GLOBAL_BAND_LEGEND.map((b) => ({ key: b.band, label: b.label, swatch: BAND_SWATCH[b.band] }));

/** 'Promedios Globales por Atributo de Egreso': one bar per attribute in its band's colour over the bands, with its data table. */
export function GlobalAttributeChart({
  atributos,
}: {
  atributos: ReadonlyArray<{ atributo: string; promedio: number | null }>;
}) {
  const rows = useMemo(() => globalChartRows(atributos), [atributos]);
  const data = averageBars(rows, (r) => bandFill(r.band), { borderColor: '#222', maxBarThickness: 72 });
  return (
    <Box>
      <AttributeBarChart
        label="Gráfica de promedios globales por atributo"
        chart={<Bar data={data} options={OPTIONS} plugins={PLUGINS} />}
        decorative
        legend={LEGEND}
        rows={rows}
        attribute={(r) => r.attribute}
        columns={[
          { key: 'average', header: 'Promedio', cell: (r) => r.value.toFixed(1) },
          { key: 'band', header: 'Nivel', cell: (r) => r.band },
        ]}
        caption={
          <>
            <VisuallyHidden>Datos de la gráfica: </VisuallyHidden>promedio global por atributo
          </>
        }
        tableMinWidth={320}
        tableTestId="global-chart-table"
      />
    </Box>
  );
}

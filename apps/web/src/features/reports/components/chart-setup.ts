import {
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  Tooltip,
  type ChartOptions,
  type Plugin,
  type TooltipItem,
} from 'chart.js';
import { BAND_COLORS, gradeBand, type Band } from '@egreso/domain';

// Only what the report's bar charts use, so the chunk stays small.
Chart.register(BarElement, CategoryScale, LinearScale, Tooltip, Legend);

/** Light tints of the bands' colours (`BAND_COLORS`), painted behind bars of averages. */
export const BAND_TINT = {
  Insuficiente: 'rgba(198, 40, 40, 0.14)',
  Suficiente: 'rgba(246, 195, 67, 0.22)',
  Sobresaliente: 'rgba(27, 94, 32, 0.14)',
} as const;

/**
 * Paints the bands behind the bars, each from its minimum to its maximum (the top one up to the axis' top); `named`
 * also writes each band's name at its right edge, so the bands read without colour.
 */
export function bandBackground(
  bands: ReadonlyArray<{ band: Band; min: number; max: number }>,
  tint: Record<Band, string>,
  named: boolean,
): Plugin<'bar'> {
  return {
    id: 'bandBackground',
    beforeDatasetsDraw(chart) {
      const { ctx, chartArea, scales } = chart;
      const y = scales.y!;
      ctx.save();
      for (const range of bands) {
        const top = y.getPixelForValue(range.max === 100 ? Math.max(100, Number(y.max)) : range.max);
        ctx.fillStyle = tint[range.band];
        ctx.fillRect(chartArea.left, top, chartArea.right - chartArea.left, y.getPixelForValue(range.min) - top);
        if (!named) continue;
        ctx.fillStyle = '#333';
        ctx.font = '600 11px system-ui, sans-serif';
        ctx.textAlign = 'right';
        ctx.textBaseline = 'top';
        ctx.fillText(range.band, chartArea.right - 4, top + 3);
      }
      ctx.restore();
    },
  };
}

/** Diagonal white stripes over a colour: a fill that differs from the others by shape, not only by colour. */
export function hatched(color: string): CanvasPattern | string {
  const tile = document.createElement('canvas');
  tile.width = 8;
  tile.height = 8;
  const ctx = tile.getContext('2d');
  if (!ctx) return color;
  ctx.fillStyle = color;
  ctx.fillRect(0, 0, 8, 8);
  ctx.strokeStyle = 'rgba(255, 255, 255, 0.75)';
  ctx.lineWidth = 2;
  ctx.beginPath();
  ctx.moveTo(0, 8);
  ctx.lineTo(8, 0);
  ctx.moveTo(-2, 2);
  ctx.lineTo(2, -2);
  ctx.moveTo(6, 10);
  ctx.lineTo(10, 6);
  ctx.stroke();
  return ctx.createPattern(tile, 'repeat') ?? color;
}

let fills: Record<Band, CanvasPattern | string> | null = null;

/**
 * How a chart fills a band, the one place charts colour bands: the band's colour (`BAND_COLORS`), Insuficiente hatched
 * as well so it differs from the others by shape, not only by colour.
 */
export function bandFill(band: Band): CanvasPattern | string {
  fills ??= { ...BAND_COLORS, Insuficiente: hatched(BAND_COLORS.Insuficiente) };
  return fills[band];
}

/** The fill of a bar whose height is a 0-100 value: its band's (69.9 Insuficiente, 70 Suficiente, 90 Sobresaliente). */
export function valueFill(value: number): CanvasPattern | string {
  const band = gradeBand(value);
  return bandFill(band === 'S/C' ? 'Insuficiente' : band);
}

/** A legend's swatch of a band (CSS), drawn as the chart fills it: Insuficiente hatched. */
export const BAND_SWATCH: Record<Band, string> = {
  ...BAND_COLORS,
  Insuficiente: `repeating-linear-gradient(-45deg, ${BAND_COLORS.Insuficiente} 0 4px, rgba(255, 255, 255, 0.75) 4px 6px)`,
};

/**
 * Where a bar's value is written, so values never depend on reading colours or hovering:
 * - `centre`: in the middle of the bar, where it fits (the stacked and the one-student bars);
 * - `above`: over the top of the bar (bars drawn over tinted bands);
 * - `top`: inside the top of a tall bar, above a short one, clear of a target line drawn across it.
 */
export type LabelPlacement = 'centre' | 'above' | 'top';

type BarBox = { x: number; y: number; base: number };
type LabelSpot = { y: number; baseline: CanvasTextBaseline; color: string };

const PLACE: Record<LabelPlacement, (value: number, bar: BarBox, fill: string) => LabelSpot | null> = {
  centre: (value, bar, fill) =>
    !value || Math.abs(bar.base - bar.y) < 14
      ? null
      : {
          y: (bar.y + bar.base) / 2,
          baseline: 'middle',
          color: fill === BAND_COLORS.Suficiente || fill.startsWith('rgba') ? '#111' : '#fff',
        },
  above: (_value, bar) => ({ y: bar.y - 2, baseline: 'bottom', color: '#1a1b1e' }),
  top: (_value, bar) =>
    bar.base - bar.y >= 22
      ? { y: bar.y + 5, baseline: 'top', color: '#fff' }
      : { y: bar.y - 2, baseline: 'bottom', color: '#000' },
};

/** Writes each bar's value on or over it (a chart's line datasets are left alone; a missing value writes nothing). */
export function valueLabels(format: (value: number) => string, placement: LabelPlacement = 'centre'): Plugin<'bar'> {
  return {
    id: 'valueLabels',
    afterDatasetsDraw(chart) {
      const { ctx } = chart;
      ctx.save();
      ctx.font = placement === 'above' ? '600 12px system-ui, sans-serif' : '600 11px system-ui, sans-serif';
      ctx.textAlign = 'center';
      chart.data.datasets.forEach((dataset, di) => {
        const meta = chart.getDatasetMeta(di);
        if (meta.hidden || meta.type !== 'bar') return;
        meta.data.forEach((bar, i) => {
          const value = dataset.data[i];
          if (typeof value !== 'number') return;
          const box = bar.getProps(['x', 'y', 'base'], true) as BarBox;
          const fill = Array.isArray(dataset.backgroundColor) ? dataset.backgroundColor[i] : dataset.backgroundColor;
          const spot = PLACE[placement](value, box, String(fill));
          if (!spot) return;
          ctx.fillStyle = spot.color;
          ctx.textBaseline = spot.baseline;
          ctx.fillText(format(value), box.x, spot.y);
        });
      });
      ctx.restore();
    },
  };
}

/**
 * The options the report's bar charts share: they fill the box the page sizes, draw at once (a printout has no time
 * for an animation), and leave their legend to the page, written under the chart so a phone that scrolls the chart
 * still shows it whole.
 */
export function barOptions({
  scales,
  tooltip,
  layout,
}: {
  scales: ChartOptions<'bar'>['scales'];
  tooltip: (item: TooltipItem<'bar'>) => string;
  layout?: ChartOptions<'bar'>['layout'];
}): ChartOptions<'bar'> {
  return {
    responsive: true,
    maintainAspectRatio: false,
    animation: false,
    ...(layout ? { layout } : {}),
    scales,
    plugins: { legend: { display: false }, tooltip: { callbacks: { label: tooltip } } },
  };
}

/** The tooltip of a bar that is an average on 0-100. */
export const averageTooltip = (item: TooltipItem<'bar'>) => `Promedio: ${Number(item.raw).toFixed(1)}`;

/**
 * The data of a chart with a 'Promedio' bar per attribute, each bar in its band's colour (as the legend under the
 * chart says), with a dark outline.
 */
export function averageBars<R extends { attribute: string; value: number }>(
  rows: readonly R[],
  fill: (row: R) => CanvasPattern | string,
  look: { borderColor: string; maxBarThickness: number },
) {
  return {
    labels: rows.map((r) => r.attribute),
    datasets: [
      {
        label: 'Promedio',
        data: rows.map((r) => r.value),
        backgroundColor: rows.map(fill),
        borderWidth: 1,
        ...look,
      },
    ],
  };
}

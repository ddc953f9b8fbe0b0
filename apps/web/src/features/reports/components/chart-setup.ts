import { BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip, type Plugin } from 'chart.js';

// Only what the report's bar charts use, so the chunk stays small.
Chart.register(BarElement, CategoryScale, LinearScale, Tooltip, Legend);

/** Colours of the bands, far apart in lightness so they also read printed in grey; Insuficiente is hatched too. */
export const BAND_FILL = {
  Sobresaliente: '#1b5e20',
  Suficiente: '#f6c343',
  Insuficiente: '#c62828',
} as const;

/** Light tints of the same bands, behind the one-student bars. */
export const BAND_TINT = {
  Insuficiente: 'rgba(198, 40, 40, 0.14)',
  Suficiente: 'rgba(246, 195, 67, 0.22)',
  Sobresaliente: 'rgba(27, 94, 32, 0.14)',
} as const;

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

/** Writes each bar's value on it (when it fits), so values never depend on reading colours. */
export function valueLabels(format: (value: number) => string): Plugin<'bar'> {
  return {
    id: 'valueLabels',
    afterDatasetsDraw(chart) {
      const { ctx } = chart;
      ctx.save();
      ctx.font = '600 11px system-ui, sans-serif';
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      chart.data.datasets.forEach((dataset, di) => {
        const meta = chart.getDatasetMeta(di);
        if (meta.hidden) return;
        meta.data.forEach((bar, i) => {
          const value = Number(dataset.data[i] ?? 0);
          const { x, y, base } = bar.getProps(['x', 'y', 'base'], true) as { x: number; y: number; base: number };
          const height = Math.abs(base - y);
          if (!value || height < 14) return;
          const fill = String(dataset.backgroundColor);
          ctx.fillStyle = fill === BAND_FILL.Suficiente || fill.startsWith('rgba') ? '#111' : '#fff';
          ctx.fillText(format(value), x, (y + base) / 2);
        });
      });
      ctx.restore();
    },
  };
}

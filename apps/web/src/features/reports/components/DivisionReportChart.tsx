import { BarElement, CategoryScale, Chart as ChartJS, Legend, LinearScale, Tooltip } from 'chart.js';
import { Bar } from 'react-chartjs-2';
import { bandFill } from './chart-setup';
import type { DivisionSummaryAttribute } from '@egreso/domain';
import { BAND_ORDER, bandCount } from './division-report';
import { ChartScroller } from '../../../components/ChartScroller';

ChartJS.register(CategoryScale, LinearScale, BarElement, Tooltip, Legend);

/**
 * All attributes: one stacked bar per attribute (records by band). One attribute: the 3-bar distribution.
 * At least 600 × 380 px (spec); a narrower screen scrolls it sideways.
 */
export function DivisionReportChart({
  attributes,
  single,
}: {
  attributes: readonly DivisionSummaryAttribute[];
  single: boolean;
}) {
  const first = attributes[0];
  const counts = (a: DivisionSummaryAttribute) => BAND_ORDER.map((b) => `${b} ${bandCount(a.bands, b)}`).join(', ');
  const label = single
    ? `Distribución por banda de ${first?.label ?? ''}: ${first ? counts(first) : ''}`
    : `Registros por banda de cada atributo: ${attributes.map((a) => `${a.label} (${counts(a)})`).join('; ')}`;
  const data = single
    ? {
        labels: [...BAND_ORDER],
        datasets: [
          {
            label: 'Registros',
            data: BAND_ORDER.map((b) => (first ? bandCount(first.bands, b) : 0)),
            backgroundColor: BAND_ORDER.map(bandFill),
          },
        ],
      }
    : {
        labels: attributes.map((a) => a.label),
        datasets: BAND_ORDER.map((b) => ({
          label: b,
          data: attributes.map((a) => bandCount(a.bands, b)),
          backgroundColor: bandFill(b),
        })),
      };
  const stacked = !single;
  return (
    <ChartScroller label="Gráfica del reporte">
      <div style={{ position: 'relative', minWidth: 600, minHeight: 380, height: 380 }}>
        <Bar
          role="img"
          aria-label={label}
          data={data}
          options={{
            responsive: true,
            maintainAspectRatio: false,
            animation: false,
            plugins: { legend: { display: !single, position: 'bottom' } },
            scales: {
              x: { stacked },
              y: { stacked, beginAtZero: true, ticks: { precision: 0 }, title: { display: true, text: 'Registros' } },
            },
          }}
        />
      </div>
    </ChartScroller>
  );
}

import { BarElement, CategoryScale, Chart as ChartJS, Legend, LinearScale, Tooltip } from 'chart.js';
import { Bar } from 'react-chartjs-2';
import { bandFill } from './chart-setup';
import { BAND_ORDER, type AttributeTally } from './division-report';
import { ChartScroller } from '../../../components/ChartScroller';

ChartJS.register(CategoryScale, LinearScale, BarElement, Tooltip, Legend);

/**
 * All attributes: one stacked bar per attribute (records by band). One attribute: the 3-bar distribution.
 * At least 600 × 380 px (spec); a narrower screen scrolls it sideways.
 */
export function DivisionReportChart({ attributes, single }: { attributes: AttributeTally[]; single: boolean }) {
  const label = single
    ? `Distribución por banda de ${attributes[0]?.attribute_name ?? ''}: ${BAND_ORDER.map((b) => `${b} ${attributes[0]?.bands[b] ?? 0}`).join(', ')}`
    : `Registros por banda de cada atributo: ${attributes.map((a) => `${a.attribute_name} (${BAND_ORDER.map((b) => `${b} ${a.bands[b]}`).join(', ')})`).join('; ')}`;
  const data = single
    ? {
        labels: [...BAND_ORDER],
        datasets: [
          {
            label: 'Registros',
            data: BAND_ORDER.map((b) => attributes[0]?.bands[b] ?? 0),
            backgroundColor: BAND_ORDER.map(bandFill),
          },
        ],
      }
    : {
        labels: attributes.map((a) => a.attribute_name),
        datasets: BAND_ORDER.map((b) => ({
          label: b,
          data: attributes.map((a) => a.bands[b]),
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

import { Box } from '@mantine/core';
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  type ChartData,
  type ChartOptions,
} from 'chart.js';
import { Chart } from 'react-chartjs-2';
import type { EvidenceAttribute } from '@egreso/domain';
import { valueLabels } from './chart-setup';
import { ChartDataTable } from './ChartDataTable';
import { pct } from './evidence-format';

ChartJS.register(
  BarController,
  BarElement,
  LineController,
  LineElement,
  PointElement,
  CategoryScale,
  LinearScale,
  Tooltip,
  Legend,
);

/** Dark navy: no band's colour, dark enough that the bar and the black dashed target stay apart printed in grey. */
const SHARE_FILL = '#1f3f77';

/** Each bar's share written clear of the target line, so the chart reads printed in grey and without hovering. */
const PLUGINS = [valueLabels(pct, 'top')];

const OPTIONS: ChartOptions<'bar'> = {
  responsive: true,
  maintainAspectRatio: false,
  animation: false,
  layout: { padding: { top: 18 } },
  scales: {
    y: {
      min: 0,
      max: 100,
      ticks: { stepSize: 20, color: '#000' },
      title: { display: true, text: '% en Suficiente o más', color: '#000' },
    },
    x: { ticks: { color: '#000' } },
  },
  plugins: {
    legend: { position: 'bottom', labels: { color: '#000', usePointStyle: true } },
    tooltip: { callbacks: { label: (c) => `${c.dataset.label}: ${pct(Number(c.raw))}` } },
  },
};

type Trend = EvidenceAttribute['trend'];

/**
 * Per period, the share of the cohort's rated students at Suficiente or above (bars) against that period's target (a
 * dashed line), with the data table under it. Dark bars and a black dashed line stay apart printed in grey.
 */
export function EvidenceTrendChart({ attribute, trend }: { attribute: string; trend: Trend }) {
  const data: ChartData<'bar' | 'line', Array<number | null>, string> = {
    labels: trend.map((t) => t.period_name),
    datasets: [
      {
        type: 'bar',
        label: '% en Suficiente o más',
        data: trend.map((t) => (t.students.total > 0 ? t.verdict.share : null)),
        // A share of two bands, not a band: a neutral colour, so the page's legend of bands is not read into it.
        backgroundColor: SHARE_FILL,
        borderColor: '#000',
        borderWidth: 1,
        maxBarThickness: 56,
        // Drawn under the target, which a single period's bar would otherwise hide.
        order: 1,
      },
      {
        type: 'line',
        label: 'Meta',
        data: trend.map((t) => t.verdict.target),
        borderColor: '#000',
        backgroundColor: '#fff',
        borderDash: [6, 4],
        borderWidth: 2,
        pointStyle: 'rectRot',
        pointRadius: 5,
        order: 0,
      },
    ],
  };
  const summary = trend
    .map(
      (t) =>
        `${t.period_name}: ${t.students.total > 0 ? pct(t.verdict.share) : 'sin datos'}, meta ${t.verdict.target} %`,
    )
    .join('; ');
  return (
    <Box data-print="keep">
      <Box className="evidence-chart" h={260} pos="relative" maw={720}>
        <Chart
          type="bar"
          data={data as ChartData<'bar', Array<number | null>, string>}
          options={OPTIONS}
          plugins={PLUGINS}
          role="img"
          aria-label={`Tendencia de ${attribute} por periodo. ${summary}`}
        />
      </Box>
      <ChartDataTable
        rows={trend}
        rowKey={(t) => t.period_id}
        rowHeader={{ header: 'Periodo', cell: (t) => t.period_name }}
        columns={[
          { key: 'students', header: 'Alumnos con datos', cell: (t) => t.students.total },
          {
            key: 'share',
            header: '% en Suficiente o más',
            cell: (t) => (t.students.total > 0 ? pct(t.verdict.share) : '-'),
            attributes: { className: 'evidence-nowrap' },
          },
          {
            key: 'target',
            header: 'Meta',
            cell: (t) => `${t.verdict.target} %`,
            attributes: { className: 'evidence-nowrap' },
          },
        ]}
        fz="sm"
        mt="xs"
        maw={720}
        aria-label={`Tendencia de ${attribute}`}
      />
    </Box>
  );
}

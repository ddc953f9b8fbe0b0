import { Box, Table } from '@mantine/core';
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
  type Plugin,
} from 'chart.js';
import { Chart } from 'react-chartjs-2';
import type { EvidenceAttribute } from '@egreso/domain';
import { BAND_FILL } from './chart-setup';
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

/**
 * Each bar's share written on it (white inside the top of the bar, black above a short one), clear of the target line,
 * so the chart reads printed in grey and without hovering.
 */
const shareLabels: Plugin<'bar'> = {
  id: 'evidenceShareLabels',
  afterDatasetsDraw(chart) {
    const { ctx } = chart;
    ctx.save();
    ctx.font = '600 11px system-ui, sans-serif';
    ctx.textAlign = 'center';
    chart.getDatasetMeta(0).data.forEach((bar, i) => {
      const value = chart.data.datasets[0]!.data[i];
      if (typeof value !== 'number') return;
      const { x, y, base } = bar.getProps(['x', 'y', 'base'], true) as { x: number; y: number; base: number };
      const inside = base - y >= 22;
      ctx.fillStyle = inside ? '#fff' : '#000';
      ctx.textBaseline = inside ? 'top' : 'bottom';
      ctx.fillText(pct(value), x, inside ? y + 5 : y - 2);
    });
    ctx.restore();
  },
};

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
        backgroundColor: BAND_FILL.Sobresaliente,
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
          plugins={[shareLabels]}
          role="img"
          aria-label={`Tendencia de ${attribute} por periodo. ${summary}`}
        />
      </Box>
      <Table withTableBorder fz="sm" mt="xs" maw={720} aria-label={`Tendencia de ${attribute}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Periodo</Table.Th>
            <Table.Th scope="col">Alumnos con datos</Table.Th>
            <Table.Th scope="col">% en Suficiente o más</Table.Th>
            <Table.Th scope="col">Meta</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {trend.map((t) => (
            <Table.Tr key={t.period_id}>
              <Table.Th scope="row" fw={500}>
                {t.period_name}
              </Table.Th>
              <Table.Td>{t.students.total}</Table.Td>
              <Table.Td className="evidence-nowrap">{t.students.total > 0 ? pct(t.verdict.share) : '-'}</Table.Td>
              <Table.Td className="evidence-nowrap">{`${t.verdict.target} %`}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Box>
  );
}

/*
 * jsdom draws no canvas: in the component tests every chart of react-chartjs-2 is this stub (test/setup.ts mocks the
 * module for every file), an image with the chart's accessible name and the data it was given, readable from the
 * DOM (`data-chart`) and from `drawnCharts` (each drawing's datasets, in order; emptied after each test).
 */
type ChartProps = { 'aria-label'?: string; data: { datasets: unknown[] } };

export const drawnCharts: unknown[][] = [];

function ChartStub(props: ChartProps) {
  drawnCharts.push(props.data.datasets);
  return <div role="img" aria-label={props['aria-label']} data-chart={JSON.stringify(props.data)} />;
}

export const chartStubModule = { Bar: ChartStub, Chart: ChartStub };

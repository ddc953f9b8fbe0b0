import { PendingPage } from '../../../components/PendingPage';

export default function ViewReportPage() {
  return <PendingPage title="Reporte gráfico" />;
}

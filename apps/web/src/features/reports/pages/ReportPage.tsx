import { PendingPage } from '../../../components/PendingPage';

export default function ReportPage() {
  return <PendingPage title="Reportes avanzados" />;
}

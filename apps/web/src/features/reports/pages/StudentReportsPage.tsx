import { PendingPage } from '../../../components/PendingPage';

export default function StudentReportsPage() {
  return <PendingPage title="Reportes Generales" />;
}

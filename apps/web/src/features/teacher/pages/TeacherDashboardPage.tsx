import { PendingPage } from '../../../components/PendingPage';

export default function TeacherDashboardPage() {
  return <PendingPage title="Panel de Maestros" />;
}

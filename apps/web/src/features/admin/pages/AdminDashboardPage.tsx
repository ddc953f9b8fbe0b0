import { PendingPage } from '../../../components/PendingPage';

export default function AdminDashboardPage() {
  return <PendingPage title="Panel de administración" />;
}

import { PendingPage } from '../../../components/PendingPage';

export default function ChiefDashboardPage() {
  return <PendingPage title="Panel del jefe de división" />;
}

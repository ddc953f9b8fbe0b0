import { PendingPage } from '../../../components/PendingPage';

export default function PeriodsPage() {
  return <PendingPage title="Gestionar periodos" />;
}

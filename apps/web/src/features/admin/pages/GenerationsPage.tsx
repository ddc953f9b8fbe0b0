import { PendingPage } from '../../../components/PendingPage';

export default function GenerationsPage() {
  return <PendingPage title="Gestionar generaciones" />;
}

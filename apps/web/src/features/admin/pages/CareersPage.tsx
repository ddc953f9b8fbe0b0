import { PendingPage } from '../../../components/PendingPage';

export default function CareersPage() {
  return <PendingPage title="Gestión de carreras" />;
}

import { PendingPage } from '../../../components/PendingPage';

export default function AssignmentsPage() {
  return <PendingPage title="Asignaciones" />;
}

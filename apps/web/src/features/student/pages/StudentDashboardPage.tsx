import { PendingPage } from '../../../components/PendingPage';

export default function StudentDashboardPage() {
  return <PendingPage title="Panel del alumno" />;
}

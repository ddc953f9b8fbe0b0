import { PendingPage } from '../../../components/PendingPage';

export default function StudentsPage() {
  return <PendingPage title="Alta de alumnos" />;
}

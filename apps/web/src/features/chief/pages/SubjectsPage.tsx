import { PendingPage } from '../../../components/PendingPage';

export default function SubjectsPage() {
  return <PendingPage title="Alta de materias" />;
}

import { PendingPage } from '../../../components/PendingPage';

export default function TeachersPage() {
  return <PendingPage title="Alta de profesores" />;
}

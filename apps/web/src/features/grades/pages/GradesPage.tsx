import { PendingPage } from '../../../components/PendingPage';

export default function GradesPage() {
  return <PendingPage title="Mis calificaciones" />;
}

import { PendingPage } from '../../../components/PendingPage';

export default function RatingsPage() {
  return <PendingPage title="Calificar actividades" />;
}

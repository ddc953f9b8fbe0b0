import { PendingPage } from '../../../components/PendingPage';

export default function ActivitiesPage() {
  return <PendingPage title="Matriz de Evidencias de Aprendizaje por Atributo" />;
}

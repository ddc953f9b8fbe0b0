import { PendingPage } from '../../../components/PendingPage';

export default function CriteriaPage() {
  return <PendingPage title="Rúbrica y Matriz de Evaluación" />;
}

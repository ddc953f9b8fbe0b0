import { PendingPage } from '../../../components/PendingPage';

export default function SelectionPage() {
  return <PendingPage title="Selecciona tus materias" />;
}

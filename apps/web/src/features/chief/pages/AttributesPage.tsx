import { PendingPage } from '../../../components/PendingPage';

export default function AttributesPage() {
  return <PendingPage title="Alta de atributos" />;
}

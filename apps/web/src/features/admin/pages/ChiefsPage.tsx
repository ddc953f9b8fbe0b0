import { PendingPage } from '../../../components/PendingPage';

export default function ChiefsPage() {
  return <PendingPage title="Jefes de División" />;
}

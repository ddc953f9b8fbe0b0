import { PendingPage } from '../../../components/PendingPage';

export default function AccountPage() {
  return <PendingPage title="Mi cuenta" />;
}

import { PendingPage } from '../../../components/PendingPage';

export default function GroupsPage() {
  return <PendingPage title="Alta de grupos" />;
}

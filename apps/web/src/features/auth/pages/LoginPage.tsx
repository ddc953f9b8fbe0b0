import { PendingPage } from '../../../components/PendingPage';

export default function LoginPage() {
  return <PendingPage title="Iniciar sesión" />;
}

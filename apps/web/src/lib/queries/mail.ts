import { useQuery } from '@tanstack/react-query';
import { api } from '../api';
import { queryKeys } from '../query-keys';

/** GET /auth/mail: whether the institution has mail (the login page then offers '¿Olvidaste tu contraseña?'). */
export async function mailEnabled(): Promise<boolean> {
  const answer = await api<{ enabled?: unknown }>('/auth/mail');
  return answer.enabled === true;
}

/** Whether the institution has mail: read once per page load (a setting of the server, not of any record). */
export const useMailEnabled = () =>
  useQuery({ queryKey: queryKeys.auth.mail(), queryFn: mailEnabled, retry: false, staleTime: Infinity });

import { OIDC_REFUSALS, type OidcRefusal } from '@egreso/domain';
import { api } from '../../../lib/api';
import { parseLoginAnswer, type LoginResult } from './login';

/** Where the button sends the browser: the server answers with a redirect to the institution's provider. */
export const OIDC_START_PATH = '/api/auth/oidc/start';

/** GET /auth/oidc: whether institutional sign-in is configured. */
export async function oidcEnabled(): Promise<boolean> {
  const answer = await api<{ enabled?: unknown }>('/auth/oidc');
  return answer.enabled === true;
}

/** POST /auth/oidc/exchange: the one-time code becomes the session, like a password sign-in's answer. */
export async function exchangeOidcCode(code: string): Promise<LoginResult> {
  return parseLoginAnswer(await api<unknown>('/auth/oidc/exchange', { method: 'POST', body: { code } }));
}

export type OidcReturn = { kind: 'code'; code: string } | { kind: 'error'; message: string } | null;

/**
 * What the server left in the login page's fragment after the provider (a one-time code or a refusal), read once:
 * the fragment is removed from the address (and from the history entry) at once.
 */
export function takeOidcReturn(): OidcReturn {
  const hash = window.location.hash.replace(/^#/, '');
  if (!hash) return null;
  const params = new URLSearchParams(hash);
  const code = params.get('oidc');
  const error = params.get('oidc_error');
  if (code === null && error === null) return null;
  window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  if (code) return { kind: 'code', code };
  const known = error !== null && Object.hasOwn(OIDC_REFUSALS, error);
  return { kind: 'error', message: OIDC_REFUSALS[known ? (error as OidcRefusal) : 'failed'] };
}

import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { LinkInfo, LinkPasswordBody } from '@egreso/domain';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';
import { parseLoginAnswer, type LoginResult } from './login';

/** POST /auth/forgot-password: the same answer whether the address has an account or not. */
export function requestReset(email: string): Promise<{ message: string }> {
  return api<{ message: string }>('/auth/forgot-password', { method: 'POST', body: { email } });
}

/** POST /auth/link: what the link is for and whose it is; nothing is spent. */
export function readLink(token: string): Promise<LinkInfo> {
  return api<LinkInfo>('/auth/link', { method: 'POST', body: { token } });
}

/** POST /auth/link/password: the owner's password; the link is spent and the answer is a new session. */
export async function setPasswordByLink(body: LinkPasswordBody): Promise<LoginResult> {
  return parseLoginAnswer(await api<unknown>('/auth/link/password', { method: 'POST', body }));
}

/** POST /auth/link/email: confirms a new e-mail; every session of the account ends. */
export function confirmEmail(token: string): Promise<{ message: string }> {
  return api<{ message: string }>('/auth/link/email', { method: 'POST', body: { token } });
}

/**
 * The token a mailed link carries in its fragment (#token=…), which a browser never sends to a server. Read on
 * arrival; `forgetLinkToken` then takes it out of the address and the history.
 */
export function linkTokenOf(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  return token && token.trim() ? token.trim() : null;
}

export function forgetLinkToken(): void {
  if (window.location.hash)
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
}

/**
 * The link a mailed page was opened with: its token, read once from the address's fragment (which then forgets it),
 * and what the server says the link is for; nothing is spent.
 */
export function useMailLink() {
  const [token] = useState(() => linkTokenOf(window.location.hash));
  useEffect(forgetLinkToken, []);
  const link = useQuery({
    queryKey: queryKeys.auth.link(token),
    queryFn: () => readLink(token!),
    enabled: token !== null,
    retry: false,
    staleTime: Infinity,
  });
  return { token, link };
}

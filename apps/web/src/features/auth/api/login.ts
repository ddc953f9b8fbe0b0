import { MSG } from '@egreso/domain';
import { ApiError, api } from '../../../lib/api';
import type { StoredUser } from '../../../lib/session';

export interface LoginInput {
  email: string;
  password: string;
}

export interface LoginResult {
  token: string;
  user: StoredUser;
  /** 1 man, 2 woman, null unknown: the welcome agrees with it. */
  gender: number | null;
  /** The password was set by someone else: the user changes it before anything else. */
  mustChangePassword: boolean;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Reads the login answer defensively: the user may carry rol or role, full_name or name.
 * The role is kept as sent (NaN when absent) so the page can say it is unknown.
 */
export function parseLoginAnswer(data: unknown): LoginResult {
  if (!isObject(data) || typeof data.token !== 'string' || data.token === '') throw new Error(MSG.invalidServerAnswer);
  const user = data.user;
  if (!isObject(user) || user.id === undefined || user.id === null || user.id === '')
    throw new Error(MSG.missingUserInAnswer);
  const id = Number(user.id);
  if (!Number.isInteger(id) || id <= 0) throw new Error(MSG.missingUserInAnswer);
  const rawRole = user.rol ?? user.role;
  const rol = rawRole === null || rawRole === undefined || rawRole === '' ? Number.NaN : Number(rawRole);
  const fullName = user.full_name ?? user.name;
  return {
    token: data.token,
    user: {
      id,
      full_name: typeof fullName === 'string' ? fullName : '',
      ...(typeof user.email === 'string' ? { email: user.email } : {}),
      rol,
    },
    gender: user.gender === 1 || user.gender === 2 ? user.gender : null,
    mustChangePassword: data.must_change_password === true,
  };
}

/** POST /login. A body that is not JSON counts as an invalid answer, not as a parsing error. */
export async function login(input: LoginInput): Promise<LoginResult> {
  let data: unknown;
  try {
    data = await api<unknown>('/login', { method: 'POST', body: input });
  } catch (err) {
    if (err instanceof SyntaxError) throw new Error(MSG.invalidServerAnswer);
    throw err;
  }
  return parseLoginAnswer(data);
}

/**
 * The spec's chain: the server's message, else its error (the API client already prefers message over error),
 * else the client error message, else the generic connection text.
 */
export function loginErrorMessage(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.status === 0) return MSG.connectionError;
    // Without a server text the client's own message is all there is: say it in words, not as a bare code.
    return err.message && !/^Error \d+$/.test(err.message)
      ? err.message
      : `El servidor respondió con un error (${err.status}).`;
  }
  if (err instanceof Error && err.message) return err.message;
  return MSG.connectionError;
}

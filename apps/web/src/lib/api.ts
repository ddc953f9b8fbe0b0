import { MSG } from '@egreso/domain';
import { clearSession, getToken, setMustChangePassword } from './session';

/** An API failure: the HTTP status, the server's Spanish message and its per-field errors. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: Record<string, string[]> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type Query = Record<string, string | number | boolean | null | undefined>;

export function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

interface RequestOptions {
  method?: string;
  body?: unknown;
  query?: Query;
  signal?: AbortSignal;
}

/** Listeners told when the server rejects the token, so the app can send the user to /login. */
const unauthorizedListeners = new Set<() => void>();
export function onUnauthorized(fn: () => void): () => void {
  unauthorizedListeners.add(fn);
  return () => unauthorizedListeners.delete(fn);
}

/** The server refused the stored token: forget the session and tell the app (it goes to /login). */
export function sessionRefused(): void {
  if (!getToken()) return;
  clearSession();
  for (const fn of unauthorizedListeners) fn();
}

/** Listeners told when the server asks for the password change first, so the app opens that screen. */
const passwordChangeListeners = new Set<() => void>();
export function onPasswordChangeRequired(fn: () => void): () => void {
  passwordChangeListeners.add(fn);
  return () => passwordChangeListeners.delete(fn);
}

async function send(path: string, opts: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  try {
    return await fetch(withQuery(`/api${path}`, opts.query), {
      method: opts.method ?? 'GET',
      headers,
      body,
      signal: opts.signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, MSG.connectionError);
  }
}

/**
 * The one decoding of a failed answer, whatever carried it (fetch or an upload): the server's message and per-field
 * errors from its JSON body; a 401 ends the session and a required password change opens that screen.
 */
export function failureOf(status: number, body: unknown): ApiError {
  let message = '';
  let errors: Record<string, string[]> = {};
  if (body && typeof body === 'object') {
    const data = body as { message?: string; error?: string; errors?: unknown };
    message = data.message ?? data.error ?? '';
    // Per-field errors are an object; an import's row list is not one.
    if (data.errors && typeof data.errors === 'object' && !Array.isArray(data.errors))
      errors = data.errors as Record<string, string[]>;
  }
  if (status === 401) sessionRefused();
  if (status === 403 && message === MSG.mustChangePassword) {
    setMustChangePassword(true);
    for (const fn of passwordChangeListeners) fn();
  }
  return new ApiError(status, message || `Error ${status}`, errors);
}

async function failure(res: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    // Not JSON: failureOf keeps the generic message.
  }
  return failureOf(res.status, body);
}

/** JSON request to /api with the stored bearer token; throws ApiError on failure. */
export async function api<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const res = await send(path, opts);
  if (!res.ok) throw await failure(res);
  if (res.status === 204) return undefined as T;
  return (await res.json()) as T;
}

/** Downloads a file answer (spreadsheets) and saves it with the server's file name or the fallback. */
export async function download(
  path: string,
  fallbackName: string,
  query?: Query,
  expectType?: RegExp,
): Promise<string> {
  const res = await send(path, { query });
  if (!res.ok) throw await failure(res);
  // A 200 that is not the expected file (a proxy's HTML page, say) is a failure too.
  if (expectType && !expectType.test(res.headers.get('content-type') ?? '')) throw new ApiError(res.status, '');
  const disposition = res.headers.get('content-disposition') ?? '';
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition);
  const name = match?.[1] ? decodeURIComponent(match[1]) : fallbackName;
  saveBlob(await res.blob(), name);
  return name;
}

/** Offers a blob to the browser as a download. */
export function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

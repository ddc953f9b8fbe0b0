/** The browser storage keys of the spec: token, id, user_id, name, rol, user, theme; and the first-sign-in mark. */
const KEYS = ['token', 'id', 'user_id', 'name', 'rol', 'user', 'must_change_password'] as const;

export interface StoredUser {
  id: number;
  full_name: string;
  email?: string;
  rol: number;
}

export function getToken(): string | null {
  return localStorage.getItem('token');
}

/** The stored role as a number, or null when absent or not a number. */
export function getRole(): number | null {
  const raw = localStorage.getItem('rol');
  if (raw === null || raw === '') return null;
  const n = Number(raw);
  return Number.isInteger(n) ? n : null;
}

export function getStoredUser(): StoredUser | null {
  const raw = localStorage.getItem('user');
  if (!raw) return null;
  try {
    return JSON.parse(raw) as StoredUser;
  } catch {
    return null;
  }
}

export function saveSession(token: string, user: StoredUser): void {
  localStorage.setItem('token', token);
  localStorage.setItem('id', String(user.id));
  localStorage.setItem('user_id', String(user.id));
  localStorage.setItem('name', user.full_name);
  localStorage.setItem('rol', String(user.rol));
  localStorage.setItem('user', JSON.stringify(user));
}

export function updateStoredUser(patch: Partial<StoredUser>): void {
  const current = getStoredUser();
  if (!current) return;
  const next = { ...current, ...patch };
  localStorage.setItem('user', JSON.stringify(next));
  localStorage.setItem('name', next.full_name);
}

export function clearSession(): void {
  for (const key of KEYS) localStorage.removeItem(key);
}

/** The screen that asks for the new password before anything else. */
export const FORCED_PASSWORD_PATH = '/CambiarContrasena';

/** The signed-in user must change a password someone else set before anything else (the server says so). */
export function mustChangePassword(): boolean {
  return localStorage.getItem('must_change_password') === '1';
}

export function setMustChangePassword(required: boolean): void {
  if (required) localStorage.setItem('must_change_password', '1');
  else localStorage.removeItem('must_change_password');
}

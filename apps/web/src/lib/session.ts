/**
 * The one owner of the browser's storage (the lint refuses `localStorage` anywhere else): the session the spec keeps
 * under token, id, user_id, name, rol and user, the first-sign-in mark, and the typed grades a teacher has not saved
 * yet. Mantine keeps the colour scheme under 'theme' through its own manager.
 */
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

/** The signed-in user's id (the stored user's, else the spec's 'id' key), 0 when nobody is signed in. */
export function getUserId(): number {
  return getStoredUser()?.id ?? (Number(localStorage.getItem('id') ?? 0) || 0);
}

/** The signed-in user's name as stored at sign-in (shown until `GET /me` answers). */
export function getStoredName(): string {
  return getStoredUser()?.full_name ?? localStorage.getItem('name') ?? '';
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

/**
 * Forgets the session (a refused token, say); the user's unsaved grades stay, for when they sign in again. A logout
 * goes through `useLogout` (`lib/logout.ts`), which drops them too.
 */
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

// ---------- typed grades not saved yet ----------

/**
 * Typed grades the grade grid keeps in this browser until saved, one entry per teacher and assignment (the grid's
 * `draft-storage.ts` reads and checks their shape). Logging out with some asks first and drops them; signing in as
 * someone else drops the others'.
 */
const DRAFT_PREFIX = 'calificaciones-sin-guardar:';

export function draftKey(teacherId: number, assignmentId: number): string {
  return `${DRAFT_PREFIX}${teacherId}:${assignmentId}`;
}

/** The stored text of one sheet's drafts, or null. */
export function readDraftText(teacherId: number, assignmentId: number): string | null {
  return localStorage.getItem(draftKey(teacherId, assignmentId));
}

/** Stores one sheet's drafts (null removes them); a full or blocked storage throws, as the browser does. */
export function writeDraftText(teacherId: number, assignmentId: number, text: string | null): void {
  const key = draftKey(teacherId, assignmentId);
  if (text === null) localStorage.removeItem(key);
  else localStorage.setItem(key, text);
}

function draftKeys(): Array<{ key: string; teacherId: number }> {
  const out: Array<{ key: string; teacherId: number }> = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (!key?.startsWith(DRAFT_PREFIX)) continue;
    out.push({ key, teacherId: Number(key.slice(DRAFT_PREFIX.length).split(':')[0]) });
  }
  return out;
}

/** True when this user left typed grades unsaved in this browser. */
export function hasDraftsOf(userId: number): boolean {
  return draftKeys().some((d) => d.teacherId === userId);
}

/** Drops the unsaved grades of one user (after they chose to log out without saving). */
export function clearDraftsOf(userId: number): void {
  for (const d of draftKeys()) if (d.teacherId === userId) localStorage.removeItem(d.key);
}

/** Drops every other user's unsaved grades: the next person on this browser never sees them. */
export function clearDraftsOfOthers(userId: number): void {
  for (const d of draftKeys()) if (d.teacherId !== userId) localStorage.removeItem(d.key);
}

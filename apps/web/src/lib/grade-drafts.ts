/**
 * Typed grades the grade grid keeps in this browser until saved, one entry per teacher and assignment. The session
 * code reads them too: logging out with some asks first, and signing in as someone else drops the others'.
 */
const PREFIX = 'calificaciones-sin-guardar:';

export function draftKey(teacherId: number, assignmentId: number): string {
  return `${PREFIX}${teacherId}:${assignmentId}`;
}

function draftKeys(): Array<{ key: string; teacherId: number }> {
  const out: Array<{ key: string; teacherId: number }> = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (!key?.startsWith(PREFIX)) continue;
    out.push({ key, teacherId: Number(key.slice(PREFIX.length).split(':')[0]) });
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

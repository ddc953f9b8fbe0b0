import { draftKey, readDraftText, writeDraftText } from '../../../lib/session';
import { nowIso } from '../../../lib/dates';
import type { Drafts } from './grid-model';

export { draftKey };

/** Typed grades kept in the browser until saved, with the version of each grade the grid showed. */
export interface StoredDrafts {
  drafts: Drafts;
  /** student id → activity id → the version shown when the grade was typed (0 for an empty cell). */
  versions: Record<number, Record<number, number>>;
  /** student id → the activities whose 0-10 look-alike the teacher chose to keep as typed ('Dejar 8.5'). */
  kept?: Record<number, number[]>;
  saved_at: string;
}

export function readDrafts(teacherId: number, assignmentId: number): StoredDrafts | null {
  try {
    const raw = readDraftText(teacherId, assignmentId);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as StoredDrafts;
    return parsed && typeof parsed.drafts === 'object' && Object.keys(parsed.drafts).length ? parsed : null;
  } catch {
    return null;
  }
}

export function writeDrafts(teacherId: number, assignmentId: number, value: Omit<StoredDrafts, 'saved_at'>): void {
  try {
    writeDraftText(
      teacherId,
      assignmentId,
      Object.keys(value.drafts).length === 0 ? null : JSON.stringify({ ...value, saved_at: nowIso() }),
    );
  } catch {
    // A full or blocked storage must not stop typing; the grades stay on screen.
  }
}

import { chmodSync, existsSync, mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Owner only: the database and its copies hold every person's data and password hashes. */
export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_DIR_MODE = 0o700;

const modeOf = (path: string) => statSync(path).mode & 0o777;
const octal = (mode: number) => mode.toString(8).padStart(4, '0');

/** Sets a mode when it differs; answers the line to log when it did, null otherwise. */
function restrict(path: string, mode: number): string | null {
  const before = modeOf(path);
  if (before === mode) return null;
  chmodSync(path, mode);
  return `Permisos de ${path}: ${octal(before)} → ${octal(mode)} (solo su dueño puede leerlo).`;
}

/**
 * Makes a folder of private files (0700), creating it if needed, and restricts the files named to 0600; answers the
 * lines to log for what had looser permissions.
 */
export function privateFolder(dir: string, files: readonly string[] = []): string[] {
  const lines: string[] = [];
  if (!existsSync(dir)) mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const changed = restrict(dir, PRIVATE_DIR_MODE);
  if (changed) lines.push(changed);
  for (const f of files) lines.push(...privateFiles([join(dir, f)]));
  return lines;
}

/** Restricts existing files to 0600 (missing ones are skipped); answers the lines to log. */
export function privateFiles(paths: readonly string[]): string[] {
  const lines: string[] = [];
  for (const p of paths) {
    if (!existsSync(p)) continue;
    const changed = restrict(p, PRIVATE_FILE_MODE);
    if (changed) lines.push(changed);
  }
  return lines;
}

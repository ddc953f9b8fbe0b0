import { mkdtempSync, statSync, writeFileSync, chmodSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { backupDatabase, backupFileName } from './backup.js';
import { connect } from './connect.js';

const mode = (path: string) => statSync(path).mode & 0o777;

afterEach(() => vi.restoreAllMocks());

describe('the database file and the backups are private to their owner', () => {
  it('a new SQLite database is 0600 in a new 0700 folder; an existing 0644 file becomes 0600 with a log line', async () => {
    const root = mkdtempSync(join(tmpdir(), 'private-'));
    const fresh = join(root, 'datos', 'app.db');
    const a = connect(`sqlite:${fresh}`, { quiet: true });
    await a.close();
    expect(mode(join(root, 'datos'))).toBe(0o700);
    expect(mode(fresh)).toBe(0o600);

    const old = join(root, 'old.db');
    writeFileSync(old, '');
    chmodSync(old, 0o644);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const b = connect(`sqlite:${old}`);
    await b.close();
    expect(mode(old)).toBe(0o600);
    expect(warn).toHaveBeenCalledWith(`Permisos de ${old}: 0644 → 0600 (solo su dueño puede leerlo).`);
  });

  it('a backup is 0600 in a 0700 folder; an existing 0755 folder and 0644 copies are restricted', async () => {
    const root = mkdtempSync(join(tmpdir(), 'private-'));
    const database = connect(`sqlite:${join(root, 'app.db')}`, { quiet: true });
    try {
      const dir = join(root, 'copias');
      mkdirSync(dir, { mode: 0o755 });
      chmodSync(dir, 0o755);
      const older = join(dir, backupFileName('sqlite', new Date('2026-01-01T00:00:00Z')));
      writeFileSync(older, '');
      chmodSync(older, 0o644);
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      const r = await backupDatabase(database, dir, 5);
      expect(mode(dir)).toBe(0o700);
      expect(mode(r.file)).toBe(0o600);
      expect(mode(older)).toBe(0o600);
      expect(warn).toHaveBeenCalledWith(`Permisos de ${dir}: 0755 → 0700 (solo su dueño puede leerlo).`);
    } finally {
      await database.close();
    }
  });
});

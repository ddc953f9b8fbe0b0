import { ROLE } from '@egreso/domain';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildWorkbook, TEACHER_COLUMNS } from '../modules/users/index.js';
import { as, createUser, useTestApp, type TestUser } from '../test/harness.js';
import { multipart } from '../test/multipart.js';
import { XLSX_POOL, XLSX_POOL_MSG, readWorkbookRows, setXlsxPoolLimits } from './xlsx-pool.js';

/** Uploads are read in the spreadsheet pool: one at a time per user, a bounded queue, plain rows back. */
const ctx = useTestApp();
let admins: TestUser[];
/** A real teachers file of 10,000 rows: its reading keeps the pool's thread busy for a while. */
let bigFile: Buffer;

beforeAll(async () => {
  admins = [];
  for (let i = 0; i < XLSX_POOL.threads + XLSX_POOL.queue + 2; i++) admins.push(await createUser(ctx(), ROLE.ADMIN));
  bigFile = await buildWorkbook(
    'Profesores',
    TEACHER_COLUMNS,
    Array.from({ length: 10_000 }, (_, i) => ({
      full_name: `Profesora Número ${i}`,
      controlnumber: `E${String(i).padStart(6, '0')}`,
      email: `profesora.${i}@demo.edu.mx`,
      gender: i % 2 ? 'Mujer' : 'Hombre',
    })),
  );
  await readWorkbookRows(await buildWorkbook('Hoja', TEACHER_COLUMNS, []), 'values');
});

function importTeachers(user: TestUser, file: Buffer) {
  return as(ctx(), user, {
    method: 'POST',
    url: '/api/teachers/import?dry_run=1',
    ...multipart([{ name: 'file', filename: 'profesores.xlsx', content: file }]),
  });
}

describe('spreadsheet pool', () => {
  it('answers the rows of a workbook as plain values or as the texts Excel shows', async () => {
    const file = await buildWorkbook('Hoja', TEACHER_COLUMNS, [
      { full_name: 'Ana López', controlnumber: '0042', email: 'ana@demo.edu.mx', gender: 'Mujer' },
    ]);
    const { rows } = await readWorkbookRows(file, 'text');
    expect(rows).toEqual([
      ['Nombre completo', 'Número de empleado', 'Correo', 'Género'],
      ['Ana López', '0042', 'ana@demo.edu.mx', 'Mujer'],
    ]);
    expect((await readWorkbookRows(Buffer.from('no es un libro'), 'values')).rows).toBeNull();
  });

  it('refuses a second upload of the same user while the first is read (429, Spanish), then takes the next', async () => {
    const [first, second] = await Promise.all([
      importTeachers(admins[0]!, bigFile),
      importTeachers(admins[0]!, bigFile),
    ]);
    const statuses = [first.statusCode, second.statusCode].sort();
    expect(statuses).toEqual([200, 429]);
    const refused = first.statusCode === 429 ? first : second;
    expect(refused.json()).toMatchObject({ message: XLSX_POOL_MSG.busyUser });
    expect(refused.headers['retry-after']).toBe('5');
    expect((await importTeachers(admins[0]!, bigFile)).statusCode).toBe(200);
  });

  it('refuses uploads past the queue with 503, Retry-After and a Spanish message; the rest are read', async () => {
    const answers = await Promise.all(admins.map((admin) => importTeachers(admin, bigFile)));
    const statuses = answers.map((a) => a.statusCode);
    const busy = answers.filter((a) => a.statusCode === 503);
    expect(busy.length, statuses.join()).toBeGreaterThanOrEqual(1);
    expect(statuses.filter((s) => s === 200).length, statuses.join()).toBeGreaterThanOrEqual(
      XLSX_POOL.threads + XLSX_POOL.queue - 1,
    );
    expect(
      statuses.every((s) => s === 200 || s === 503),
      statuses.join(),
    ).toBe(true);
    expect(busy[0]!.json()).toMatchObject({ message: XLSX_POOL_MSG.busyServer });
    expect(busy[0]!.headers['retry-after']).toBe(String(XLSX_POOL.retryAfterSeconds));
    // The pool recovers: a later upload is read.
    expect((await importTeachers(admins[0]!, bigFile)).statusCode).toBe(200);
  });

  describe('a worker over its limits', () => {
    afterEach(() => setXlsxPoolLimits({}));

    it('answers 413 in Spanish when the worker runs out of memory, and the pool reads the next file', async () => {
      await setXlsxPoolLimits({ maxOldGenerationSizeMb: 24, maxYoungGenerationSizeMb: 4 });
      const res = await importTeachers(admins[0]!, bigFile);
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({ message: XLSX_POOL_MSG.outOfMemory });
      await setXlsxPoolLimits({});
      expect((await importTeachers(admins[0]!, bigFile)).statusCode).toBe(200);
    }, 90_000);

    it('answers 422 in Spanish when the worker takes too long', async () => {
      await setXlsxPoolLimits({ timeoutMs: 50 });
      const res = await importTeachers(admins[0]!, bigFile);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ message: XLSX_POOL_MSG.tooSlow, errors: { file: [XLSX_POOL_MSG.tooSlow] } });
    });
  });
});

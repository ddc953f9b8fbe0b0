import { GRADE_MSG, PEOPLE_MSG, ROLE } from '@egreso/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildWorkbook, STUDENT_COLUMNS } from '../modules/users/index.js';
import { makeSheet, type SheetFixture } from '../test/factories.js';
import { as, createUser, useTestApp, type TestUser } from '../test/harness.js';
import { multipart } from '../test/multipart.js';
import {
  honest,
  repeatedDeflate,
  sharedStringsBomb,
  sheetXml,
  workbookParts,
  workbookWithSheet,
  writeZip,
} from '../test/zip-bombs.js';
import { readWorkbookRows } from './xlsx-pool.js';
import { XLSX_LIMITS, XLSX_MSG, checkWorkbook, inflatedCaps, type SheetCaps } from './xlsx-guard.js';

/**
 * Spreadsheet bombs sent to every route that opens an upload: each is refused in Spanish, fast, without exceljs
 * inflating it, and the process's memory stays flat.
 */
const ctx = useTestApp();
let admin: TestUser;
let sheet: SheetFixture;

beforeAll(async () => {
  admin = await createUser(ctx(), ROLE.ADMIN);
  sheet = await makeSheet(ctx(), { students: 1 });
  // The spreadsheet pool's thread starts (and loads the guard and exceljs) before the timed uploads.
  await readWorkbookRows(await buildWorkbook('Hoja', STUDENT_COLUMNS, []), 'values');
});

const MiB = 1024 * 1024;
const ROW = '<row><c t="inlineStr"><is><t>x</t></is></c></row>';
const TOO_MANY_PEOPLE = 'El archivo tiene más de 10000 filas; divídelo en varios archivos.';

/** A sheet XML whose data is `rows` copies of ROW, deflated in the time of one. */
async function rowsSheet(rows: number): Promise<{ deflated: Buffer; size: number }> {
  const [head, tail] = (await sheetXml(() => '<sheetData>\u0000</sheetData>')).split('\u0000') as [string, string];
  return repeatedDeflate(head, ROW, rows, tail);
}

/** A sheet XML of `mib` MiB (rows of ROW), as a deflate stream. */
async function bigSheet(mib: number) {
  const perMiB = Math.floor(MiB / ROW.length);
  const [head, tail] = (await sheetXml(() => '<sheetData>\u0000</sheetData>')).split('\u0000') as [string, string];
  return repeatedDeflate(head, ROW.repeat(perMiB), mib, tail);
}

/** A workbook whose sheet XML gets `extra` right after its sheet data (merged cells, validations, columns). */
async function sheetWith(extra: { before?: string; after?: string }): Promise<Buffer> {
  const xml = await sheetXml((data) => `${extra.before ?? ''}${data}${extra.after ?? ''}`);
  return workbookWithSheet({ deflated: honest('x', xml).deflated, declaredSize: Buffer.byteLength(xml) });
}

interface Target {
  url: string;
  user: () => TestUser;
  fields: () => Array<{ name: string; value: string }>;
  corrupt: string;
  rows: string;
  /** The caps its importer reads the file with. */
  caps: SheetCaps;
}
const TARGETS: Target[] = [
  {
    url: '/api/teachers/import?dry_run=1',
    user: () => admin,
    fields: () => [],
    corrupt: PEOPLE_MSG.notSpreadsheet,
    rows: TOO_MANY_PEOPLE,
    caps: { rows: 10_001, columns: 4 },
  },
  {
    url: '/api/students/import',
    user: () => admin,
    fields: () => [],
    corrupt: PEOPLE_MSG.notSpreadsheet,
    rows: TOO_MANY_PEOPLE,
    caps: { rows: 10_001, columns: 7 },
  },
  {
    url: '/api/students/import/errors',
    user: () => admin,
    fields: () => [],
    corrupt: PEOPLE_MSG.notSpreadsheet,
    rows: TOO_MANY_PEOPLE,
    caps: { rows: 10_001, columns: 7 },
  },
  {
    url: '/api/ratings/import?dry_run=1',
    user: () => sheet.teacher,
    corrupt: GRADE_MSG.badFile,
    rows: XLSX_MSG.tooManyRows(XLSX_LIMITS.rows),
    caps: {},
    fields: () => [
      { name: 'group_id', value: String(sheet.groupId) },
      { name: 'subject_id', value: String(sheet.subjectId) },
    ],
  },
];

async function upload(target: Target, file: Buffer) {
  const started = performance.now();
  const res = await as(ctx(), target.user(), {
    method: 'POST',
    url: target.url,
    ...multipart([{ name: 'file', filename: 'bomba.xlsx', content: file }, ...target.fields()]),
  });
  return {
    status: res.statusCode,
    body: res.json() as { message: string; errors?: Record<string, string[]> },
    ms: performance.now() - started,
  };
}

type Case = [string, () => Promise<Buffer>, (t: Target) => { status: number; message: string }];
const CASES: Case[] = [
  [
    'a 300 MB sheet declared as such (zip of about 1.5 MB)',
    async () => {
      const big = await bigSheet(300);
      return workbookWithSheet({ deflated: big.deflated, declaredSize: big.size });
    },
    (t) => ({ status: 413, message: XLSX_MSG.tooLarge(inflatedCaps(t.caps).totalMiB) }),
  ],
  [
    'a 300 MB sheet that declares 10 KB (a lying central directory)',
    async () => {
      const big = await bigSheet(300);
      return workbookWithSheet({ deflated: big.deflated, declaredSize: 10_000 });
    },
    (t) => ({ status: 422, message: t.corrupt }),
  ],
  [
    'a 4 MB sheet compressed a thousand times',
    async () => {
      const { deflated, size } = repeatedDeflate('<worksheet>', ' '.repeat(MiB), 4, '</worksheet>');
      return workbookWithSheet({ deflated, declaredSize: size });
    },
    () => ({ status: 413, message: XLSX_MSG.oddCompression }),
  ],
  [
    'a 3 MB file whose shared strings inflate to 62 MB (ratio 20, under the compression limit)',
    async () => sharedStringsBomb(),
    (t) => ({ status: 413, message: XLSX_MSG.tooLarge(inflatedCaps(t.caps).totalMiB) }),
  ],
  [
    '1,500 entries',
    async () => writeZip(Array.from({ length: 1500 }, (_, i) => honest(`x/${i}.xml`, '<a/>'))),
    () => ({ status: 413, message: XLSX_MSG.tooManyEntries }),
  ],
  [
    '10,002 rows',
    async () => {
      const rows = await rowsSheet(10_002);
      return workbookWithSheet({ deflated: rows.deflated, declaredSize: rows.size });
    },
    (t) => ({ status: 422, message: t.rows }),
  ],
  [
    'a cell in column XFD',
    async () => {
      const xml = await sheetXml(
        () => '<sheetData><row r="1"><c r="XFD1" t="inlineStr"><is><t>x</t></is></c></row></sheetData>',
      );
      return workbookWithSheet({ deflated: honest('x', xml).deflated, declaredSize: Buffer.byteLength(xml) });
    },
    () => ({ status: 422, message: XLSX_MSG.tooManyColumns }),
  ],
  [
    'a cell in row 1,000,000',
    async () => {
      const xml = await sheetXml(
        () => '<sheetData><row r="1000000"><c r="A1000000" t="inlineStr"><is><t>x</t></is></c></row></sheetData>',
      );
      return workbookWithSheet({ deflated: honest('x', xml).deflated, declaredSize: Buffer.byteLength(xml) });
    },
    (t) => ({ status: 422, message: t.rows }),
  ],
  [
    'cells merged over the whole sheet',
    () => sheetWith({ after: '<mergeCells count="1"><mergeCell ref="A1:XFD1048576"/></mergeCells>' }),
    (t) => ({ status: 422, message: t.rows }),
  ],
  [
    'merged ranges of 400,000 cells',
    () => sheetWith({ after: `<mergeCells count="1"><mergeCell ref="A1:ALL400"/></mergeCells>` }),
    () => ({ status: 422, message: XLSX_MSG.tooManyCells }),
  ],
  [
    'a column definition reaching column 2,000,000,000',
    () => sheetWith({ before: '<cols><col min="1" max="2000000000" width="9"/></cols>' }),
    () => ({ status: 422, message: XLSX_MSG.tooManyColumns }),
  ],
  [
    'a defined name over a million cells',
    async () => {
      const parts = await workbookParts();
      const book = parts
        .get('xl/workbook.xml')!
        .toString('utf8')
        .replace(
          '</sheets>',
          '</sheets><definedNames><definedName name="todo">Hoja1!$A$1:$ALL$1000000</definedName></definedNames>',
        );
      return writeZip([...parts].map(([name, data]) => honest(name, name === 'xl/workbook.xml' ? book : data)));
    },
    (t) => ({ status: 422, message: t.rows }),
  ],
];

describe.each(TARGETS)('$url', (target) => {
  it.each(CASES)('refuses %s in Spanish, fast', async (_, make, expected) => {
    const file = await make();
    const answer = await upload(target, file);
    const want = expected(target);
    expect(answer.status, JSON.stringify(answer.body)).toBe(want.status);
    expect(answer.body.message).toBe(want.message);
    if (want.status === 422) expect(answer.body.errors?.file).toEqual([want.message]);
    expect(answer.ms, `${answer.ms} ms`).toBeLessThan(1000);
  });
});

describe.each(TARGETS)('$url', (target) => {
  it('reads a sheet with data validations over whole columns as it reads the same sheet without them, fast', async () => {
    const plain = await upload(target, await sheetWith({}));
    for (const sqref of ['D2:D1048576', 'A2:ALL9000', 'A1:XFD1048576']) {
      const validation = `<dataValidations count="1"><dataValidation type="list" sqref="${sqref}"><formula1>"a,b"</formula1></dataValidation></dataValidations>`;
      const answer = await upload(target, await sheetWith({ after: validation }));
      expect({ status: answer.status, body: answer.body }, sqref).toEqual({ status: plain.status, body: plain.body });
      expect(answer.ms, `${sqref}: ${answer.ms} ms`).toBeLessThan(1000);
    }
  });
});

describe('memory', () => {
  it('stays flat while bombs are refused', async () => {
    const big = await bigSheet(300);
    const honestBomb = await workbookWithSheet({ deflated: big.deflated, declaredSize: big.size });
    const lyingBomb = await workbookWithSheet({ deflated: big.deflated, declaredSize: 10_000 });
    const target = TARGETS[0]!;
    await upload(target, honestBomb);
    const before = process.memoryUsage().rss;
    for (let i = 0; i < 5; i++) {
      expect((await upload(target, honestBomb)).status).toBe(413);
      expect((await upload(target, lyingBomb)).status).toBe(422);
    }
    const grown = (process.memoryUsage().rss - before) / MiB;
    expect(grown, `RSS grew ${grown.toFixed(1)} MiB`).toBeLessThan(64);
  });
});

describe('checkWorkbook', () => {
  it('opens a 10,000-row people file', async () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => ({
      full_name: `Alumno Número ${i}`,
      controlnumber: `L${i}`,
      email: `l${i}@uni.mx`,
      gender: 'Mujer',
      group: '5A',
      generation: '2022-2026',
      status: 'Activo',
    }));
    const file = await buildWorkbook('Alumnos', STUDENT_COLUMNS, rows);
    expect(await checkWorkbook(file, { rows: 10_001 })).toBe(true);
  });

  it('answers false for bytes that are not a zip, and for a truncated one', async () => {
    expect(await checkWorkbook(Buffer.from('no es un zip'))).toBe(false);
    const file = await buildWorkbook('Alumnos', STUDENT_COLUMNS, []);
    expect(await checkWorkbook(file.subarray(0, file.length - 30))).toBe(false);
  });
});

import ExcelJS from 'exceljs';
import { GRADEBOOK_MSG, GRADE_MSG, gradebookCellKey, type GradebookImportResult } from '@egreso/domain';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { as, useTestApp } from '../../test/harness.js';
import { multipart } from '../../test/multipart.js';
import { makeSheet, type SheetFixture } from '../../test/factories.js';
import {
  classroomCsv,
  classroomXlsx,
  moodleText,
  moodleXlsx,
  type FixtureItem,
  type FixtureStudent,
  type Lang,
  type Separator,
} from '../../test/gradebook-fixtures.js';

const ctx = useTestApp();
let sheet: SheetFixture;
let other: SheetFixture;
/** The sheet's activities by name. */
const act: Record<string, number> = {};
/** The sheet's four students as the platforms know them (surname = the tag of their full name). */
let people: FixtureStudent[];
let ids: number[];
const stranger: FixtureStudent = { first: 'Persona', last: 'Ajena', email: 'ajena@otra.edu.mx', idnumber: 'X999' };

beforeAll(async () => {
  sheet = await makeSheet(ctx(), { students: 4 });
  other = await makeSheet(ctx(), { students: 2 });
  const res = await as(ctx(), sheet.teacher, {
    method: 'POST',
    url: '/api/activities/bulk-upsert',
    payload: {
      professor_subject_id: sheet.assignmentId,
      activities: [
        { activity_name: 'Práctica 1', ponderation: 30, attribute_ids: [] },
        { activity_name: 'Examen parcial', ponderation: 40, attribute_ids: [] },
        { activity_name: 'Proyecto', ponderation: 30, attribute_ids: [] },
      ],
    },
  });
  for (const a of res.json().activities as Array<{ id: number; activity_name: string }>) act[a.activity_name] = a.id;
  ids = sheet.students.map((s) => s.id);
  const users = await ctx()
    .database.db.selectFrom('users')
    .select(['id', 'full_name', 'email', 'controlnumber'])
    .where('id', 'in', ids)
    .execute();
  people = ids.map((id) => {
    const u = users.find((x) => x.id === id)!;
    const words = u.full_name.split(' ');
    return { first: words.slice(0, -1).join(' '), last: words.at(-1)!, email: u.email!, idnumber: u.controlnumber! };
  });
});

// Each test starts from a sheet without grades.
beforeEach(async () => {
  if (ids) await ctx().database.db.deleteFrom('user_activities').where('user_id', 'in', ids).execute();
});

/** Moodle's usual items: points out of 10, a percentage, letters. */
const moodleItems = (): FixtureItem[] => [
  { name: 'Práctica 1', module: 'Tarea', max: 10, display: 'real', values: [8, 9.5, null, 12] },
  { name: 'Examen parcial', module: 'Cuestionario', max: 50, display: 'percentage', values: [42.5, null, 35, 50] },
  { name: 'Proyecto', module: 'Tarea', max: 100, display: 'letter', values: [88, 91, 75, 60] },
];

const upload = (
  file: Buffer,
  filename: string,
  { dryRun = true, choices, who = sheet }: { dryRun?: boolean; choices?: object; who?: SheetFixture } = {},
) =>
  as(ctx(), who.teacher, {
    method: 'POST',
    url: `/api/ratings/gradebook${dryRun ? '?dry_run=1' : ''}`,
    ...multipart([
      { name: 'file', filename, content: file },
      { name: 'group_id', value: String(who.groupId) },
      { name: 'subject_id', value: String(who.subjectId) },
      ...(choices ? [{ name: 'choices', value: JSON.stringify(choices) }] : []),
    ]),
  });

const preview = async (file: Buffer, filename: string, choices?: object): Promise<GradebookImportResult> => {
  const res = await upload(file, filename, { choices });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

/** A cell of the preview: its source, grade and status. */
const cell = (r: GradebookImportResult, student: number, activity: string) => {
  const c = r.cells.find((x) => x.user_id === ids[student] && x.activity_id === act[activity]);
  return c && { source: c.source, grade: c.grade, status: c.status, note: c.note };
};

const stored = async () =>
  (
    await ctx()
      .database.db.selectFrom('user_activities')
      .select(['user_id', 'activity_id', 'qualification'])
      .where('user_id', 'in', ids)
      .execute()
  )
    .map(
      (r) => `${ids.indexOf(r.user_id)}:${Object.keys(act).find((k) => act[k] === r.activity_id)}=${r.qualification}`,
    )
    .sort();

const MAX_10 = (r: GradebookImportResult) => ({
  columns: {
    [r.columns.find((c) => c.name === 'Práctica 1' && c.display === 'points')!.key]: {
      activity_id: act['Práctica 1'],
      max: 10,
    },
  },
});

/** What every Moodle export of `moodleItems` previews to once Práctica 1's maximum (10) is given. */
function expectMoodlePreview(r: GradebookImportResult) {
  expect(r.source).toBe('moodle');
  expect(cell(r, 0, 'Práctica 1')).toEqual({
    source: expect.stringMatching(/^8([.,]00)?$/),
    grade: 80,
    status: 'new',
    note: null,
  });
  expect(cell(r, 1, 'Práctica 1')).toMatchObject({ grade: 95, status: 'new' });
  expect(cell(r, 2, 'Práctica 1')).toMatchObject({ source: '-', grade: null, status: 'empty' });
  expect(cell(r, 3, 'Práctica 1')).toMatchObject({
    grade: 100,
    status: 'clamped',
    note: expect.stringContaining('se ajustó a 100'),
  });
  expect(cell(r, 0, 'Examen parcial')).toMatchObject({
    source: expect.stringMatching(/^85[.,]00 %$/),
    grade: 85,
    status: 'new',
  });
  expect(cell(r, 1, 'Examen parcial')).toMatchObject({ grade: null, status: 'empty' });
  expect(cell(r, 0, 'Proyecto')).toMatchObject({
    source: 'B+',
    grade: null,
    status: 'refused',
    note: GRADEBOOK_MSG.letter,
  });
  expect(r.columns.filter((c) => c.ignored).map((c) => [c.kind, c.ignored])).toEqual([
    ['total', GRADEBOOK_MSG.ignoredTotal],
    ['stamp', GRADEBOOK_MSG.ignoredStamp],
  ]);
  expect(r.rows.map((x) => x.match)).toEqual(['email', 'email', 'email', 'email']);
  expect(r).toMatchObject({ inserted: 6, updated: 0, refused: 4, dry_run: true, batch_id: null });
}

describe('POST /ratings/gradebook: Moodle', () => {
  it.each<[Lang, 'xlsx' | Separator, { bom?: boolean; decimalComma?: boolean; encoding?: 'windows-1252' }]>([
    ['es', 'xlsx', {}],
    ['en', 'xlsx', {}],
    ['es', 'comma', {}],
    ['en', 'comma', { bom: true }],
    ['es', 'semicolon', { bom: true, decimalComma: true }],
    ['es', 'semicolon', { decimalComma: true, encoding: 'windows-1252' }],
    ['en', 'tab', {}],
    ['es', 'colon', {}],
  ])(
    'previews a %s export (%s %o): points need their maximum, percentages kept, letters refused',
    async (lang, format, text) => {
      const options = { lang, students: people, items: moodleItems() };
      const file =
        format === 'xlsx' ? await moodleXlsx(options) : moodleText({ ...options, separator: format, ...text });
      const name = `Curso Calificaciones.${format === 'xlsx' ? 'xlsx' : format === 'tab' ? 'txt' : 'csv'}`;
      const first = await preview(file, name);
      const practica = first.columns.find((c) => c.name === 'Práctica 1')!;
      expect(practica).toMatchObject({
        kind: 'item',
        display: 'points',
        max: null,
        activity_id: act['Práctica 1'],
        mapped_by: 'name',
      });
      expect(cell(first, 0, 'Práctica 1')).toMatchObject({ status: 'refused', note: GRADEBOOK_MSG.needsMax });
      expectMoodlePreview(await preview(file, name, MAX_10(first)));
      expect(await stored()).toEqual([]);
    },
  );

  it('imports in one batch (history with the file name), remembers the mapping, never overwrites with no grade, and undoes', async () => {
    const file = await moodleXlsx({ lang: 'es', students: people, items: moodleItems() });
    const first = await preview(file, 'ISC-701 Calificaciones.xlsx');
    const res = await upload(file, 'ISC-701 Calificaciones.xlsx', { dryRun: false, choices: MAX_10(first) });
    expect(res.statusCode, res.body).toBe(200);
    const body: GradebookImportResult = res.json();
    expect(body).toMatchObject({ message: GRADEBOOK_MSG.done, inserted: 6, updated: 0, conflicts: [] });
    expect(await stored()).toEqual([
      '0:Examen parcial=85',
      '0:Práctica 1=80',
      '1:Práctica 1=95',
      '2:Examen parcial=70',
      '3:Examen parcial=100',
      '3:Práctica 1=100',
    ]);
    const history = (
      await as(ctx(), sheet.teacher, { method: 'GET', url: `/api/grade-history?batch_id=${body.batch_id}` })
    ).json();
    expect(history).toHaveLength(6);
    expect(history.every((e: { source: string }) => e.source === 'importación')).toBe(true);
    const imports = await as(ctx(), sheet.teacher, {
      method: 'GET',
      url: `/api/grade-history/imports?professor_subject_id=${sheet.assignmentId}`,
    });
    expect(imports.json()[0]).toMatchObject({
      batch_id: body.batch_id,
      cells: 6,
      file_name: 'ISC-701 Calificaciones.xlsx',
    });

    // The next export, with no grade where there was one: the mapping and the maximum are remembered, '-' and
    // 'Sin calificar' overwrite nothing, and a changed grade replaces the one imported.
    const items = moodleItems();
    items[0]!.values = ['Sin calificar', 7, null, 10];
    items[1]!.values = [null, null, 40, 50];
    const next = await preview(await moodleXlsx({ lang: 'es', students: people, items }), 'ISC-701 (2).xlsx');
    const practica = next.columns.find((c) => c.name === 'Práctica 1')!;
    expect(practica).toMatchObject({ mapped_by: 'remembered', max: 10, max_from: 'teacher' });
    expect(cell(next, 0, 'Práctica 1')).toMatchObject({ source: 'Sin calificar', status: 'empty', grade: null });
    expect(cell(next, 1, 'Práctica 1')).toMatchObject({ grade: 70, status: 'changed' });
    expect(next.cells.find((c) => c.user_id === ids[1] && c.activity_id === act['Práctica 1'])!.before).toBe(95);
    expect(cell(next, 3, 'Práctica 1')).toMatchObject({ grade: 100, status: 'same' });
    expect(cell(next, 2, 'Examen parcial')).toMatchObject({ grade: 80, status: 'changed' });

    // Undo: every grade the import wrote goes back (to none).
    const undo = await as(ctx(), sheet.teacher, {
      method: 'POST',
      url: `/api/grade-history/imports/${body.batch_id}/undo`,
    });
    expect(undo.json()).toMatchObject({ message: GRADE_MSG.undone, restored: 6, kept: [] });
    expect(await stored()).toEqual([
      '0:Examen parcial=null',
      '0:Práctica 1=null',
      '1:Práctica 1=null',
      '2:Examen parcial=null',
      '3:Examen parcial=null',
      '3:Práctica 1=null',
    ]);
  });

  it('keeps a grade saved meanwhile (a conflict) and writes the rest', async () => {
    const items = moodleItems().slice(1, 2);
    const file = moodleText({ lang: 'en', students: people, items });
    const first = await preview(file, 'grades.csv');
    const versions = Object.fromEntries(
      first.cells.map((c) => [gradebookCellKey(c.user_id, c.activity_id), c.version]),
    );
    const grid = (
      await as(ctx(), sheet.teacher, {
        method: 'POST',
        url: '/api/useractivities/by-users-and-activities',
        payload: { user_ids: [ids[0]], activity_ids: [act['Examen parcial']] },
      })
    ).json()[0];
    await as(ctx(), sheet.teacher, {
      method: 'POST',
      url: '/api/profesor/calificar/actividades/batch',
      payload: {
        calificaciones: [
          { user_id: ids[0], activity_id: act['Examen parcial'], qualification: 61, version: grid?.version },
        ],
      },
    });
    const res = await upload(file, 'grades.csv', { dryRun: false, choices: { versions } });
    const body: GradebookImportResult = res.json();
    expect(body.message).toBe(GRADEBOOK_MSG.doneWithConflicts);
    expect(body.conflicts).toEqual([
      expect.objectContaining({ user_id: ids[0], activity_id: act['Examen parcial'], qualification: 61 }),
    ]);
    expect(cell(body, 0, 'Examen parcial')).toMatchObject({ status: 'kept' });
    expect(await stored()).toContain('0:Examen parcial=61');
    expect(await stored()).toContain('2:Examen parcial=70');
    await as(ctx(), sheet.teacher, { method: 'POST', url: `/api/grade-history/imports/${body.batch_id}/undo` });
  });

  it('matches by control number, then by folded full name, and lists who did not match', async () => {
    const [a, b, c] = people;
    const file = moodleText({
      lang: 'es',
      students: [
        { ...a!, email: 'otro@correo.mx' },
        { ...b!, email: '', idnumber: '', first: b!.first.toUpperCase(), last: b!.last },
        stranger,
      ],
      items: moodleItems()
        .slice(1, 2)
        .map((i) => ({ ...i, values: [40, 30, 20] })),
    });
    const r = await preview(file, 'grades.csv');
    expect(r.rows.map((x) => [x.name, x.match, x.user_id])).toEqual([
      [`${a!.first} ${a!.last}`, 'control', ids[0]],
      [`${b!.first.toUpperCase()} ${b!.last}`, 'name', ids[1]],
      ['Persona Ajena', null, null],
    ]);
    expect(r.missing.map((m) => m.user_id)).toEqual(expect.arrayContaining([ids[2], ids[3]]));
    expect(r.missing).toHaveLength(2);
    expect(c).toBeDefined();
  });
});

describe('POST /ratings/gradebook: Google Classroom', () => {
  const items = (): FixtureItem[] => [
    { name: 'Práctica 1', max: 20, values: [16, 19, null, 25] },
    { name: 'Examen parcial', max: 100, values: [85, 'Sin calificar', 70.5, 100] },
    { name: 'Tarea sin actividad', max: 10, values: [1, 2, 3, 4] },
  ];
  it.each<[Lang, 'xlsx' | Separator, { bom?: boolean; decimalComma?: boolean }]>([
    ['en', 'comma', {}],
    ['es', 'comma', { bom: true }],
    ['es', 'semicolon', { bom: true, decimalComma: true }],
    ['es', 'tab', {}],
    ['es', 'xlsx', {}],
  ])(
    'previews a %s export (%s %o): the points row gives the maximum, the overall grade is ignored',
    async (lang, format, text) => {
      const options = { lang, students: [...people, stranger], items: items() };
      const file =
        format === 'xlsx' ? await classroomXlsx(options) : classroomCsv({ ...options, separator: format, ...text });
      const r = await preview(file, format === 'xlsx' ? 'Calificaciones.xlsx' : 'Calificaciones.csv');
      expect(r.source).toBe('classroom');
      expect(r.columns.map((c) => [c.name, c.activity_id, c.max, c.ignored])).toEqual([
        [lang === 'es' ? 'Calificación general' : 'Overall', null, null, GRADEBOOK_MSG.ignoredAverage],
        ['Práctica 1', act['Práctica 1'], 20, null],
        ['Examen parcial', act['Examen parcial'], 100, null],
        ['Tarea sin actividad', null, 10, GRADEBOOK_MSG.ignoredUnmapped],
      ]);
      expect(cell(r, 0, 'Práctica 1')).toMatchObject({ grade: 80, status: 'new' });
      expect(cell(r, 3, 'Práctica 1')).toMatchObject({ grade: 100, status: 'clamped' });
      expect(cell(r, 2, 'Práctica 1')).toMatchObject({ grade: null, status: 'empty' });
      expect(cell(r, 1, 'Examen parcial')).toMatchObject({ source: 'Sin calificar', status: 'empty' });
      expect(cell(r, 2, 'Examen parcial')).toMatchObject({ grade: 70.5, status: 'new' });
      expect(r.rows.map((x) => x.match)).toEqual(['email', 'email', 'email', 'email', null]);
      expect(r.missing).toEqual([]);
    },
  );

  it('imports a Classroom export and undoes it', async () => {
    const file = classroomCsv({ lang: 'es', students: people, items: items(), separator: 'comma' });
    const res = await upload(file, 'Calificaciones.csv', { dryRun: false });
    const body: GradebookImportResult = res.json();
    expect(body).toMatchObject({ inserted: 6, refused: 0, batch_id: expect.any(String) });
    expect(await stored()).toContain('2:Examen parcial=70.5');
    const undo = await as(ctx(), sheet.teacher, {
      method: 'POST',
      url: `/api/grade-history/imports/${body.batch_id}/undo`,
    });
    expect(undo.json()).toMatchObject({ restored: 6 });
    expect(await stored()).not.toContain('2:Examen parcial=70.5');
  });
});

describe('POST /ratings/gradebook: files it refuses', () => {
  it('refuses in Spanish a truncated zip, another kind of file, an .ods, the template and another course', async () => {
    const xlsx = await moodleXlsx({ lang: 'es', students: people, items: moodleItems() });
    const cases: Array<[Buffer, string, string]> = [
      [xlsx.subarray(0, Math.floor(xlsx.length / 2)), 'Calificaciones.xlsx', GRADEBOOK_MSG.otherKind],
      [Buffer.from('%PDF-1.4\n\0\0\0binary'), 'Calificaciones.csv', GRADEBOOK_MSG.otherKind],
      [xlsx, 'Calificaciones.ods', GRADEBOOK_MSG.ods],
      [Buffer.from('Matrícula,Nombre,Práctica 1\nM1,x,90\n'), 'plantilla.csv', GRADEBOOK_MSG.notGradebook],
      [moodleText({ lang: 'es', students: [stranger], items: moodleItems() }), 'otro.csv', GRADEBOOK_MSG.noMatch],
      [Buffer.from('hola'), 'notas.pdf', GRADEBOOK_MSG.fileRequired],
    ];
    for (const [file, name, message] of cases) {
      const res = await upload(file, name);
      expect(res.statusCode, name).toBe(422);
      expect(res.json().message, name).toBe(message);
    }
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('x').addRow(['Matrícula', 'Nombre']);
    expect((await upload(Buffer.from(await wb.xlsx.writeBuffer()), 'x.xlsx')).json().message).toBe(
      GRADEBOOK_MSG.notGradebook,
    );
  });

  it('refuses text beyond the spreadsheet caps (rows) in Spanish, unread', async () => {
    const many = Array.from({ length: 2100 }, (_, i) => ({ ...stranger, email: `a${i}@otra.mx` }));
    const res = await upload(
      classroomCsv({ lang: 'es', students: many, items: [{ name: 'Proyecto', max: 10, values: [] }] }),
      'grande.csv',
    );
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/^La hoja tiene más de 2000 filas de datos/);
  });

  it('refuses a column of letters cell by cell, with the reason, and writes the rest', async () => {
    const file = classroomCsv({
      lang: 'en',
      students: people,
      items: [
        { name: 'Proyecto', max: 100, values: ['A', 'B+', 'Excelente', 'C'] },
        { name: 'Examen parcial', max: 100, values: [90, null, null, null] },
      ],
    });
    const res = await upload(file, 'letters.csv', { dryRun: false });
    const body: GradebookImportResult = res.json();
    expect(
      body.cells.filter((c) => c.activity_id === act['Proyecto']).map((c) => [c.source, c.status, c.note]),
    ).toEqual([
      ['A', 'refused', GRADEBOOK_MSG.letter],
      ['B+', 'refused', GRADEBOOK_MSG.letter],
      ['Excelente', 'refused', GRADEBOOK_MSG.letter],
      ['C', 'refused', GRADEBOOK_MSG.letter],
    ]);
    expect(body).toMatchObject({ inserted: 1, refused: 4 });
    expect(await stored()).toContain('0:Examen parcial=90');
    expect((await stored()).some((s) => s.includes('Proyecto='))).toBe(false);
    await as(ctx(), sheet.teacher, { method: 'POST', url: `/api/grade-history/imports/${body.batch_id}/undo` });
  });

  it('refuses bad choices, another teacher, and a student', async () => {
    const file = classroomCsv({ lang: 'en', students: people, items: [{ name: 'Proyecto', max: 100, values: [1] }] });
    const bad = await upload(file, 'a.csv', { choices: { columns: { proyecto: { activity_id: 999999 } } } });
    expect(bad.json().message).toBe(GRADEBOOK_MSG.choicesInvalid);
    const max = await upload(file, 'a.csv', { choices: { columns: { proyecto: { activity_id: null, max: -1 } } } });
    expect(max.json().message).toBe(GRADEBOOK_MSG.maxInvalid);
    const junk = await as(ctx(), sheet.teacher, {
      method: 'POST',
      url: '/api/ratings/gradebook?dry_run=1',
      ...multipart([
        { name: 'file', filename: 'a.csv', content: file },
        { name: 'group_id', value: String(sheet.groupId) },
        { name: 'subject_id', value: String(sheet.subjectId) },
        { name: 'choices', value: '{no es json' },
      ]),
    });
    expect(junk.statusCode).toBe(422);
    expect(junk.json().message).toBe(GRADEBOOK_MSG.choicesInvalid);
    const foreign = await as(ctx(), other.teacher, {
      method: 'POST',
      url: '/api/ratings/gradebook?dry_run=1',
      ...multipart([
        { name: 'file', filename: 'a.csv', content: file },
        { name: 'group_id', value: String(sheet.groupId) },
        { name: 'subject_id', value: String(sheet.subjectId) },
      ]),
    });
    expect(foreign.statusCode).toBe(403);
    const student = await as(ctx(), sheet.students[0]!, { method: 'POST', url: '/api/ratings/gradebook?dry_run=1' });
    expect(student.statusCode).toBe(403);
  });
});

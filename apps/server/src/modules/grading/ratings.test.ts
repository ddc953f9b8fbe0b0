import ExcelJS from 'exceljs';
import { GRADE_MSG } from '@egreso/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { as, useTestApp } from '../../test/harness.js';
import { multipart } from '../../test/multipart.js';
import { controlNumbers, makeSheet, type SheetFixture } from '../../test/factories.js';

const ctx = useTestApp();
let sheet: SheetFixture;
let other: SheetFixture;
let exam: number;
let project: number;
let mat: Map<number, string>;

beforeAll(async () => {
  sheet = await makeSheet(ctx(), { students: 3 });
  other = await makeSheet(ctx(), { students: 1 });
  const res = await as(ctx(), sheet.teacher, {
    method: 'POST',
    url: '/api/activities/bulk-upsert',
    payload: {
      professor_subject_id: sheet.assignmentId,
      activities: [
        { activity_name: 'Examen', ponderation: 40, attribute_ids: [] },
        { activity_name: 'Proyecto final', ponderation: 60, attribute_ids: [] },
      ],
    },
  });
  [exam, project] = res.json().activities.map((a: { id: number }) => a.id);
  mat = await controlNumbers(
    ctx(),
    sheet.students.map((s) => s.id),
  );
  // s1 already has 70 in Examen.
  await as(ctx(), sheet.teacher, {
    method: 'POST',
    url: '/api/profesor/calificar/actividades/batch',
    payload: { calificaciones: [{ user_id: sheet.students[0]!.id, activity_id: exam, qualification: 70 }] },
  });
});

async function readXlsx(body: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  wb.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

async function xlsx(rows: unknown[][]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Hoja1');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const upload = (
  file: Buffer,
  query = '',
  fields = { group_id: String(sheet.groupId), subject_id: String(sheet.subjectId) },
  filename = 'calificaciones.xlsx',
) =>
  as(ctx(), sheet.teacher, {
    method: 'POST',
    url: `/api/ratings/import${query}`,
    ...multipart([
      { name: 'file', filename, content: file },
      { name: 'group_id', value: fields.group_id },
      { name: 'subject_id', value: fields.subject_id },
    ]),
  });

const grades = async () =>
  (
    await ctx()
      .database.db.selectFrom('user_activities')
      .select(['user_id', 'activity_id', 'qualification'])
      .where('activity_id', 'in', [exam, project])
      .orderBy('user_id')
      .orderBy('activity_id')
      .execute()
  ).map((g) => [g.user_id, g.activity_id, g.qualification === null ? null : Number(g.qualification)]);

describe('ratings spreadsheets', () => {
  it('downloads the template: Matrícula · Nombre · one column per activity, one row per student', async () => {
    const res = await as(ctx(), sheet.teacher, {
      method: 'GET',
      url: `/api/ratings/template?group_id=${sheet.groupId}&subject_id=${sheet.subjectId}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('template.xlsx');
    const rows = await readXlsx(res.rawPayload);
    expect(rows[0]).toEqual(['Matrícula', 'Nombre', 'Examen', 'Proyecto final']);
    expect(rows.slice(1).map((r) => r[0])).toEqual(sheet.students.map((s) => mat.get(s.id)));
    expect(
      (
        await as(ctx(), other.teacher, {
          method: 'GET',
          url: `/api/ratings/template?group_id=${sheet.groupId}&subject_id=${sheet.subjectId}`,
        })
      ).statusCode,
    ).toBe(403);
  });

  it('previews an import with dry_run=1 writing nothing, reporting bad rows, unknown students and columns', async () => {
    const [s1, s2, s3] = sheet.students;
    const file = await xlsx([
      ['Matrícula', 'Nombre', 'examen', 'Proyecto Final', 'Tarea fantasma'],
      [mat.get(s1!.id), 'x', null, 95, 50],
      [mat.get(s2!.id), 'x', '88,5', '', null],
      [mat.get(s3!.id), 'x', 101, 90, null],
      ['NOEXISTE', 'x', 80, 80, null],
    ]);
    const before = await grades();
    const res = await upload(file, '?dry_run=1');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      dry_run: true,
      message: GRADE_MSG.importPreview,
      inserted: 2,
      updated: 0,
      batch_id: null,
    });
    expect(
      body.changes.map((c: { row: number; activity_id: number; before: number | null; after: number }) => [
        c.row,
        c.activity_id,
        c.before,
        c.after,
      ]),
    ).toEqual([
      [2, project, null, 95],
      [3, exam, null, 88.5],
    ]);
    expect(body.errors).toEqual([
      { row: 1, error: GRADE_MSG.unknownActivity('Tarea fantasma') },
      { row: 4, error: GRADE_MSG.importRange('Examen') },
      { row: 5, error: GRADE_MSG.unknownStudent('NOEXISTE') },
    ]);
    expect(await grades()).toEqual(before);
  });

  it('imports (a blank never overwrites), records the batch in the history, exports the same values and undoes the import', async () => {
    const [s1, s2, s3] = sheet.students;
    const file = await xlsx([
      ['Matrícula', 'Nombre', 'Examen', 'Proyecto final'],
      [mat.get(s1!.id), 'x', null, 95],
      [mat.get(s2!.id), 'x', 60, 80],
      [mat.get(s3!.id), 'x', 101, 90],
    ]);
    const res = await upload(file);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ dry_run: false, message: GRADE_MSG.importWarnings, inserted: 3, updated: 0 });
    expect(body.batch_id).toEqual(expect.any(String));
    expect(await grades()).toEqual([
      [s1!.id, exam, 70],
      [s1!.id, project, 95],
      [s2!.id, exam, 60],
      [s2!.id, project, 80],
    ]);
    const history = await as(ctx(), sheet.teacher, {
      method: 'GET',
      url: `/api/grade-history?batch_id=${body.batch_id}`,
    });
    expect(history.json()).toHaveLength(3);
    expect(history.json().every((e: { source: string }) => e.source === 'importación')).toBe(true);

    // Export: the values imported, plus Final = (60·40 + 80·60)/100 = 72 for s2, (70·40 + 95·60)/100 = 85 for s1.
    const exported = await as(ctx(), sheet.teacher, {
      method: 'GET',
      url: `/api/ratings/export?group_id=${sheet.groupId}&subject_id=${sheet.subjectId}`,
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-disposition']).toContain('grades.xlsx');
    expect(
      (
        await as(ctx(), other.teacher, {
          method: 'GET',
          url: `/api/ratings/export?group_id=${sheet.groupId}&subject_id=${sheet.subjectId}`,
        })
      ).statusCode,
    ).toBe(403);
    const rows = await readXlsx(exported.rawPayload);
    expect(rows[0]).toEqual(['Matrícula', 'Nombre', 'Examen', 'Proyecto final', 'Final']);
    expect(rows[1]).toEqual([mat.get(s1!.id), s1!.full_name, 70, 95, 85]);
    expect(rows[2]).toEqual([mat.get(s2!.id), s2!.full_name, 60, 80, 72]);
    // Re-importing the export changes nothing (round trip).
    const again = await upload(exported.rawPayload);
    expect(again.json()).toMatchObject({ inserted: 0, updated: 0, errors: [], batch_id: null });

    // s2's Examen is changed on screen after the import: undo restores the rest and reports that cell.
    const s2exam = (
      await as(ctx(), sheet.teacher, {
        method: 'POST',
        url: '/api/useractivities/by-users-and-activities',
        payload: { user_ids: [s2!.id], activity_ids: [exam] },
      })
    ).json()[0];
    await as(ctx(), sheet.teacher, {
      method: 'POST',
      url: '/api/profesor/calificar/actividades/batch',
      payload: { calificaciones: [{ user_id: s2!.id, activity_id: exam, qualification: 65, version: s2exam.version }] },
    });
    expect(
      (await as(ctx(), other.teacher, { method: 'POST', url: `/api/grade-history/imports/${body.batch_id}/undo` }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await as(ctx(), other.teacher, {
          method: 'GET',
          url: `/api/grade-history/imports?professor_subject_id=${sheet.assignmentId}`,
        })
      ).statusCode,
    ).toBe(403);
    const imports = await as(ctx(), sheet.teacher, {
      method: 'GET',
      url: `/api/grade-history/imports?professor_subject_id=${sheet.assignmentId}`,
    });
    expect(imports.json()).toEqual([expect.objectContaining({ batch_id: body.batch_id, cells: 3, undone: false })]);
    const undo = await as(ctx(), sheet.teacher, {
      method: 'POST',
      url: `/api/grade-history/imports/${body.batch_id}/undo`,
    });
    expect(undo.statusCode).toBe(200);
    expect(undo.json()).toMatchObject({
      message: GRADE_MSG.undonePartly,
      restored: 2,
      kept: [{ user_id: s2!.id, activity_id: exam, qualification: 65 }],
    });
    expect(await grades()).toEqual([
      [s1!.id, exam, 70],
      [s1!.id, project, null],
      [s2!.id, exam, 65],
      [s2!.id, project, null],
    ]);
    expect(
      (await as(ctx(), sheet.teacher, { method: 'POST', url: `/api/grade-history/imports/${body.batch_id}/undo` }))
        .statusCode,
    ).toBe(409);
    expect(
      (
        await as(ctx(), sheet.teacher, {
          method: 'GET',
          url: `/api/grade-history/imports?professor_subject_id=${sheet.assignmentId}`,
        })
      ).json()[0].undone,
    ).toBe(true);
  });

  it('refuses a file that is not a spreadsheet, a wrong extension, and another teacher, writing nothing', async () => {
    const before = await grades();
    const notXlsx = await upload(Buffer.from('no soy una hoja'));
    expect(notXlsx.statusCode).toBe(422);
    expect(notXlsx.json().message).toBe(GRADE_MSG.badFile);
    const csv = await upload(await xlsx([['Matrícula']]), '', undefined, 'datos.csv');
    expect(csv.json().message).toBe(GRADE_MSG.fileRequired);
    const noHeader = await upload(await xlsx([['Alumno', 'Examen']]));
    expect(noHeader.json().message).toBe(GRADE_MSG.noHeader);
    const foreign = await as(ctx(), other.teacher, {
      method: 'POST',
      url: '/api/ratings/import',
      ...multipart([
        { name: 'group_id', value: String(sheet.groupId) },
        { name: 'subject_id', value: String(sheet.subjectId) },
        {
          name: 'file',
          filename: 'a.xlsx',
          content: await xlsx([
            ['Matrícula', 'Examen'],
            [mat.get(sheet.students[0]!.id), 10],
          ]),
        },
      ]),
    });
    expect(foreign.statusCode).toBe(403);
    expect(await grades()).toEqual(before);
  });
});

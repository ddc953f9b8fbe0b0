import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@egreso/domain';
import { insertGeneration, insertGroup, insertStudent, makePeriod } from '../../test/factories.js';
import { as, createUser, useTestApp, type TestUser } from '../../test/harness.js';

const ctx = useTestApp();
let admin: TestUser;
let periodId = 0;
let generationId = 0;

/*
 * The status history (CACEI 4.3): every path that changes a student's status records the change with its instant
 * and the active period, in the writer's transaction; a write that leaves the status as it was records nothing.
 */
beforeAll(async () => {
  admin = await createUser(ctx(), ROLE.ADMIN);
  periodId = (
    await makePeriod(ctx(), {
      period_name: 'AGO-DIC 2030',
      start_date: '2030-08-10',
      end_date: '2030-12-10',
      is_active: 1,
    })
  ).id;
  generationId = (await insertGeneration(ctx(), 2026)).id;
  await insertGroup(ctx(), '901', 9);
});

const changesOf = (userId: number) =>
  ctx()
    .database.db.selectFrom('status_changes')
    .select(['generation_id', 'from_active', 'to_active', 'period_id', 'changed_at'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
const link = (userId: number) =>
  ctx().database.db.selectFrom('user_generations').select('id').where('user_id', '=', userId).executeTakeFirstOrThrow();

describe('status history', () => {
  it('records a change of status with its instant and the active period, and nothing when it stays', async () => {
    const student = await insertStudent(ctx(), {
      full_name: 'Ana Ruiz',
      controlnumber: 'SH1',
      generationId,
      active: 1,
    });
    expect(await changesOf(student.id)).toEqual([]);
    const before = new Date().toISOString();
    expect(
      (await as(ctx(), admin, { method: 'PUT', url: `/api/students/${student.id}/status`, payload: { active: 0 } }))
        .statusCode,
    ).toBe(200);
    expect(
      (await as(ctx(), admin, { method: 'PUT', url: `/api/students/${student.id}/status`, payload: { active: 0 } }))
        .statusCode,
    ).toBe(200);
    expect(
      (await as(ctx(), admin, { method: 'PUT', url: `/api/students/${student.id}/status`, payload: { active: 1 } }))
        .statusCode,
    ).toBe(200);
    const changes = await changesOf(student.id);
    expect(changes.map((c) => [c.generation_id, c.from_active, c.to_active, c.period_id])).toEqual([
      [generationId, 1, 0, periodId],
      [generationId, 0, 1, periodId],
    ]);
    expect(
      changes[0]!.changed_at >= before && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(changes[0]!.changed_at),
    ).toBe(true);
  });

  it('records a link edited or created with another status', async () => {
    const student = await insertStudent(ctx(), {
      full_name: 'Beto Paz',
      controlnumber: 'SH2',
      generationId,
      active: 1,
    });
    const { id } = await link(student.id);
    const res = await as(ctx(), admin, {
      method: 'PUT',
      url: `/api/usergenerations/${id}`,
      payload: { generation_id: generationId, active: 2 },
    });
    expect(res.statusCode).toBe(200);
    expect((await changesOf(student.id)).map((c) => [c.from_active, c.to_active])).toEqual([[1, 2]]);

    const other = await insertStudent(ctx(), { full_name: 'Ciro Luna', controlnumber: 'SH3' });
    const created = await as(ctx(), admin, {
      method: 'POST',
      url: '/api/usergenerations',
      payload: { user_id: other.id, generation_id: generationId, current_semester_id: 1, active: 0 },
    });
    expect(created.statusCode).toBe(201);
    expect((await changesOf(other.id)).map((c) => [c.from_active, c.to_active])).toEqual([[null, 0]]);
  });

  it('records the graduation of the semester advance', async () => {
    const ninth = await insertStudent(ctx(), {
      full_name: 'Dora Sol',
      controlnumber: 'SH4',
      generationId,
      active: 1,
      semester: 9,
    });
    // Students linked to no career are advanced by the administrator (a chief advances those of their careers).
    const res = await as(ctx(), admin, { method: 'POST', url: '/api/students/advance-semester', payload: {} });
    expect(res.statusCode).toBe(200);
    expect((await changesOf(ninth.id)).map((c) => [c.from_active, c.to_active, c.period_id])).toEqual([
      [1, 2, periodId],
    ]);
  });

  it('records the statuses an import changes', async () => {
    const student = await insertStudent(ctx(), { full_name: 'Eva Mar', controlnumber: 'SH5', generationId, active: 1 });
    const email = (
      await ctx().database.db.selectFrom('users').select('email').where('id', '=', student.id).executeTakeFirstOrThrow()
    ).email;
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Hoja1');
    ws.addRow(['Nombre completo', 'Matrícula', 'Correo', 'Género', 'Grupo', 'Generación', 'Estatus']);
    // No group: the row changes the status alone (a group of another semester than the generation's would be refused).
    ws.addRow(['Eva Mar', 'SH5', email, 'Mujer', '', '2026-2031', 'Baja']);
    const buf = Buffer.from(await wb.xlsx.writeBuffer());
    const boundary = '----egresohistory';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="alumnos.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      buf,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await as(ctx(), admin, {
      method: 'POST',
      url: '/api/students/import',
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await changesOf(student.id)).map((c) => [c.from_active, c.to_active])).toEqual([[1, 0]]);
  });
});

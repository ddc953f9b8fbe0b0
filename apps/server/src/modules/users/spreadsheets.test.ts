import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { PEOPLE_MSG, ROLE, initialPassword } from '@egreso/domain';
import { insertGeneration, insertGroup, insertStudent, peopleSnapshot, setNamingScheme } from '../../test/factories.js';
import { as, createUser, useTestApp, type TestUser } from '../../test/harness.js';

const ctx = useTestApp();
let chief: TestUser;
let teacher: TestUser;
let student: TestUser;

const STUDENT_HEADERS = ['Nombre completo', 'Matrícula', 'Correo', 'Género', 'Grupo', 'Generación', 'Estatus'];
const TEACHER_HEADERS = ['Nombre completo', 'Número de empleado', 'Correo', 'Género'];

beforeAll(async () => {
  chief = await createUser(ctx(), ROLE.CHIEF);
  teacher = await createUser(ctx(), ROLE.TEACHER);
  student = await createUser(ctx(), ROLE.STUDENT);
  await setNamingScheme(ctx(), 'auto');
  await insertGeneration(ctx(), 2024);
  // Starts after today: its calendar puts it in the 1st semester whatever day the tests run.
  await insertGeneration(ctx(), 2090);
  await insertGroup(ctx(), '101', 1);
});

async function xlsx(headers: string[], rows: Array<Array<string | number | null>>): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Hoja1');
  ws.addRow(headers);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

function upload(buf: Buffer, filename = 'alumnos.xlsx') {
  const boundary = `----egreso${Math.random().toString(36).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    buf,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const importStudents = (buf: Buffer, query = '', user: TestUser = chief, filename?: string) =>
  as(ctx(), user, { method: 'POST', url: `/api/students/import${query}`, ...upload(buf, filename) });

async function readXlsx(body: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  const ws = wb.worksheets[0]!;
  const rows: string[][] = [];
  ws.eachRow((row) =>
    rows.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)))),
  );
  return { ws, rows };
}

const byNumber = (n: string) =>
  ctx()
    .database.db.selectFrom('users')
    .select(['id', 'full_name', 'email', 'gender', 'role', 'password_hash'])
    .where('controlnumber', '=', n)
    .execute();

describe('templates and exports', () => {
  it('gives a student template with Spanish headers, a bold frozen first row, widths and drop-down lists', async () => {
    const res = await as(ctx(), chief, { method: 'GET', url: '/api/students/template' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain('plantilla_alumnos.xlsx');
    const { ws, rows } = await readXlsx(res.rawPayload);
    expect(rows[0]).toEqual(STUDENT_HEADERS);
    expect(ws.getRow(1).font?.bold).toBe(true);
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(ws.getColumn(1).width).toBeGreaterThan(20);
    expect(ws.getCell('D2').dataValidation).toMatchObject({ type: 'list', formulae: ['"Hombre,Mujer"'] });
    expect(ws.getCell('G2').dataValidation).toMatchObject({ type: 'list', formulae: ['"Activo,Baja,Graduado"'] });
  });

  it('gives a teacher template and export', async () => {
    const template = await as(ctx(), chief, { method: 'GET', url: '/api/teachers/template' });
    expect((await readXlsx(template.rawPayload)).rows[0]).toEqual(TEACHER_HEADERS);
    const exported = await as(ctx(), chief, { method: 'GET', url: '/api/teachers/export' });
    expect(exported.headers['content-disposition']).toContain('profesores.xlsx');
    const { rows } = await readXlsx(exported.rawPayload);
    expect(rows[0]).toEqual(TEACHER_HEADERS);
    expect(rows.some((r) => r[2] === teacher.email)).toBe(true);
  });

  it('exports students by status with the file named for it, and the generation with assign_generation=1', async () => {
    const gen = await insertGeneration(ctx(), 2019);
    const g = await insertGroup(ctx(), 'EXP-1', 1);
    await insertStudent(ctx(), {
      full_name: 'Zoe Activa',
      controlnumber: 'EXP1',
      generationId: gen.id,
      groupIds: [g.id],
      active: 1,
      gender: 2,
    });
    await insertStudent(ctx(), { full_name: 'Zoe Baja', controlnumber: 'EXP2', generationId: gen.id, active: 0 });
    const names = { 0: 'bajas', 1: 'activos', 2: 'graduados', all: 'todos' } as const;
    for (const [active, name] of Object.entries(names)) {
      const res = await as(ctx(), chief, { method: 'GET', url: `/api/students/export?active=${active}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toContain(`alumnos_${name}.xlsx`);
    }
    const active = await readXlsx(
      (await as(ctx(), chief, { method: 'GET', url: '/api/students/export?active=1&assign_generation=1' })).rawPayload,
    );
    expect(active.rows).toContainEqual([
      'Zoe Activa',
      'EXP1',
      expect.any(String),
      'Mujer',
      'EXP-1',
      '2019-2024',
      'Activo',
    ]);
    expect(active.rows.some((r) => r[0] === 'Zoe Baja')).toBe(false);
    const plain = await readXlsx((await as(ctx(), chief, { method: 'GET', url: '/api/students/export' })).rawPayload);
    expect(plain.rows.find((r) => r[0] === 'Zoe Baja')).toEqual([
      'Zoe Baja',
      'EXP2',
      expect.any(String),
      'Hombre',
      '',
      '',
      'Baja',
    ]);
  });

  it('answers 403 to teachers and students for every spreadsheet route', async () => {
    for (const user of [teacher, student]) {
      for (const url of [
        '/api/students/template',
        '/api/students/export',
        '/api/teachers/template',
        '/api/teachers/export',
      ]) {
        expect((await as(ctx(), user, { method: 'GET', url })).statusCode).toBe(403);
      }
      const buf = await xlsx(STUDENT_HEADERS, [['Nadie', 'X1', 'x1@test.mx', 'Hombre', '101', '', '']]);
      expect((await importStudents(buf, '', user)).statusCode).toBe(403);
    }
    expect(await byNumber('X1')).toEqual([]);
  });
});

describe('student import', () => {
  it('inserts valid rows, creating groups named by the scheme, each with its own random one-time password', async () => {
    const buf = await xlsx(STUDENT_HEADERS, [
      ['Lucía Pérez Gómez', 'IMP001', 'lucia.perez@test.mx', 'Mujer', '101', '2090-2095', 'Activo'],
      ['Mario Ruiz', 'IMP002', 'MARIO.RUIZ@test.mx', 'Hombre', '3B', '', ''],
    ]);
    const res = await importStudents(buf);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ inserted: 2, updated: 0, skipped: 0, errors: [] });
    const credentials = res.json().credentials as Array<{ row: number; email: string; initial_password: string }>;
    expect(credentials.map((c) => [c.row, c.email])).toEqual([
      [2, 'lucia.perez@test.mx'],
      [3, 'mario.ruiz@test.mx'],
    ]);
    for (const c of credentials) expect(c.initial_password).toMatch(/^[a-z2-9]{14}$/);
    expect(credentials[0]!.initial_password).not.toBe(credentials[1]!.initial_password);
    const [lucia] = await byNumber('IMP001');
    expect(lucia).toMatchObject({
      full_name: 'Lucía Pérez Gómez',
      email: 'lucia.perez@test.mx',
      gender: 2,
      role: ROLE.STUDENT,
    });
    const link = await ctx()
      .database.db.selectFrom('user_generations')
      .select(['current_semester_id', 'active'])
      .where('user_id', '=', lucia!.id)
      .execute();
    expect(link).toEqual([{ current_semester_id: 1, active: 1 }]);
    const group = await ctx()
      .database.db.selectFrom('groups')
      .select('semester_id')
      .where('group_name', '=', '3B')
      .executeTakeFirst();
    expect(group?.semester_id).toBe(3);
    // The spec's formula is not the password: a classmate cannot claim the account.
    const formula = await ctx().app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'lucia.perez@test.mx', password: initialPassword('Lucía Pérez Gómez', 'IMP001') },
    });
    expect(formula.statusCode).toBe(401);
    // The imported account signs in with the answered one-time password, which then moves to argon2, and must change it.
    const first = await ctx().app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'lucia.perez@test.mx', password: credentials[0]!.initial_password },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().must_change_password).toBe(true);
    expect((await byNumber('IMP001'))[0]!.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('is idempotent: the same file twice changes nothing the second time', async () => {
    const buf = await xlsx(STUDENT_HEADERS, [
      ['Idem Potente', 'IMP010', 'idem@test.mx', 'Hombre', '101', '2090-2095', 'Activo'],
    ]);
    expect((await importStudents(buf)).json()).toMatchObject({ inserted: 1, updated: 0, skipped: 0 });
    const before = await peopleSnapshot(ctx());
    expect((await importStudents(buf)).json()).toEqual({
      inserted: 0,
      updated: 0,
      skipped: 1,
      errors: [],
      credentials: [],
    });
    expect(await peopleSnapshot(ctx())).toEqual(before);
  });

  it('never lets a blank cell erase a stored value, and updates what the file states (matched by number, then e-mail)', async () => {
    const s = await insertStudent(ctx(), {
      full_name: 'Nombre Viejo',
      controlnumber: 'IMP020',
      email: 'viejo@test.mx',
      gender: 2,
    });
    const byEmail = await insertStudent(ctx(), {
      full_name: 'Por Correo',
      controlnumber: 'OLD-21',
      email: 'porcorreo@test.mx',
    });
    const buf = await xlsx(STUDENT_HEADERS, [
      ['', 'IMP020', '', '', '', '', ''],
      ['Nombre Nuevo', 'IMP020-B', 'porcorreo@test.mx', '', '', '', ''],
    ]);
    // The first row would only identify the student: nothing to change.
    const preview = await importStudents(buf, '?dry_run=1');
    expect(preview.json().rows[0]).toMatchObject({ row: 2, status: 'unchanged', changes: [] });
    expect(preview.json().rows[1]).toMatchObject({
      row: 3,
      status: 'updated',
      changes: [
        { field: 'Nombre completo', before: 'Por Correo', after: 'Nombre Nuevo' },
        { field: 'Matrícula', before: 'OLD-21', after: 'IMP020-B' },
      ],
    });
    const res = await importStudents(buf);
    expect(res.json()).toEqual({ inserted: 0, updated: 1, skipped: 1, errors: [], credentials: [] });
    expect((await byNumber('IMP020'))[0]).toMatchObject({
      id: s.id,
      full_name: 'Nombre Viejo',
      email: 'viejo@test.mx',
      gender: 2,
    });
    expect((await byNumber('IMP020-B'))[0]).toMatchObject({ id: byEmail.id, full_name: 'Nombre Nuevo' });
  });

  it('updates several students at once, each with only the fields its row changes', async () => {
    const a = await insertStudent(ctx(), {
      full_name: 'Varios Uno',
      controlnumber: 'IMP080',
      email: 'varios1@test.mx',
      gender: 1,
    });
    const b = await insertStudent(ctx(), {
      full_name: 'Varios Dos',
      controlnumber: 'IMP081',
      email: 'varios2@test.mx',
      gender: 1,
    });
    const c = await insertStudent(ctx(), {
      full_name: 'Varios Tres',
      controlnumber: 'IMP082',
      email: 'varios3@test.mx',
      gender: null,
    });
    const buf = await xlsx(STUDENT_HEADERS, [
      ['Varios Uno Cambiado', 'IMP080', '', '', '', '', ''],
      ['', 'IMP081', 'varios2.nuevo@test.mx', 'Mujer', '', '', ''],
      ['', 'IMP082', '', 'Mujer', '', '', ''],
    ]);
    expect((await importStudents(buf)).json()).toEqual({
      inserted: 0,
      updated: 3,
      skipped: 0,
      errors: [],
      credentials: [],
    });
    expect((await byNumber('IMP080'))[0]).toMatchObject({
      id: a.id,
      full_name: 'Varios Uno Cambiado',
      email: 'varios1@test.mx',
      gender: 1,
    });
    expect((await byNumber('IMP081'))[0]).toMatchObject({
      id: b.id,
      full_name: 'Varios Dos',
      email: 'varios2.nuevo@test.mx',
      gender: 2,
    });
    expect((await byNumber('IMP082'))[0]).toMatchObject({
      id: c.id,
      full_name: 'Varios Tres',
      email: 'varios3@test.mx',
      gender: 2,
    });
  });

  it('writes the valid rows of a mixed file and reports each invalid row with its number', async () => {
    const buf = await xlsx(STUDENT_HEADERS, [
      ['Válida Uno', 'IMP031', 'valida1@test.mx', 'Hombre', '101', '', ''],
      ['Sin Correo', 'IMP032', '', 'Hombre', '101', '', ''],
      ['Correo Malo', 'IMP033', 'no-es-correo', 'Hombre', '101', '', ''],
      ['Género Malo', 'IMP034', 'gm@test.mx', 'Otro', '101', '', ''],
      ['Grupo Raro', 'IMP035', 'gr@test.mx', 'Mujer', 'Matutino', '', ''],
      ['Generación X', 'IMP036', 'gx@test.mx', 'Mujer', '101', '1990-1995', ''],
      ['Duplicada', 'IMP031', 'dup@test.mx', 'Mujer', '101', '', ''],
      ['Correo Ajeno', 'IMP037', teacher.email, 'Mujer', '101', '', ''],
      ['x'.repeat(101), 'IMP038', 'largo@test.mx', 'Mujer', '101', '', ''],
      ['Estatus Sin Gen', 'IMP039', 'esg@test.mx', 'Mujer', '101', '', 'Baja'],
      ['Válida Dos', 'IMP040', 'valida2@test.mx', 'Mujer', '101', '', ''],
    ]);
    const res = await importStudents(buf);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ inserted: 2, updated: 0, skipped: 9 });
    expect(body.errors.map((e: { row: number }) => e.row)).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(body.errors[5].error).toMatch(/fila 2/);
    expect(body.errors[8].error).toBe(PEOPLE_MSG.noGenerationLink);
    for (const n of ['IMP032', 'IMP033', 'IMP034', 'IMP035', 'IMP036', 'IMP037', 'IMP038', 'IMP039'])
      expect(await byNumber(n)).toEqual([]);
    expect(await byNumber('IMP031')).toHaveLength(1);
    expect(await byNumber('IMP040')).toHaveLength(1);
  });

  it('previews without writing: counts and per-row changes', async () => {
    await insertStudent(ctx(), { full_name: 'Ya Existe', controlnumber: 'IMP050', email: 'existe@test.mx', gender: 1 });
    const buf = await xlsx(STUDENT_HEADERS, [
      ['Nuevo Alumno', 'IMP051', 'nuevo@test.mx', 'Hombre', '101', '', ''],
      ['Ya Existe', 'IMP050', 'existe@test.mx', 'Mujer', '', '', ''],
      ['', '', '', 'Hombre', '', '', ''],
    ]);
    const before = await peopleSnapshot(ctx());
    const res = await importStudents(buf, '?dry_run=1');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ dry_run: true, inserted: 1, updated: 1, skipped: 1 });
    expect(body.rows.map((r: { status: string }) => r.status)).toEqual(['new', 'updated', 'error']);
    expect(body.rows[1].changes).toEqual([{ field: 'Género', before: 'Hombre', after: 'Mujer' }]);
    expect(await peopleSnapshot(ctx())).toEqual(before);
  });

  it("reads a file with Excel's whole-column drop-down lists, as a chief who added them would send it", async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Alumnos');
    ws.addRow(STUDENT_HEADERS);
    ws.addRow(['Con Lista', 'IMP060', 'conlista@test.mx', 'Mujer', '101', '', '']);
    const list = (values: string) => ({ type: 'list' as const, allowBlank: true, formulae: [`"${values}"`] });
    // exceljs writes a range's validation as one rule (its typings only show the per-cell setter).
    const rules = (ws as unknown as { dataValidations: { add(range: string, rule: ExcelJS.DataValidation): void } })
      .dataValidations;
    rules.add('D2:D1048576', list('Hombre,Mujer'));
    rules.add('G2:G1048576', list('Activo,Baja,Graduado'));
    const buf = Buffer.from(await wb.xlsx.writeBuffer());
    const started = performance.now();
    const res = await importStudents(buf, '?dry_run=1');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ dry_run: true, inserted: 1, skipped: 0 });
    expect(res.json().rows[0]).toMatchObject({ row: 2, status: 'new' });
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it("announces a group the import would create, and refuses a group of another semester than the row's generation", async () => {
    const buf = await xlsx(STUDENT_HEADERS, [
      ['Grupo Nuevo', 'IMP070', 'gnuevo@test.mx', 'Mujer', '1Z', '2090-2095', 'Activo'],
      ['Grupo Errado', 'IMP071', 'gerrado@test.mx', 'Hombre', '999', '2090-2095', 'Activo'],
      ['Grupo Existente', 'IMP072', 'gexiste@test.mx', 'Hombre', '101', '2090-2095', 'Activo'],
    ]);
    const before = await peopleSnapshot(ctx());
    const preview = (await importStudents(buf, '?dry_run=1')).json();
    expect(preview.rows[0]).toMatchObject({
      status: 'new',
      error: null,
      warnings: ['Se creará el grupo «1Z» de 1.º semestre.'],
    });
    expect(preview.rows[1]).toMatchObject({
      status: 'error',
      warnings: [],
      error: 'Grupo: el grupo «999» es de 9.º semestre, pero la generación 2090-2095 cursa el 1.º semestre.',
    });
    expect(preview.rows[2]).toMatchObject({ status: 'new', error: null, warnings: [] });
    expect(await peopleSnapshot(ctx())).toEqual(before);

    const res = (await importStudents(buf)).json();
    expect(res).toMatchObject({ inserted: 2, errors: [{ row: 3, error: preview.rows[1].error }] });
    const groups = await ctx()
      .database.db.selectFrom('groups')
      .select(['group_name', 'semester_id'])
      .where('group_name', 'in', ['1Z', '999'])
      .execute();
    expect(groups).toEqual([{ group_name: '1Z', semester_id: 1 }]);
  });

  it("takes a generation's current semester from its active students, as the semester advance leaves it", async () => {
    const gen = await insertGeneration(ctx(), 2091);
    await insertStudent(ctx(), { generationId: gen.id, semester: 3 });
    await insertStudent(ctx(), { generationId: gen.id, semester: 3 });
    await insertStudent(ctx(), { generationId: gen.id, semester: 4, active: 1 });
    await insertStudent(ctx(), { generationId: gen.id, semester: 1, active: 0 });
    await insertStudent(ctx(), { generationId: gen.id, semester: 1, active: 0 });
    const buf = await xlsx(STUDENT_HEADERS, [
      ['Tercero Bien', 'IMP090', 'tercero@test.mx', 'Mujer', '301', '2091-2096', 'Activo'],
      ['Primero Mal', 'IMP091', 'primero@test.mx', 'Hombre', '101', '2091-2096', 'Activo'],
    ]);
    const rows = (await importStudents(buf, '?dry_run=1')).json().rows;
    expect(rows[0]).toMatchObject({ status: 'new', warnings: ['Se creará el grupo «301» de 3.º semestre.'] });
    expect(rows[1]).toMatchObject({
      status: 'error',
      error: 'Grupo: el grupo «101» es de 1.º semestre, pero la generación 2091-2096 cursa el 3.º semestre.',
    });
  });

  it('gives the rows with errors back as an .xlsx with an Error column', async () => {
    const buf = await xlsx(STUDENT_HEADERS, [
      ['Buena', 'IMP060', 'buena@test.mx', 'Hombre', '101', '', ''],
      ['Mala', 'IMP061', 'mala', 'Hombre', '101', '', ''],
    ]);
    const before = await peopleSnapshot(ctx());
    const res = await as(ctx(), chief, { method: 'POST', url: '/api/students/import/errors', ...upload(buf) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('errores_alumnos.xlsx');
    const { rows } = await readXlsx(res.rawPayload);
    expect(rows[0]).toEqual([...STUDENT_HEADERS, 'Error']);
    expect(rows).toHaveLength(2);
    expect(rows[1]!.slice(0, 3)).toEqual(['Mala', 'IMP061', 'mala']);
    expect(rows[1]![7]).toMatch(/correo/i);
    expect(await peopleSnapshot(ctx())).toEqual(before);
  });

  it('refuses files that are not spreadsheets, broken, empty, oversized or missing, changing nothing', async () => {
    const before = await peopleSnapshot(ctx());
    const text = await importStudents(Buffer.from('Nombre,Matrícula\nAna,1\n'), '', chief, 'alumnos.xlsx');
    expect(text.statusCode).toBe(422);
    expect(text.json().message).toBe(PEOPLE_MSG.notSpreadsheet);
    const good = await xlsx(STUDENT_HEADERS, [['Rota', 'IMP070', 'rota@test.mx', 'Hombre', '101', '', '']]);
    const broken = await importStudents(good.subarray(0, Math.floor(good.length / 2)));
    expect(broken.statusCode).toBe(422);
    expect(broken.json().message).toBe(PEOPLE_MSG.notSpreadsheet);
    const xls = await importStudents(
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]),
      '',
      chief,
      'alumnos.xls',
    );
    expect(xls.statusCode).toBe(422);
    expect(xls.json().message).toBe(PEOPLE_MSG.legacyXls);
    const empty = await importStudents(await xlsx(STUDENT_HEADERS, []));
    expect(empty.statusCode).toBe(422);
    expect(empty.json().message).toBe(PEOPLE_MSG.emptyFile);
    const wrongHeaders = await importStudents(await xlsx(['Nombre', 'Edad'], [['Ana', 20]]));
    expect(wrongHeaders.statusCode).toBe(422);
    expect(wrongHeaders.json().message).toMatch(/Faltan columnas/);
    const huge = await importStudents(Buffer.concat([good, Buffer.alloc(5 * 1024 * 1024)]));
    expect(huge.statusCode).toBe(413);
    const none = await as(ctx(), chief, { method: 'POST', url: '/api/students/import', payload: {} });
    expect(none.statusCode).toBe(422);
    expect(none.json().message).toBe(PEOPLE_MSG.fileRequired);
    expect(await peopleSnapshot(ctx())).toEqual(before);
  });
});

describe('teacher import', () => {
  it('inserts, updates by employee number and refuses a wrong type of file', async () => {
    await createUser(ctx(), ROLE.TEACHER, { controlnumber: 'EMP-9', full_name: 'Profe Viejo' });
    const buf = await xlsx(TEACHER_HEADERS, [
      ['Nueva Profesora', 'EMP-1', 'nueva.profe@test.mx', 'Mujer'],
      ['Profe Renombrado', 'EMP-9', '', ''],
      ['Sin número', '', '', 'Hombre'],
    ]);
    const res = await as(ctx(), chief, { method: 'POST', url: '/api/teachers/import', ...upload(buf, 'profes.xlsx') });
    expect(res.json()).toMatchObject({ inserted: 1, updated: 1, skipped: 1, errors: [{ row: 4 }] });
    expect((await byNumber('EMP-1'))[0]).toMatchObject({ role: ROLE.TEACHER, gender: 2 });
    expect((await byNumber('EMP-9'))[0]).toMatchObject({ full_name: 'Profe Renombrado' });
    const txt = await as(ctx(), chief, {
      method: 'POST',
      url: '/api/teachers/import',
      ...upload(Buffer.from('hola'), 'profes.txt'),
    });
    expect(txt.statusCode).toBe(422);
  });
});

describe('OpenAPI', () => {
  it('documents the people routes, the users query and the file field of the uploads', async () => {
    const doc = (await ctx().app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/usergroups',
        '/api/usergroups/clear/{userId}',
        '/api/usergenerations',
        '/api/usergenerations/{id}',
        '/api/students/{id}/status',
        '/api/students/advance-semester',
        '/api/students/import',
        '/api/students/import/errors',
        '/api/students/export',
        '/api/students/template',
        '/api/teachers/import',
        '/api/teachers/export',
        '/api/teachers/template',
      ]),
    );
    const params = doc.paths['/api/users'].get.parameters.map((p: { name: string }) => p.name);
    expect(params).toEqual(
      expect.arrayContaining([
        'role',
        'active',
        'group_id',
        'career_id',
        'include_generation',
        'search',
        'page',
        'per_page',
      ]),
    );
    const upload = doc.paths['/api/students/import'].post.requestBody.content['multipart/form-data'].schema;
    expect(upload.properties.file).toMatchObject({ type: 'string', format: 'binary' });
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { MSG, PEOPLE_MSG, ROLE, initialPassword } from '@egreso/domain';
import {
  insertGeneration,
  insertGroup,
  insertStudent,
  makeCareer,
  makeChief,
  makeSubject,
  peopleSnapshot,
} from '../../test/factories.js';
import { as, createUser, login, useTestApp, type TestUser } from '../../test/harness.js';

const ctx = useTestApp();
let chief: TestUser;
let chiefCareer: number;

beforeAll(async () => {
  chiefCareer = (await makeCareer(ctx())).id;
  chief = await makeChief(ctx(), [chiefCareer]);
});

/** Links a person to the chief's career: what a chief changes must be linked to their careers only. */
async function own<T extends { id: number }>(person: T): Promise<T> {
  await ctx().database.db.insertInto('user_careers').values({ user_id: person.id, career_id: chiefCareer }).execute();
  return person;
}

describe('teachers and students through /api/users', () => {
  it('lets a chief create a teacher with a random one-time password, answered once; the formula does not sign in', async () => {
    const res = await as(ctx(), chief, {
      method: 'POST',
      url: '/api/users',
      payload: {
        full_name: 'Beatriz Ochoa Luna',
        controlnumber: 4821,
        email: 'beatriz.ochoa@test.mx',
        gender: '2',
        role: '2',
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      full_name: 'Beatriz Ochoa Luna',
      controlnumber: '4821',
      gender: 2,
      rol: ROLE.TEACHER,
    });
    expect(res.body).not.toMatch(/argon2|password_hash/);
    const password = res.json().initial_password as string;
    expect(password).toMatch(/^[a-z2-9]{14}$/);
    const formula = await ctx().app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'beatriz.ochoa@test.mx', password: initialPassword('Beatriz Ochoa Luna', '4821') },
    });
    expect(formula.statusCode).toBe(401);
    await expect(login(ctx(), 'beatriz.ochoa@test.mx', password)).resolves.toBeTruthy();
  });

  it('ignores a password sent on create', async () => {
    const res = await as(ctx(), chief, {
      method: 'POST',
      url: '/api/users',
      payload: {
        full_name: 'Ana Ruiz',
        controlnumber: 'A1',
        email: 'ana.ruiz@test.mx',
        gender: 2,
        role: 3,
        password: 'ana',
      },
    });
    expect(res.statusCode).toBe(201);
    const sent = await ctx().app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'ana.ruiz@test.mx', password: 'ana12341' },
    });
    expect(sent.statusCode).toBe(401);
    await expect(login(ctx(), 'ana.ruiz@test.mx', res.json().initial_password)).resolves.toBeTruthy();
  });

  it('answers 422 per field for missing or too long values', async () => {
    const res = await as(ctx(), chief, {
      method: 'POST',
      url: '/api/users',
      payload: { full_name: 'x'.repeat(101), controlnumber: '', email: 'no', gender: 3, role: 2 },
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['controlnumber', 'email', 'full_name', 'gender']);
    expect(res.json().errors.full_name).toEqual([MSG.tooLong(100)]);
  });

  it('answers 422 for an e-mail already registered, whatever its case', async () => {
    const res = await as(ctx(), chief, {
      method: 'POST',
      url: '/api/users',
      payload: { full_name: 'Otro', controlnumber: '9', email: chief.email.toUpperCase(), gender: 1, role: 2 },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.email).toEqual([MSG.emailTaken]);
  });

  it('answers 403 when a chief creates or edits an administrator or a chief', async () => {
    const create = await as(ctx(), chief, {
      method: 'POST',
      url: '/api/users',
      payload: { full_name: 'Nuevo Admin', controlnumber: '1', email: 'nuevo.admin@test.mx', gender: 1, role: 0 },
    });
    expect(create.statusCode).toBe(403);
    const admin = await createUser(ctx(), ROLE.ADMIN);
    const edit = await as(ctx(), chief, {
      method: 'PUT',
      url: `/api/users/${admin.id}`,
      payload: { full_name: 'X', email: 'x@test.mx' },
    });
    expect(edit.statusCode).toBe(403);
    const teacher = await createUser(ctx(), ROLE.TEACHER);
    const promote = await as(ctx(), chief, {
      method: 'PUT',
      url: `/api/users/${teacher.id}`,
      payload: { full_name: 'T', email: teacher.email, role: 1 },
    });
    expect(promote.statusCode).toBe(403);
  });

  it('lets a chief edit a teacher; a password sent on the edit is not used and no session ends', async () => {
    const teacher = await own(await createUser(ctx(), ROLE.TEACHER, { password: 'original1' }));
    const res = await as(ctx(), chief, {
      method: 'PUT',
      url: `/api/users/${teacher.id}`,
      payload: {
        full_name: 'Nombre Corregido',
        email: teacher.email,
        controlnumber: 'E-77',
        gender: 2,
        password: 'nueva',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ full_name: 'Nombre Corregido', controlnumber: 'E-77', gender: 2 });
    expect((await as(ctx(), teacher, { method: 'GET', url: '/api/me' })).statusCode).toBe(200);
    await expect(login(ctx(), teacher.email, 'original1')).resolves.toBeTruthy();
  });

  it('lists teachers sorted with Spanish collation, searchable by name, number or e-mail', async () => {
    for (const name of ['Óscar Zamora', 'Ángel Ibarra', 'Oliva Núñez'])
      await createUser(ctx(), ROLE.TEACHER, { full_name: name });
    const res = await as(ctx(), chief, { method: 'GET', url: '/api/users?role=2' });
    const names = (res.json() as Array<{ full_name: string }>)
      .map((u) => u.full_name)
      .filter((n) => ['Óscar Zamora', 'Ángel Ibarra', 'Oliva Núñez'].includes(n));
    expect(names).toEqual(['Ángel Ibarra', 'Oliva Núñez', 'Óscar Zamora']);
    const search = await as(ctx(), chief, { method: 'GET', url: '/api/users?role=2&search=IBARRA' });
    expect(search.json().map((u: { full_name: string }) => u.full_name)).toEqual(['Ángel Ibarra']);
  });

  it('deletes a teacher without records, and answers 409 for one with assignments', async () => {
    const free = await own(await createUser(ctx(), ROLE.TEACHER));
    const del = await as(ctx(), chief, { method: 'DELETE', url: `/api/users/${free.id}` });
    expect(del.statusCode).toBe(200);
    expect(await ctx().database.db.selectFrom('users').select('id').where('id', '=', free.id).execute()).toHaveLength(
      0,
    );

    const busy = await own(await createUser(ctx(), ROLE.TEACHER));
    const subject = await makeSubject(ctx());
    await ctx()
      .database.db.insertInto('professor_subjects')
      .values({
        user_id: busy.id,
        subject_id: subject.id,
        group_id: null,
        period_id: null,
        career_id: null,
        created_at: new Date().toISOString(),
      })
      .execute();
    const refused = await as(ctx(), chief, { method: 'DELETE', url: `/api/users/${busy.id}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/no puede eliminarse/);
    expect(await ctx().database.db.selectFrom('users').select('id').where('id', '=', busy.id).execute()).toHaveLength(
      1,
    );
  });

  it('answers 409 when someone deletes their own account', async () => {
    const res = await as(ctx(), chief, { method: 'DELETE', url: `/api/users/${chief.id}` });
    expect(res.statusCode).toBe(409);
  });

  it('lets a chief read a teacher with their assignments', async () => {
    const teacher = await createUser(ctx(), ROLE.TEACHER);
    const subject = await makeSubject(ctx());
    // An assignment of the chief's career (DESIGN §5: a chief reads the assignments of their careers).
    const career = await makeCareer(ctx());
    await ctx().database.db.insertInto('user_careers').values({ user_id: chief.id, career_id: career.id }).execute();
    await ctx()
      .database.db.insertInto('professor_subjects')
      .values({
        user_id: teacher.id,
        subject_id: subject.id,
        group_id: null,
        period_id: null,
        career_id: career.id,
        created_at: new Date().toISOString(),
      })
      .execute();
    const res = await as(ctx(), chief, { method: 'GET', url: `/api/users/${teacher.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().professor_subjects).toHaveLength(1);
    expect(res.json().professor_subjects[0].subject.id).toBe(subject.id);
  });
});

describe('the students list: filters, relations and paging', () => {
  let gen: number;
  let groupA: number;
  let groupB: number;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    gen = (await insertGeneration(ctx(), 2021)).id;
    groupA = (await insertGroup(ctx(), 'LST-101', 1)).id;
    groupB = (await insertGroup(ctx(), 'LST-301', 3)).id;
    ids.activa = (
      await insertStudent(ctx(), {
        full_name: 'Lista Álvarez Activa',
        controlnumber: 'LST-1',
        email: 'lista.activa@test.mx',
        groupIds: [groupA],
        generationId: gen,
        semester: 1,
        active: 1,
      })
    ).id;
    ids.baja = (
      await insertStudent(ctx(), {
        full_name: 'Lista Baja',
        controlnumber: 'LST-2',
        email: 'lista.baja@test.mx',
        groupIds: [groupB],
        generationId: gen,
        semester: 3,
        active: 0,
      })
    ).id;
    ids.graduada = (
      await insertStudent(ctx(), {
        full_name: 'Lista Graduada',
        controlnumber: 'LST-3',
        email: 'lista.grad@test.mx',
        groupIds: [groupA, groupB],
        generationId: gen,
        semester: 9,
        active: 2,
      })
    ).id;
    ids.sinGen = (
      await insertStudent(ctx(), {
        full_name: 'Lista Sin Generación',
        controlnumber: 'LST-4',
        email: 'lista.singen@test.mx',
      })
    ).id;
  });

  const list = async (query: string) => {
    const res = await as(ctx(), chief, { method: 'GET', url: `/api/users?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const idsOf = (rows: Array<{ id: number }>) => rows.map((r) => r.id).filter((id) => Object.values(ids).includes(id));

  it('answers students with their groups and, with include_generation=1, their latest generation; never a password', async () => {
    const res = await as(ctx(), chief, { method: 'GET', url: '/api/users?role=3&include_generation=1' });
    expect(res.body).not.toMatch(/password|argon2/);
    const rows = res.json() as Array<{ id: number; groups: unknown[]; latest_generation: unknown }>;
    const grad = rows.find((r) => r.id === ids.graduada)!;
    expect(grad.groups).toEqual([
      { id: groupA, group_name: 'LST-101', semester_id: 1 },
      { id: groupB, group_name: 'LST-301', semester_id: 3 },
    ]);
    expect(grad.latest_generation).toMatchObject({
      generation_id: gen,
      generation_name: '2021-2026',
      current_semester_id: 9,
      active: 2,
    });
    expect(rows.find((r) => r.id === ids.sinGen)!.latest_generation).toBeNull();
    const plain = (await list('role=3')) as Array<Record<string, unknown>>;
    expect(plain.find((r) => r.id === ids.activa)).not.toHaveProperty('latest_generation');
  });

  it('filters by status, group and text (name, number or e-mail)', async () => {
    expect(idsOf(await list('role=3&active=1'))).toEqual([ids.activa]);
    expect(idsOf(await list('role=3&active=0'))).toEqual([ids.baja]);
    expect(idsOf(await list('role=3&active=2'))).toEqual([ids.graduada]);
    expect(idsOf(await list(`role=3&group_id=${groupB}`))).toEqual([ids.baja, ids.graduada]);
    expect(idsOf(await list(`role=3&group_id=${groupA}&active=2`))).toEqual([ids.graduada]);
    expect(idsOf(await list('role=3&search=lst-2'))).toEqual([ids.baja]);
    expect(idsOf(await list('role=3&search=LISTA.GRAD@'))).toEqual([ids.graduada]);
    expect(idsOf(await list('role=3&search=100%25'))).toEqual([]);
    expect(idsOf(await list('role=3&search=ALVAREZ'))).toEqual([ids.activa]);
    expect(idsOf(await list('role=3&search=generaci%C3%93n'))).toEqual([ids.sinGen]);
  });

  it('pages in SQL with {data, meta} only when page or per_page is sent', async () => {
    const first = await list('role=3&search=Lista&per_page=2');
    expect(first.meta).toEqual({ current_page: 1, last_page: 2, total: 4, per_page: 2 });
    const second = await list('role=3&search=Lista&per_page=2&page=2');
    const names = [...first.data, ...second.data].map((u: { full_name: string }) => u.full_name);
    expect(names).toEqual(['Lista Álvarez Activa', 'Lista Baja', 'Lista Graduada', 'Lista Sin Generación']);
    const beyond = await list('role=3&search=Lista&per_page=2&page=9');
    expect(beyond.meta.current_page).toBe(2);
  });

  it('answers 403 to teachers and students on every users route, changing nothing', async () => {
    const teacher = await createUser(ctx(), ROLE.TEACHER);
    const student = await createUser(ctx(), ROLE.STUDENT);
    const before = await peopleSnapshot(ctx());
    for (const user of [teacher, student]) {
      expect((await as(ctx(), user, { method: 'GET', url: '/api/users?role=3' })).statusCode).toBe(403);
      expect(
        (
          await as(ctx(), user, {
            method: 'POST',
            url: '/api/users',
            payload: { full_name: 'X Y', controlnumber: '1', email: `x${user.id}@test.mx`, gender: 1, role: 3 },
          })
        ).statusCode,
      ).toBe(403);
      expect(
        (
          await as(ctx(), user, {
            method: 'PUT',
            url: `/api/users/${ids.activa}`,
            payload: { full_name: 'Cambio', email: 'cambio@test.mx' },
          })
        ).statusCode,
      ).toBe(403);
      expect((await as(ctx(), user, { method: 'DELETE', url: `/api/users/${ids.activa}` })).statusCode).toBe(403);
    }
    expect(await peopleSnapshot(ctx())).toEqual(before);
  });

  it("answers 409 suggesting 'Baja' when a student with grades is deleted", async () => {
    const s = await own(await insertStudent(ctx()));
    const teacherRow = await createUser(ctx(), ROLE.TEACHER);
    const subject = await makeSubject(ctx());
    const now = new Date().toISOString();
    const ps = await ctx()
      .database.db.insertInto('professor_subjects')
      .values({
        user_id: teacherRow.id,
        subject_id: subject.id,
        group_id: null,
        period_id: null,
        career_id: null,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const activity = await ctx()
      .database.db.insertInto('activities')
      .values({
        professor_subject_id: ps.id,
        activity_name: 'Examen',
        type_activity: 'Examen',
        evaluation_instrument: 'Rúbrica',
        ponderation: 100,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ctx()
      .database.db.insertInto('user_activities')
      .values({ user_id: s.id, activity_id: activity.id, qualification: 80, updated_by: null, updated_at: now })
      .execute();
    const before = await peopleSnapshot(ctx());
    const res = await as(ctx(), chief, { method: 'DELETE', url: `/api/users/${s.id}` });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(PEOPLE_MSG.inUseStudent);
    expect(await peopleSnapshot(ctx())).toEqual(before);
  });

  it("creates a student from the spec's payload: number as text, gender and role as strings", async () => {
    const res = await as(ctx(), chief, {
      method: 'POST',
      url: '/api/users',
      payload: {
        full_name: 'Rosa Lima',
        controlnumber: 2024001,
        email: 'rosa.lima@test.mx',
        gender: '2',
        role: '3',
        password: 'rosa',
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ controlnumber: '2024001', gender: 2, role: 3 });
    await expect(login(ctx(), 'rosa.lima@test.mx', res.json().initial_password)).resolves.toBeTruthy();
  });
});

describe('the students search folds ñ and keeps digits as typed', () => {
  it("finds 'Núñez' by 'nunez' or 'NÚÑEZ' and a control number by a middle run of its digits", async () => {
    const student = await insertStudent(ctx(), {
      full_name: 'Ramiro Núñez Peña',
      controlnumber: 'NZ26010099',
      email: 'ramiro.nz@test.mx',
    });
    for (const term of ['nunez', 'NÚÑEZ', 'nuñez', 'pena', '2601009']) {
      const res = await as(ctx(), chief, {
        method: 'GET',
        url: `/api/users?role=3&search=${encodeURIComponent(term)}`,
      });
      expect(res.statusCode).toBe(200);
      expect(
        (res.json() as Array<{ id: number }>).map((r) => r.id),
        term,
      ).toEqual([student.id]);
    }
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { MSG, ROLE, initialPassword } from '@egreso/domain';
import { hashInitialPassword, initialPasswordExpired, issueOneTimePassword } from '../../lib/passwords.js';
import { insertGroup, insertStudent, makeCareer, makeChief } from '../../test/factories.js';
import { as, createUser, login, useTestApp, type TestUser } from '../../test/harness.js';

/*
 * DESIGN §5 "Initial credentials": a created or reset account gets a random one-time password, answered once, that
 * expires unclaimed; a chief resets, edits and deletes only people linked to their careers alone.
 */
const ctx = useTestApp();
let admin: TestUser;
let chiefX: TestUser;
let careerX: number;
let careerY: number;

beforeAll(async () => {
  admin = await createUser(ctx(), ROLE.ADMIN);
  careerX = (await makeCareer(ctx())).id;
  careerY = (await makeCareer(ctx())).id;
  chiefX = await makeChief(ctx(), [careerX]);
  await makeChief(ctx(), [careerY]);
});

function signIn(email: string, password: string) {
  return ctx().app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
}

async function register(n: number, actor: TestUser = chiefX) {
  const res = await as(ctx(), actor, {
    method: 'POST',
    url: '/api/users',
    payload: {
      full_name: 'Juan Pérez López',
      controlnumber: `L2601999${n}`,
      email: `l2601999${n}@test.mx`,
      gender: 1,
      role: 3,
      password: initialPassword('Juan Pérez López', `L2601999${n}`),
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; email: string; initial_password: string };
}

async function link(userId: number, careers: number[]) {
  if (careers.length === 0) return;
  await ctx()
    .database.db.insertInto('user_careers')
    .values(careers.map((career_id) => ({ user_id: userId, career_id })))
    .execute();
}

async function hashOf(id: number) {
  const row = await ctx()
    .database.db.selectFrom('users')
    .select(['password_hash', 'full_name', 'email', 'must_change_password'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row;
}

describe('one-time passwords of created accounts', () => {
  it('are random, at least 12 characters, different for two people of the same name, and not the formula', async () => {
    const a = await register(1);
    const b = await register(2);
    for (const p of [a.initial_password, b.initial_password]) {
      expect(p.length).toBeGreaterThanOrEqual(12);
      expect(p).not.toMatch(/juan|2601999/i);
    }
    expect(a.initial_password).not.toBe(b.initial_password);
    // A classmate who knows the name and the number cannot claim the account.
    const formula = await signIn(a.email, initialPassword('Juan Pérez López', 'L26019991'));
    expect(formula.statusCode).toBe(401);
    expect(formula.json().message).toBe(MSG.invalidCredentials);
    const owner = await signIn(a.email, a.initial_password);
    expect(owner.statusCode).toBe(200);
    expect(owner.json().must_change_password).toBe(true);
  });

  it('are shown once: reading the person again never carries a password', async () => {
    const a = await register(3);
    const one = await as(ctx(), chiefX, { method: 'GET', url: `/api/users/${a.id}` });
    const list = await as(ctx(), chiefX, { method: 'GET', url: '/api/users?role=3' });
    for (const res of [one, list]) {
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('initial_password');
      expect(res.body).not.toContain(a.initial_password);
    }
  });

  it('expire unclaimed after INITIAL_PASSWORD_DAYS: the right password then answers 401 asking for a new one', async () => {
    const now = new Date('2030-01-01T00:00:00Z');
    const { hash } = issueOneTimePassword(14, now);
    expect(initialPasswordExpired(hash, new Date('2030-01-14T23:59:59Z'))).toBe(false);
    expect(initialPasswordExpired(hash, new Date('2030-01-15T00:00:00Z'))).toBe(true);
    // The published demo accounts' hashes carry no expiry.
    expect(initialPasswordExpired(hashInitialPassword('demo1234'), new Date('2099-01-01'))).toBe(false);

    const a = await register(4);
    // The created account's hash expires INITIAL_PASSWORD_DAYS (14 by default) after its creation.
    const expiresMs = Number(/^\$initial-sha256\$e(\d+)\$/.exec((await hashOf(a.id)).password_hash)![1]);
    expect(Math.abs(expiresMs - (Date.now() + 14 * 86_400_000))).toBeLessThan(60_000);
    await ctx()
      .database.db.updateTable('users')
      .set({ password_hash: hashInitialPassword(a.initial_password, new Date(Date.now() - 1000)) })
      .where('id', '=', a.id)
      .execute();
    const expired = await signIn(a.email, a.initial_password);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toBe(MSG.initialPasswordExpired);
    // A wrong password says only that the credentials are wrong.
    expect((await signIn(a.email, 'otra-cosa-123')).json().message).toBe(MSG.invalidCredentials);
  });
});

describe('password resets', () => {
  it("give a new one-time password, close the person's sessions and ask for a change at the next sign-in", async () => {
    const teacher = await createUser(ctx(), ROLE.TEACHER, { password: 'propia-segura-1' });
    await link(teacher.id, [careerX]);
    const second = await login(ctx(), teacher.email, 'propia-segura-1');
    const res = await as(ctx(), chiefX, { method: 'POST', url: `/api/users/${teacher.id}/reset-password` });
    expect(res.statusCode, res.body).toBe(200);
    const fresh = res.json().initial_password as string;
    expect(fresh.length).toBeGreaterThanOrEqual(12);
    for (const token of [teacher.token, second])
      expect((await as(ctx(), { token }, { method: 'GET', url: '/api/me' })).statusCode).toBe(401);
    expect((await signIn(teacher.email, 'propia-segura-1')).statusCode).toBe(401);
    const first = await signIn(teacher.email, fresh);
    expect(first.statusCode).toBe(200);
    expect(first.json().must_change_password).toBe(true);
    // Reading the teacher afterwards never shows it.
    const read = await as(ctx(), chiefX, { method: 'GET', url: `/api/users/${teacher.id}` });
    expect(read.body).not.toContain(fresh);
  });

  it('answer 403 to a reset of oneself, of a chief by a chief, and to teachers and students', async () => {
    const teacher = await createUser(ctx(), ROLE.TEACHER);
    await link(teacher.id, [careerX]);
    const otherChief = await makeChief(ctx(), [careerX]);
    const before = await hashOf(teacher.id);
    expect(
      (await as(ctx(), chiefX, { method: 'POST', url: `/api/users/${chiefX.id}/reset-password` })).statusCode,
    ).toBe(403);
    expect(
      (await as(ctx(), chiefX, { method: 'POST', url: `/api/users/${otherChief.id}/reset-password` })).statusCode,
    ).toBe(403);
    expect(
      (await as(ctx(), teacher, { method: 'POST', url: `/api/users/${teacher.id}/reset-password` })).statusCode,
    ).toBe(403);
    expect((await as(ctx(), null, { method: 'POST', url: `/api/users/${teacher.id}/reset-password` })).statusCode).toBe(
      401,
    );
    expect(await hashOf(teacher.id)).toEqual(before);
  });
});

describe("a chief changes only people linked to their careers alone (DESIGN §5 'A chief's careers')", () => {
  it.each([
    ['with no career link', [] as string[]],
    ["also linked to another chief's career", ['x', 'y']],
  ])('refuses to reset, edit or delete a person %s; the administrator may', async (_label, careers) => {
    const person = await createUser(ctx(), ROLE.TEACHER, { password: 'suya-segura-1' });
    await link(
      person.id,
      careers.map((c) => (c === 'x' ? careerX : careerY)),
    );
    const before = await hashOf(person.id);
    for (const req of [
      { method: 'POST' as const, url: `/api/users/${person.id}/reset-password` },
      {
        method: 'PUT' as const,
        url: `/api/users/${person.id}`,
        payload: { full_name: 'Nombre Cambiado', email: person.email },
      },
      { method: 'DELETE' as const, url: `/api/users/${person.id}` },
    ]) {
      const res = await as(ctx(), chiefX, req);
      expect(res.statusCode, `${req.method} ${req.url}`).toBe(403);
      expect(res.json().message).toBe(MSG.personNotOwned);
    }
    expect(await hashOf(person.id)).toEqual(before);
    // Her own session still works, and so does her password.
    expect((await as(ctx(), person, { method: 'GET', url: '/api/me' })).statusCode).toBe(200);
    const reset = await as(ctx(), admin, { method: 'POST', url: `/api/users/${person.id}/reset-password` });
    expect(reset.statusCode).toBe(200);
    expect((await signIn(person.email, reset.json().initial_password)).statusCode).toBe(200);
  });
});

describe("a group's access slips (POST /users/reset-passwords)", () => {
  it("resets the chief's own students of the group, one new password each, and skips the others", async () => {
    const group = await insertGroup(ctx(), `G${Date.now() % 100000}`, 1);
    const mine = await insertStudent(ctx(), { full_name: 'Ana Grupo', groupIds: [group.id] });
    const alsoMine = await insertStudent(ctx(), { full_name: 'Beto Grupo', groupIds: [group.id] });
    const shared = await insertStudent(ctx(), { full_name: 'Ciro Grupo', groupIds: [group.id] });
    const loose = await insertStudent(ctx(), { full_name: 'Dora Grupo', groupIds: [group.id] });
    await link(mine.id, [careerX]);
    await link(alsoMine.id, [careerX]);
    await link(shared.id, [careerX, careerY]);
    const untouched = [await hashOf(shared.id), await hashOf(loose.id)];
    const res = await as(ctx(), chiefX, {
      method: 'POST',
      url: '/api/users/reset-passwords',
      payload: { group_id: group.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as {
      message: string;
      skipped: number;
      credentials: Array<{ id: number; email: string; initial_password: string }>;
    };
    expect(body.message).toBe('2 contraseñas restablecidas.');
    expect(body.skipped).toBe(2);
    expect(body.credentials.map((c) => c.id)).toEqual([mine.id, alsoMine.id]);
    const [a, b] = body.credentials;
    expect(a!.initial_password).not.toBe(b!.initial_password);
    for (const c of body.credentials) {
      expect(c.initial_password.length).toBeGreaterThanOrEqual(12);
      const first = await signIn(c.email, c.initial_password);
      expect(first.statusCode).toBe(200);
      expect(first.json().must_change_password).toBe(true);
    }
    expect([await hashOf(shared.id), await hashOf(loose.id)]).toEqual(untouched);
    const all = await as(ctx(), admin, {
      method: 'POST',
      url: '/api/users/reset-passwords',
      payload: { group_id: group.id },
    });
    expect(all.json()).toMatchObject({ message: '4 contraseñas restablecidas.', skipped: 0 });
  });
});

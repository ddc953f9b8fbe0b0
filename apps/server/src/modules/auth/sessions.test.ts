import { describe, expect, it } from 'vitest';
import { ROLE } from '@egreso/domain';
import { as, createUser, login, useTestApp } from '../../test/harness.js';

const ctx = useTestApp();

const me = (token: string) => as(ctx(), { token }, { method: 'GET', url: '/api/me' });

describe("closing the account's other sessions", () => {
  it('POST /api/logout-others closes the others, keeps this one, and says how many in Spanish', async () => {
    const u = await createUser(ctx(), ROLE.TEACHER);
    const other = await createUser(ctx(), ROLE.TEACHER);
    const second = await login(ctx(), u.email, u.password);
    const third = await login(ctx(), u.email, u.password);

    const res = await as(ctx(), u, { method: 'POST', url: '/api/logout-others' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Se cerraron 2 sesiones.', closed: 2 });
    expect((await me(u.token)).statusCode).toBe(200);
    expect((await me(second)).statusCode).toBe(401);
    expect((await me(third)).statusCode).toBe(401);
    expect((await me(other.token)).statusCode).toBe(200);

    expect((await as(ctx(), u, { method: 'POST', url: '/api/logout-others' })).json()).toEqual({
      message: 'No había otras sesiones abiertas.',
      closed: 0,
    });
    await login(ctx(), u.email, u.password);
    expect((await as(ctx(), u, { method: 'POST', url: '/api/logout-others' })).json()).toEqual({
      message: 'Se cerró 1 sesión.',
      closed: 1,
    });
    expect((await ctx().app.inject({ method: 'POST', url: '/api/logout-others' })).statusCode).toBe(401);
  });

  it('an e-mail change closes the other sessions of the account; the current one survives', async () => {
    const u = await createUser(ctx(), ROLE.STUDENT, { password: 'cielo-de-marzo' });
    const second = await login(ctx(), u.email, u.password);
    const same = await as(ctx(), u, {
      method: 'PUT',
      url: `/api/users/${u.id}`,
      payload: { full_name: 'Nombre Cambiado', email: u.email },
    });
    expect(same.statusCode).toBe(200);
    expect((await me(second)).statusCode).toBe(200);

    const changed = await as(ctx(), u, {
      method: 'PUT',
      url: `/api/users/${u.id}`,
      payload: { full_name: 'Nombre Cambiado', email: 'correo.nuevo@test.mx', current_password: u.password },
    });
    expect(changed.statusCode).toBe(200);
    expect((await me(u.token)).statusCode).toBe(200);
    expect((await me(second)).statusCode).toBe(401);
  });

  it("a manager's e-mail change closes every session of that person", async () => {
    const admin = await createUser(ctx(), ROLE.ADMIN);
    const teacher = await createUser(ctx(), ROLE.TEACHER);
    const res = await as(ctx(), admin, {
      method: 'PUT',
      url: `/api/users/${teacher.id}`,
      payload: { full_name: teacher.full_name, email: 'otro.correo@test.mx', role: ROLE.TEACHER },
    });
    expect(res.statusCode).toBe(200);
    expect((await me(teacher.token)).statusCode).toBe(401);
    expect((await me(admin.token)).statusCode).toBe(200);
  });
});

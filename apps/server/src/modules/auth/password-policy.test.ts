import { afterEach, describe, expect, it } from 'vitest';
import { MSG, PASSWORD_POLICY_MSG, ROLE } from '@egreso/domain';
import { createAdministrator, OperatorError, resetPassword } from '../../admin.js';
import { COMMON_PASSWORDS_COUNT, commonPasswords, setCommonPasswords } from '../../lib/password-policy.js';
import { as, createUser, login, useTestApp } from '../../test/harness.js';

const ctx = useTestApp();

afterEach(() => setCommonPasswords(undefined));

describe('the list of common passwords', () => {
  it("is the 10,000 most common of the package's ranked list", () => {
    const list = commonPasswords();
    expect(list.size).toBeGreaterThan(COMMON_PASSWORDS_COUNT * 0.95);
    for (const p of ['12345678', 'password', 'qwertyuiop', 'iloveyou']) expect(list.has(p), p).toBe(true);
    expect(list.has('tortuga-azul-de-campeche')).toBe(false);
  });
});

describe('new passwords follow the policy (DESIGN §5)', () => {
  it('refuses a password of the real list', async () => {
    const u = await createUser(ctx(), ROLE.TEACHER, { email: 'lista.real@test.mx', password: 'anterior-1' });
    const res = await as(ctx(), u, {
      method: 'POST',
      url: `/api/users/${u.id}/password`,
      payload: { current_password: u.password, password: 'qwertyuiop', password_confirmation: 'qwertyuiop' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.password).toEqual([PASSWORD_POLICY_MSG.common]);
  });

  const change = (u: { id: number; token: string; password: string }, password: string) =>
    as(ctx(), u, {
      method: 'POST',
      url: `/api/users/${u.id}/password`,
      payload: { current_password: u.password, password, password_confirmation: password },
    });

  it('refuses 123456, a common password, the name, the e-mail and the number, and changes nothing', async () => {
    setCommonPasswords(['password1', 'iloveyou2']);
    const u = await createUser(ctx(), ROLE.STUDENT, {
      full_name: 'Ximena Ibáñez Ruiz',
      email: 'ximena.docs@test.mx',
      controlnumber: '26019999',
      password: 'anterior-1',
    });
    const cases: Array<[string, string]> = [
      ['123456', MSG.passwordMin],
      ['Password1', PASSWORD_POLICY_MSG.common],
      ['IBANEZ-2026', PASSWORD_POLICY_MSG.name],
      ['la-ximena-99', PASSWORD_POLICY_MSG.name],
      ['mi-clave-26019999', PASSWORD_POLICY_MSG.number],
    ];
    for (const [password, message] of cases) {
      const res = await change(u, password);
      expect(res.statusCode, password).toBe(422);
      expect(res.json().errors.password, password).toEqual([message]);
    }
    const byEmail = await createUser(ctx(), ROLE.TEACHER, { email: 'rcanto@test.mx', password: 'anterior-1' });
    const res = await change(byEmail, 'x-RCanto-x');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.password).toEqual([PASSWORD_POLICY_MSG.email]);
    // Nothing changed: the old password still signs in, and a good one is accepted.
    await expect(login(ctx(), u.email, 'anterior-1')).resolves.toBeTruthy();
    expect((await change(u, 'cielo-de-marzo')).statusCode).toBe(200);
    await expect(login(ctx(), u.email, 'cielo-de-marzo')).resolves.toBeTruthy();
  });

  it("the operator's command follows the same rules", async () => {
    setCommonPasswords(['password1']);
    const db = ctx().database.db;
    await expect(createAdministrator(db, { email: 'op@uni.mx', name: 'Operadora', password: 'a' })).rejects.toThrow(
      MSG.passwordMin,
    );
    await expect(
      createAdministrator(db, { email: 'op@uni.mx', name: 'Operadora', password: 'PASSWORD1' }),
    ).rejects.toThrow(PASSWORD_POLICY_MSG.common);
    await expect(
      createAdministrator(db, { email: 'op@uni.mx', name: 'Operadora Uno', password: 'operadora-77' }),
    ).rejects.toThrow(OperatorError);
    const admin = await createUser(ctx(), ROLE.ADMIN, { full_name: 'Rodrigo Salas', password: 'olvidada1' });
    await expect(resetPassword(db, { email: admin.email, password: 'salas-2026' })).rejects.toThrow(
      PASSWORD_POLICY_MSG.name,
    );
    await expect(login(ctx(), admin.email, 'olvidada1')).resolves.toBeTruthy();
  });
});

import argon2 from 'argon2';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG, ROLE } from '@egreso/domain';
import { buildApp } from '../../app.js';
import { hashInitialPassword } from '../../lib/passwords.js';
import { nowIso } from '../../lib/time.js';
import { as, createUser, onPostgres, useTestApp } from '../../test/harness.js';
import { THROTTLE, throttleDelaySeconds } from './throttle.js';

const ctx = useTestApp();

afterEach(() => {
  vi.restoreAllMocks();
});

let address = 0;
/** Each test signs in from its own client address, so the per-address count of one test never reaches another. */
const newAddress = () => `198.51.100.${++address}`;

function signIn(email: string, password: string, remoteAddress: string) {
  return ctx().app.inject({ method: 'POST', url: '/api/login', payload: { email, password }, remoteAddress });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the delay curve', () => {
  it('waits nothing below the threshold, then doubles from 2 seconds up to 5 minutes', () => {
    expect([1, 2, 3, 4].map((n) => throttleDelaySeconds(n, 5))).toEqual([0, 0, 0, 0]);
    expect([5, 6, 7, 8, 9, 10, 11, 12].map((n) => throttleDelaySeconds(n, 5))).toEqual([2, 4, 8, 16, 32, 64, 128, 256]);
    expect(throttleDelaySeconds(13, 5)).toBe(300);
    expect(throttleDelaySeconds(1000, 5)).toBe(THROTTLE.maxDelaySeconds);
    expect(throttleDelaySeconds(99, 100)).toBe(0);
    expect(throttleDelaySeconds(100, 100)).toBe(2);
  });
});

describe('per account', () => {
  it('from the 5th failure the next attempt waits, refused with 429 and Retry-After without running argon2; the right password works after the wait', async () => {
    const u = await createUser(ctx(), ROLE.TEACHER);
    const ip = newAddress();
    for (let i = 0; i < 5; i++) expect((await signIn(u.email, `mala${i}`, ip)).statusCode).toBe(401);

    const verify = vi.spyOn(argon2, 'verify');
    const refused = await signIn(u.email, u.password, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: 'Demasiados intentos. Espera 2 segundos.' });
    expect(refused.headers['retry-after']).toBe('2');
    expect(verify).not.toHaveBeenCalled();
    // Another address does not help: the account waits.
    expect((await signIn(u.email, u.password, newAddress())).statusCode).toBe(429);

    await sleep(2100);
    expect((await signIn(u.email, u.password, ip)).statusCode).toBe(200);
    // A success forgets the account's failures: four more do not make it wait.
    for (let i = 0; i < 4; i++) expect((await signIn(u.email, 'otra-mala', ip)).statusCode).toBe(401);
    expect((await signIn(u.email, u.password, ip)).statusCode).toBe(200);
  });

  it('makes each further failure wait longer, and a refused attempt is not a failure', async () => {
    const u = await createUser(ctx(), ROLE.STUDENT);
    const ip = newAddress();
    for (let i = 0; i < 5; i++) await signIn(u.email, 'mala', ip);
    for (let i = 0; i < 3; i++) expect((await signIn(u.email, 'mala', ip)).headers['retry-after']).toBe('2');
    await sleep(2100);
    expect((await signIn(u.email, 'mala', ip)).statusCode).toBe(401);
    const next = await signIn(u.email, u.password, ip);
    expect(next.statusCode).toBe(429);
    expect(next.headers['retry-after']).toBe('4');
    expect(next.json().message).toBe(MSG.tooManyAttempts(4));
  });

  it('treats an unknown e-mail like an account, and leaves other accounts alone', async () => {
    const ip = newAddress();
    for (let i = 0; i < 5; i++) expect((await signIn('nadie.aqui@test.mx', 'x', ip)).statusCode).toBe(401);
    expect((await signIn('nadie.aqui@test.mx', 'x', ip)).statusCode).toBe(429);
    const other = await createUser(ctx(), ROLE.STUDENT);
    expect((await signIn(other.email, other.password, ip)).statusCode).toBe(200);
  });

  it('counts the current-password checks of password and e-mail changes with the sign-in failures', async () => {
    const u = await createUser(ctx(), ROLE.TEACHER);
    const ip = newAddress();
    const change = (current: string) =>
      as(ctx(), u, {
        method: 'POST',
        url: `/api/users/${u.id}/password`,
        remoteAddress: ip,
        payload: { current_password: current, password: 'nueva-clave', password_confirmation: 'nueva-clave' },
      });
    for (let i = 0; i < 3; i++) expect((await change(`mala${i}`)).statusCode).toBe(422);
    const email = await as(ctx(), u, {
      method: 'PUT',
      url: `/api/users/${u.id}`,
      remoteAddress: ip,
      payload: { full_name: 'X', email: 'otro.mail@test.mx', current_password: 'mala' },
    });
    expect(email.statusCode).toBe(422);
    expect((await signIn(u.email, 'mala', ip)).statusCode).toBe(401);

    const refused = await change(u.password);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('2');
    expect((await signIn(u.email, u.password, ip)).statusCode).toBe(429);
  });
});

describe('per client address', () => {
  it('from the 100th failure of an address every attempt from it waits; other addresses and successes do not count', async () => {
    const ip = newAddress();
    const u = await createUser(ctx(), ROLE.STUDENT);
    // Successes from the address never count.
    for (let i = 0; i < 3; i++) expect((await signIn(u.email, u.password, ip)).statusCode).toBe(200);
    // One guess per account across many accounts: 99 failures, none reaching an account's own threshold.
    vi.spyOn(argon2, 'verify').mockResolvedValue(false);
    for (let i = 0; i < 99; i++) expect((await signIn(`adivina${i}@test.mx`, 'x', ip)).statusCode).toBe(401);
    vi.restoreAllMocks();
    expect((await signIn(u.email, u.password, ip)).statusCode).toBe(200);

    vi.spyOn(argon2, 'verify').mockResolvedValue(false);
    expect((await signIn('adivina-cien@test.mx', 'x', ip)).statusCode).toBe(401);
    vi.restoreAllMocks();
    const refused = await signIn(u.email, u.password, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('2');
    expect((await signIn(u.email, u.password, newAddress())).statusCode).toBe(200);
  });
});

describe('every failed sign-in costs the same', () => {
  async function initialPasswordAccount(email: string) {
    const now = nowIso();
    await ctx()
      .database.db.insertInto('users')
      .values({
        full_name: 'Importada Inicial',
        email,
        password_hash: hashInitialPassword('importada12345'),
        role: ROLE.STUDENT,
        controlnumber: null,
        gender: null,
        photo: null,
        created_at: now,
        updated_at: now,
        must_change_password: 1,
      })
      .execute();
  }

  it('runs one argon2 verification for an unknown e-mail, an argon2 account and an account still holding its initial password', async () => {
    const argonAccount = await createUser(ctx(), ROLE.STUDENT);
    await initialPasswordAccount('inicial.cuenta@test.mx');
    const verify = vi.spyOn(argon2, 'verify');
    for (const email of ['no.existe@test.mx', argonAccount.email, 'inicial.cuenta@test.mx']) {
      verify.mockClear();
      expect((await signIn(email, 'incorrecta', newAddress())).statusCode).toBe(401);
      expect(verify, email).toHaveBeenCalledTimes(1);
    }
    // The initial password still signs in (and is moved to argon2).
    expect((await signIn('inicial.cuenta@test.mx', 'importada12345', newAddress())).statusCode).toBe(200);
  });

  it('takes about as long whatever the account (medians of several attempts)', async () => {
    const kinds: Record<string, string[]> = { unknown: [], argon2: [], initial: [] };
    for (let i = 0; i < 5; i++) {
      kinds.unknown!.push(`desconocida${i}@test.mx`);
      kinds.argon2!.push((await createUser(ctx(), ROLE.STUDENT)).email);
      const email = `inicial${i}@test.mx`;
      await initialPasswordAccount(email);
      kinds.initial!.push(email);
    }
    const medians: Record<string, number> = {};
    for (const [kind, emails] of Object.entries(kinds)) {
      const times: number[] = [];
      for (const email of emails) {
        const start = performance.now();
        expect((await signIn(email, 'incorrecta', newAddress())).statusCode).toBe(401);
        times.push(performance.now() - start);
      }
      medians[kind] = times.sort((a, b) => a - b)[2]!;
    }
    const values = Object.values(medians);
    // Before, the initial-password account failed in well under a millisecond against tens for argon2.
    expect(Math.max(...values) / Math.min(...values), JSON.stringify(medians)).toBeLessThan(3);
  });
});

describe.runIf(onPostgres)('several processes on one PostgreSQL', () => {
  it('share the counters: failures through one app make the other wait', async () => {
    const second = await buildApp({ database: ctx().database });
    await second.ready();
    try {
      const u = await createUser(ctx(), ROLE.TEACHER);
      const ip = newAddress();
      for (let i = 0; i < 5; i++) expect((await signIn(u.email, 'mala', ip)).statusCode).toBe(401);
      const other = await second.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: u.email, password: u.password },
        remoteAddress: ip,
      });
      expect(other.statusCode).toBe(429);
    } finally {
      await second.close();
    }
  });
});

import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { ROLE } from '@egreso/domain';
import { OperatorError, createAdministrator, resetPassword, runAdminCommand } from './admin.js';
import { as, createUser, useTestApp } from './test/harness.js';

const ctx = useTestApp();

function signIn(email: string, password: string) {
  return ctx().app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
}

afterEach(() => {
  delete process.env.NEW_PASSWORD;
});

describe('npm run admin', () => {
  it('create makes an administrator who signs in without a forced change; a taken e-mail or a short password is refused', async () => {
    const id = await createAdministrator(ctx().database.db, {
      email: 'Operadora@Uni.mx',
      name: ' Operadora Uno ',
      password: 'turno-de-noche',
    });
    const row = await ctx()
      .database.db.selectFrom('users')
      .select(['role', 'full_name', 'email'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ role: ROLE.ADMIN, full_name: 'Operadora Uno', email: 'operadora@uni.mx' });
    const login = await signIn('operadora@uni.mx', 'turno-de-noche');
    expect(login.statusCode).toBe(200);
    expect(login.json().must_change_password).toBe(false);

    await expect(
      createAdministrator(ctx().database.db, { email: 'operadora@uni.mx', name: 'Otra', password: 'turno-de-noche' }),
    ).rejects.toThrow(OperatorError);
    await expect(
      createAdministrator(ctx().database.db, { email: 'corta@uni.mx', name: 'Corta', password: 'corta' }),
    ).rejects.toThrow(/8 caracteres/);
    await expect(
      createAdministrator(ctx().database.db, { email: 'no-es-correo', name: 'X', password: 'clave-larga' }),
    ).rejects.toThrow(/--email/);
  });

  it('reset-password sets the new password, closes the open sessions and is audited without the password', async () => {
    const admin = await createUser(ctx(), ROLE.ADMIN, { password: 'olvidada1' });
    await resetPassword(ctx().database.db, { email: admin.email, password: 'recuperada-1' });
    expect((await as(ctx(), admin, { method: 'GET', url: '/api/me' })).statusCode).toBe(401);
    expect((await signIn(admin.email, 'olvidada1')).statusCode).toBe(401);
    expect((await signIn(admin.email, 'recuperada-1')).statusCode).toBe(200);
    const log = await ctx()
      .database.db.selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'operator.password.reset')
      .where('entity_id', '=', admin.id)
      .executeTakeFirstOrThrow();
    expect(log.details).not.toMatch(/recuperada/);
    await expect(resetPassword(ctx().database.db, { email: 'nadie@uni.mx', password: 'recuperada-1' })).rejects.toThrow(
      /No existe/,
    );
  });

  it('reads the password from NEW_PASSWORD and the e-mail and name from the arguments', async () => {
    process.env.NEW_PASSWORD = 'luna-llena-7';
    const out = await runAdminCommand(['create', '--email', 'cli@uni.mx', '--name', 'Desde Consola'], ctx().database);
    expect(out).toBe('Administrador cli@uni.mx creado.');
    expect((await signIn('cli@uni.mx', 'luna-llena-7')).statusCode).toBe(200);
    await expect(runAdminCommand(['create', '--email', 'x@uni.mx'], ctx().database)).rejects.toThrow(/Uso:/);
    await expect(runAdminCommand(['borrar'], ctx().database)).rejects.toThrow(/Uso:/);
  });

  it('without a terminal nor NEW_PASSWORD fails with a Spanish line and a non-zero exit, creating nothing', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'admin-cli-')), 'app.db');
    const env = { ...process.env, DATABASE_URL: `sqlite:${file}`, NEW_PASSWORD: '' };
    const run = (input: string) =>
      spawnSync(
        process.execPath,
        [
          '--import',
          'tsx',
          fileURLToPath(new URL('./admin.ts', import.meta.url)),
          'create',
          '--email',
          'x@uni.mx',
          '--name',
          'Equis',
        ],
        { env, input, encoding: 'utf8' },
      );
    const empty = run('');
    expect(empty.status).toBe(1);
    expect(empty.stderr.trim()).toBe(
      'No se recibió la contraseña: defina NEW_PASSWORD o ejecute la orden en una terminal (no se hizo ningún cambio).',
    );
    const piped = run('cielo-de-marzo\n');
    expect(piped.status).toBe(0);
    expect(piped.stdout).toMatch(/Administrador x@uni.mx creado\./);
  });
});

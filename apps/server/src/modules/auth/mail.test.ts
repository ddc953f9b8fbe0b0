import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_MSG, MSG, ROLE } from '@egreso/domain';
import type { MailConfig } from '../../config.js';
import { insertGroup, insertStudent, makeCareer, makeChief } from '../../test/factories.js';
import { as, createTestApp, createUser, login, type TestContext, type TestUser } from '../../test/harness.js';
import { multipart } from '../../test/multipart.js';
import { startTestSmtp, type ReceivedMail, type TestSmtp } from '../../test/smtp-server.js';

/*
 * DESIGN §5 "Initial credentials" with mail: created, imported and reset accounts get a single-use link (hashed at
 * rest) and the manager never sees a credential; changes are told to the owner; a new e-mail waits for its link.
 * A real SMTP server (smtp-server) receives every message; the tests read it and follow its link.
 */
let smtp: TestSmtp;
let ctx: TestContext & { close: () => Promise<void> };
let admin: TestUser;
let chief: TestUser;
let career: number;
const PUBLIC_URL = 'https://egreso.uni.mx';

beforeAll(async () => {
  smtp = await startTestSmtp();
  const mail: MailConfig = {
    url: smtp.url,
    from: 'Atributos de egreso <egreso@uni.mx>',
    publicUrl: PUBLIC_URL,
    activationHours: 72,
    resetHours: 1,
  };
  ctx = await createTestApp(undefined, { mail, institution: 'Universidad de Prueba' });
  admin = await createUser(ctx, ROLE.ADMIN);
  career = (await makeCareer(ctx)).id;
  chief = await makeChief(ctx, [career]);
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

let seq = 0;
const uniqueEmail = (name: string) => `${name}${++seq}${Math.random().toString(36).slice(2, 6)}@uni.mx`;

const signIn = (email: string, password: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
const readLinkOf = (token: string) => ctx.app.inject({ method: 'POST', url: '/api/auth/link', payload: { token } });
const choosePassword = (token: string, password: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/link/password',
    payload: { token, password, password_confirmation: password },
  });

async function registerTeacher(email: string, actor: TestUser = chief) {
  const res = await as(ctx, actor, {
    method: 'POST',
    url: '/api/users',
    payload: { full_name: 'Marta Ríos Luna', controlnumber: `E${++seq}`, email, gender: 2, role: ROLE.TEACHER },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res;
}

async function mailTo(email: string, subject: RegExp, since = 0): Promise<ReceivedMail> {
  return smtp.waitFor(email, subject, { since });
}

async function hashOf(id: number) {
  return (
    await ctx.database.db.selectFrom('users').select('password_hash').where('id', '=', id).executeTakeFirstOrThrow()
  ).password_hash;
}

describe('activation by e-mail', () => {
  it('a created teacher gets a link; the chief sees no credential; the owner chooses a password and is signed in', async () => {
    const email = uniqueEmail('marta');
    const res = await registerTeacher(email);
    const body = res.json();
    expect(body).not.toHaveProperty('initial_password');
    expect(body.mail).toEqual({ sent: 1, failed: [] });
    const mail = await mailTo(email, /Activa tu cuenta/);
    expect(mail.from).toContain('egreso@uni.mx');
    expect(mail.text).toContain('Hola, Marta Ríos Luna:');
    expect(mail.text).toContain('Universidad de Prueba');
    expect(mail.html).toContain('Activar mi cuenta');
    const { url, token } = smtp.linkIn(mail);
    expect(url.startsWith(`${PUBLIC_URL}/app/activar#token=`)).toBe(true);
    // 256 random bits, URL-safe; only the SHA-256 is stored.
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await ctx.database.db.selectFrom('mail_links').selectAll().where('user_id', '=', body.id).execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(Date.parse(stored[0]!.expires_at) - Date.now()).toBeGreaterThan(71.9 * 3_600_000);
    // No password signs in before the owner chooses one.
    expect((await hashOf(body.id)).startsWith('!')).toBe(true);
    expect((await signIn(email, '')).statusCode).toBe(422);
    expect((await signIn(email, '!awaiting-link')).statusCode).toBe(401);

    const info = await readLinkOf(token);
    expect(info.json()).toEqual({ purpose: 'activation', full_name: 'Marta Ríos Luna', email, new_email: null });
    // The same policy as every new password, in Spanish.
    const weak = await choosePassword(token, '123456789');
    expect(weak.statusCode).toBe(422);
    const named = await choosePassword(token, 'MartaLuna2026!');
    expect(named.statusCode).toBe(422);
    expect(named.json().errors.password[0]).toMatch(/nombre/);
    const since = smtp.received.length;
    const ok = await choosePassword(token, 'cometa-violeta-17');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ user: { email }, must_change_password: false });
    expect((await as(ctx, { token: ok.json().token }, { method: 'GET', url: '/api/me' })).statusCode).toBe(200);
    expect((await signIn(email, 'cometa-violeta-17')).json().must_change_password).toBe(false);
    // The owner is told.
    expect((await mailTo(email, /contraseña .*cambió/, since)).text).toContain('cambió');
    // Single use.
    expect((await choosePassword(token, 'otra-clave-segura-9')).statusCode).toBe(410);
    const again = await readLinkOf(token);
    expect(again.statusCode).toBe(410);
    expect(again.json().message).toBe(MAIL_MSG.linkInvalid);
  });

  it('an expired link, an unknown one and one of another purpose are refused with the same Spanish message', async () => {
    const email = uniqueEmail('expira');
    const { id } = (await registerTeacher(email)).json();
    const { token } = smtp.linkIn(await mailTo(email, /Activa/));
    await ctx.database.db
      .updateTable('mail_links')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', id)
      .execute();
    for (const res of [await readLinkOf(token), await choosePassword(token, 'cometa-violeta-17')]) {
      expect(res.statusCode).toBe(410);
      expect(res.json().message).toBe(MAIL_MSG.linkInvalid);
    }
    expect((await readLinkOf('x'.repeat(43))).statusCode).toBe(410);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/link/email', payload: { token } })).statusCode).toBe(
      410,
    );
    expect((await hashOf(id)).startsWith('!')).toBe(true);
  });

  it("a manager's reset sends a new link that replaces the older; the old password stops working, sessions close", async () => {
    const teacher = await createUser(ctx, ROLE.TEACHER, { password: 'suya-segura-31', email: uniqueEmail('reset') });
    await ctx.database.db.insertInto('user_careers').values({ user_id: teacher.id, career_id: career }).execute();
    const reset = async () => {
      const since = smtp.received.length;
      const res = await as(ctx, chief, { method: 'POST', url: `/api/users/${teacher.id}/reset-password` });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).not.toHaveProperty('initial_password');
      expect(res.json().message).toBe(MAIL_MSG.resetSent(teacher.email));
      return smtp.linkIn(await mailTo(teacher.email, /restablecida/, since));
    };
    const first = await reset();
    expect(first.url).toContain('/app/restablecer#token=');
    expect((await as(ctx, teacher, { method: 'GET', url: '/api/me' })).statusCode).toBe(401);
    expect((await signIn(teacher.email, 'suya-segura-31')).statusCode).toBe(401);
    const second = await reset();
    expect((await readLinkOf(first.token)).statusCode).toBe(410);
    expect((await choosePassword(second.token, 'nueva-clave-segura-8')).statusCode).toBe(200);
  });

  it("a group's reset and an import send links, never passwords", async () => {
    const group = await insertGroup(ctx, `M${Date.now() % 100000}`, 1);
    const a = await insertStudent(ctx, { full_name: 'Ana Correo', email: uniqueEmail('ana'), groupIds: [group.id] });
    await ctx.database.db.insertInto('user_careers').values({ user_id: a.id, career_id: career }).execute();
    const since = smtp.received.length;
    const res = await as(ctx, chief, {
      method: 'POST',
      url: '/api/users/reset-passwords',
      payload: { group_id: group.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().credentials).toEqual([]);
    expect(res.json().mail).toEqual({ sent: 1, failed: [] });
    expect(res.body).not.toContain('initial_password');
    smtp.linkIn(await mailTo(a.email, /restablecida/, since));

    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Profesores');
    ws.addRow(['Nombre completo', 'Número de empleado', 'Correo', 'Género']);
    const emails = [uniqueEmail('imp'), uniqueEmail('imp')];
    ws.addRow(['Iván Importado Uno', `IMP${++seq}`, emails[0], 'Hombre']);
    ws.addRow(['Inés Importada Dos', `IMP${++seq}`, emails[1], 'Mujer']);
    const file = Buffer.from(await wb.xlsx.writeBuffer());
    const imported = await as(ctx, chief, {
      method: 'POST',
      url: '/api/teachers/import',
      ...multipart([{ name: 'file', filename: 'profesores.xlsx', content: file }]),
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toMatchObject({ inserted: 2, mail: { sent: 2, failed: [] } });
    expect(imported.json()).not.toHaveProperty('credentials');
    for (const email of emails) {
      const { token } = smtp.linkIn(await mailTo(email, /Activa/, since));
      const ok = await choosePassword(token, 'cometa-violeta-17');
      expect(ok.statusCode, ok.body).toBe(200);
    }
  });

  it('tells the manager who did not get their mail (never silently)', async () => {
    const refused = uniqueEmail('rebota');
    smtp.refuse.add(refused);
    const res = await registerTeacher(refused);
    expect(res.json().mail).toEqual({ sent: 0, failed: [{ full_name: 'Marta Ríos Luna', email: refused }] });
    expect(res.json()).not.toHaveProperty('initial_password');
    const reset = await as(ctx, admin, { method: 'POST', url: `/api/users/${res.json().id}/reset-password` });
    expect(reset.json()).toMatchObject({ message: MAIL_MSG.notSent(1), mail: { sent: 0 } });
    // Once the address works again, the reset sends the link.
    smtp.refuse.delete(refused);
    const retry = await as(ctx, admin, { method: 'POST', url: `/api/users/${res.json().id}/reset-password` });
    expect(retry.json().mail).toEqual({ sent: 1, failed: [] });
  });
});

describe('forgotten password', () => {
  const forgot = (email: string, ip = '10.1.1.1') =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email }, remoteAddress: ip });

  it('answers the same for an unknown address and sends nothing; a known one gets a 1-hour link', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/mail' })).json()).toEqual({ enabled: true });
    const before = smtp.received.length;
    const unknown = await forgot('nadie-registrado@uni.mx', '10.1.1.2');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ message: MAIL_MSG.forgotSent });
    const owner = await createUser(ctx, ROLE.STUDENT, { password: 'mia-segura-41', email: uniqueEmail('olvido') });
    const known = await forgot(owner.email, '10.1.1.2');
    expect(known.json()).toEqual(unknown.json());
    const mail = await mailTo(owner.email, /Restablece tu contraseña/, before);
    expect(smtp.received.slice(before).some((m) => m.to.includes('nadie-registrado@uni.mx'))).toBe(false);
    const { url, token } = smtp.linkIn(mail);
    expect(url).toContain('/app/restablecer#token=');
    const row = await ctx.database.db
      .selectFrom('mail_links')
      .select(['expires_at', 'purpose'])
      .where('user_id', '=', owner.id)
      .executeTakeFirstOrThrow();
    expect(row.purpose).toBe('reset');
    expect(Math.abs(Date.parse(row.expires_at) - Date.now() - 3_600_000)).toBeLessThan(60_000);
    // Using the link closes the other sessions and signs in with the new password.
    const ok = await choosePassword(token, 'nueva-clave-segura-8');
    expect(ok.statusCode).toBe(200);
    expect((await as(ctx, owner, { method: 'GET', url: '/api/me' })).statusCode).toBe(401);
    expect((await signIn(owner.email, 'mia-segura-41')).statusCode).toBe(401);
    expect((await signIn(owner.email, 'nueva-clave-segura-8')).statusCode).toBe(200);
  });

  it('is throttled per typed address and per client address, known account or not', async () => {
    for (let i = 0; i < 3; i++) expect((await forgot('insiste@uni.mx', `10.2.0.${i}`)).statusCode).toBe(200);
    const fourth = await forgot('insiste@uni.mx', '10.2.0.9');
    expect(fourth.statusCode).toBe(429);
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
    for (let i = 0; i < 20; i++) expect((await forgot(`otro${i}@uni.mx`, '10.3.0.1')).statusCode).toBe(200);
    expect((await forgot('uno-mas@uni.mx', '10.3.0.1')).statusCode).toBe(429);
  });
});

describe('changes told to the owner', () => {
  it('an own password change is notified by mail', async () => {
    const owner = await createUser(ctx, ROLE.TEACHER, { password: 'mia-segura-51', email: uniqueEmail('cambia') });
    const since = smtp.received.length;
    const res = await as(ctx, owner, {
      method: 'POST',
      url: `/api/users/${owner.id}/password`,
      payload: {
        current_password: 'mia-segura-51',
        password: 'cometa-violeta-17',
        password_confirmation: 'cometa-violeta-17',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const mail = await mailTo(owner.email, /cambió/, since);
    // es-MX date in the institution's zone.
    expect(mail.text).toMatch(/\d{1,2} [a-z]{3}\.? \d{4}/);
  });

  it('an e-mail change waits for the new address to confirm; the old one is told; then sessions close', async () => {
    const owner = await createUser(ctx, ROLE.TEACHER, { password: 'mia-segura-61', email: uniqueEmail('viejo') });
    const other = await login(ctx, owner.email, 'mia-segura-61');
    const newEmail = uniqueEmail('nuevo');
    const since = smtp.received.length;
    const res = await as(ctx, owner, {
      method: 'PUT',
      url: `/api/users/${owner.id}`,
      payload: { full_name: owner.full_name, email: newEmail, current_password: 'mia-segura-61' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ email: owner.email, pending_email: newEmail, mail: { sent: 1, failed: [] } });
    const me = await as(ctx, owner, { method: 'GET', url: '/api/me' });
    expect(me.json()).toMatchObject({ email: owner.email, pending_email: newEmail });
    const notice = await mailTo(owner.email, /cambiar el correo/, since);
    expect(notice.text).toContain(newEmail);
    const confirm = await mailTo(newEmail, /Confirma tu nuevo correo/, since);
    const { url, token } = smtp.linkIn(confirm);
    expect(url).toContain('/app/confirmar-correo#token=');
    // Nothing changed yet: the old e-mail still signs in.
    expect((await signIn(owner.email, 'mia-segura-61')).statusCode).toBe(200);
    expect((await readLinkOf(token)).json()).toMatchObject({ purpose: 'email', new_email: newEmail });
    // A password link cannot be used for it, nor this one for a password.
    expect((await choosePassword(token, 'cometa-violeta-17')).statusCode).toBe(410);
    const ok = await ctx.app.inject({ method: 'POST', url: '/api/auth/link/email', payload: { token } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().message).toBe(MAIL_MSG.emailConfirmed(newEmail));
    for (const t of [owner.token, other])
      expect((await as(ctx, { token: t }, { method: 'GET', url: '/api/me' })).statusCode).toBe(401);
    expect((await signIn(owner.email, 'mia-segura-61')).statusCode).toBe(401);
    expect((await signIn(newEmail, 'mia-segura-61')).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/link/email', payload: { token } })).statusCode).toBe(
      410,
    );
  });

  it("a manager's e-mail change also waits for confirmation; a taken address is refused", async () => {
    const teacher = await createUser(ctx, ROLE.TEACHER, { email: uniqueEmail('prof') });
    await ctx.database.db.insertInto('user_careers').values({ user_id: teacher.id, career_id: career }).execute();
    const taken = await as(ctx, chief, {
      method: 'PUT',
      url: `/api/users/${teacher.id}`,
      payload: { full_name: 'Nombre Nuevo', email: admin.email },
    });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().message).toBe(MSG.emailTaken);
    const newEmail = uniqueEmail('prof-nuevo');
    const res = await as(ctx, chief, {
      method: 'PUT',
      url: `/api/users/${teacher.id}`,
      payload: { full_name: 'Nombre Nuevo', email: newEmail },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ full_name: 'Nombre Nuevo', email: teacher.email, pending_email: newEmail });
    await mailTo(newEmail, /Confirma/);
  });
});

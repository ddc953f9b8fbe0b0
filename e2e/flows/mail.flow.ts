import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { MAIL_MSG } from '@egreso/domain';
import { startTestSmtp, type TestSmtp } from '../../apps/server/src/test/smtp-server.js';
import { PHONE, assert, loginAs, makeContext, startServer, type Flow, type FlowContext } from '../harness.js';
import { apiCall, closeResult, goTo, settle } from './shared.js';

const WIDE = { width: 1280, height: 800 };
const STUDENT_HEADERS = ['Nombre completo', 'Matrícula', 'Correo', 'Género', 'Grupo', 'Generación', 'Estatus'];

/** The visible part of the page at 375 px (a dialog over a long list), then back to 1280. */
async function bothWidths(ctx: FlowContext, page: Page, name: string) {
  await settle(page);
  await ctx.screenshot(page, `${name}-desktop`);
  await page.setViewportSize({ width: PHONE.width, height: PHONE.height });
  await settle(page);
  await ctx.screenshot(page, `${name}-phone`);
  await page.setViewportSize(WIDE);
  await settle(page);
}

/**
 * The page a mailed link opens: first seen at 375 px (reading a link spends nothing), then used at 1280 px to choose
 * the password; the owner lands signed in on their home.
 */
async function useLinkFromMail(
  ctx: FlowContext,
  smtp: TestSmtp,
  to: string,
  subject: RegExp,
  password: string,
  landing: string,
  shot: string,
  since = 0,
) {
  const { url } = smtp.linkIn(await smtp.waitFor(to, subject, { since, timeoutMs: 20_000 }));
  assert(url.startsWith(ctx.baseUrl), `the link points to the app: ${url}`);
  const heading = /activar#/.test(url) ? MAIL_MSG.activateTitle : MAIL_MSG.resetTitle;
  const phone = await ctx.newPage(PHONE);
  try {
    await phone.page.goto(url);
    await phone.page.getByRole('heading', { name: heading }).waitFor();
    await phone.page.getByLabel('Nueva contraseña').waitFor();
    assert(!phone.page.url().includes('token'), `the token left the address: ${phone.page.url()}`);
    await settle(phone.page);
    await ctx.screenshot(phone.page, `${shot}-phone`);
  } finally {
    await phone.context.close();
  }
  const { page, context } = await ctx.newPage(WIDE);
  await page.goto(url);
  await page.getByLabel('Nueva contraseña').fill(password);
  await page.getByLabel('Confirma la contraseña').fill(password);
  await settle(page);
  await ctx.screenshot(page, `${shot}-desktop`);
  await page.getByRole('button', { name: MAIL_MSG.linkPasswordSave }).click();
  await page.waitForURL(`**/app${landing}`);
  return { page, context, url };
}

/**
 * Activation and reset by e-mail in Chromium: a real SMTP server on this machine and a second server configured for
 * it (the harness's server runs without mail). A new chief, a teacher she registers and students she imports each
 * activate from the link in their mail; then the forgotten-password path.
 */
export const flows: Flow[] = [
  {
    name: 'mail: a new chief, her teacher and imported students activate from their mail; a forgotten password',
    async run(outer) {
      // The institutional sign-in flow's server takes the port after the harness's; this one the next.
      const appPort = Number(new URL(outer.baseUrl).port) + 2;
      const smtp = await startTestSmtp();
      const server = await startServer(appPort, undefined, {
        SMTP_URL: smtp.url,
        SMTP_FROM: 'Atributos de egreso <egreso@demo.edu.mx>',
        PUBLIC_URL: `http://127.0.0.1:${appPort}`,
      });
      const ctx = makeContext(outer.browser, server.baseUrl, server.databaseUrl);
      const tag = String(Date.now()).slice(-6);
      const chief = { name: `Elena Robles ${tag}`, email: `elena.${tag}@demo.edu.mx` };
      const teacher = { name: `Tomás Quiroga ${tag}`, email: `tomas.${tag}@demo.edu.mx` };
      const students = [
        { name: `Sofía Barrera ${tag}`, email: `sofia.${tag}@demo.edu.mx` },
        { name: `Hugo Medina ${tag}`, email: `hugo.${tag}@demo.edu.mx` },
      ];
      const opened: Array<{ close(): Promise<void> }> = [];
      try {
        // ---------- The administrator registers a new chief: she gets a link, the answer carries no password ----------
        {
          const { page, context } = await ctx.newPage(WIDE);
          opened.push(context);
          await loginAs(page, 'admin@demo.edu.mx', 'admin1234', '/AdminDashboard');
          const careers = (await apiCall(page, 'GET', '/careers')).json as Array<{ id: number; name: string }>;
          const career = careers.find((c) => /Industrial/.test(c.name)) ?? careers[0]!;
          const created = await apiCall(page, 'POST', '/users', {
            full_name: chief.name,
            email: chief.email,
            controlnumber: `J${tag}`,
            gender: 2,
            role: 1,
            career_id: career.id,
          });
          const body = created.json as Record<string, unknown>;
          assert(created.status === 201 && !('initial_password' in body), `no credential: ${JSON.stringify(body)}`);
          await context.close();
        }

        // ---------- The chief activates from her mail and lands on her dashboard ----------
        const chiefSession = await useLinkFromMail(
          ctx,
          smtp,
          chief.email,
          /Activa tu cuenta/,
          'girasol-marino-42',
          '/DivisionChiefDashboard',
          'mail-activate-chief',
        );
        opened.push(chiefSession.context);
        const page = chiefSession.page;

        // ---------- She registers a teacher: a Spanish confirmation that a link went, no password ----------
        await goTo(page, '/Teachers', 'Alta de profesores');
        await page.getByRole('button', { name: 'Registrar profesor' }).click();
        const teacherDialog = page.getByRole('dialog', { name: 'Registrar profesor' });
        await page.locator('#teacher-name').fill(teacher.name);
        await page.locator('#teacher-number').fill(`T${tag}`);
        await page.locator('#teacher-email').fill(teacher.email);
        await page.locator('#teacher-gender').click();
        await page.getByRole('option', { name: 'Hombre' }).click();
        await teacherDialog.getByRole('button', { name: 'Registrar' }).click();
        const sent = page.getByRole('dialog', { name: 'Profesor registrado correctamente.' });
        await sent.getByText(MAIL_MSG.activationSent(teacher.email)).waitFor();
        assert((await sent.getByLabel('Contraseña de un solo uso').count()) === 0, 'no password is shown');
        await bothWidths(ctx, page, 'mail-teacher-registered');
        await sent.getByRole('button', { name: 'Cerrar', exact: true }).last().click();

        // ---------- She imports a group: each new student gets a link ----------
        await goTo(page, '/Students', 'Alta de alumnos');
        const book = new ExcelJS.Workbook();
        const sheet = book.addWorksheet('Alumnos');
        sheet.addRow(STUDENT_HEADERS);
        students.forEach((s, i) =>
          sheet.addRow([s.name, `M${tag}${i}`, s.email, i ? 'Hombre' : 'Mujer', '5E', '2024-2029', 'Activo']),
        );
        await page.getByRole('button', { name: 'Importar Excel' }).click();
        const importDialog = page.getByRole('dialog', { name: 'Importar alumnos' });
        await page.locator('input[type="file"]').setInputFiles({
          name: 'alumnos.xlsx',
          mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          buffer: Buffer.from(await book.xlsx.writeBuffer()),
        });
        await importDialog.getByRole('button', { name: 'Revisar archivo' }).click();
        await importDialog.getByRole('table', { name: 'Vista previa de la importación' }).waitFor();
        await importDialog.getByRole('button', { name: 'Aplicar importación' }).click();
        const imported = page.getByRole('dialog', { name: 'Importación: enlaces de activación' });
        await imported.getByText(MAIL_MSG.sentMany(2)).waitFor();
        assert(!(await imported.innerText()).includes('Contraseña'), 'no password in the import result');
        await bothWidths(ctx, page, 'mail-students-imported');
        await imported.getByRole('button', { name: 'Cerrar', exact: true }).last().click();

        // ---------- Each of them activates from the link in their mail ----------
        const teacherSession = await useLinkFromMail(
          ctx,
          smtp,
          teacher.email,
          /Activa tu cuenta/,
          'cometa-violeta-17',
          '/TeacherDashboard',
          'mail-activate-teacher',
        );
        opened.push(teacherSession.context);
        for (const [i, s] of students.entries()) {
          const session = await useLinkFromMail(
            ctx,
            smtp,
            s.email,
            /Activa tu cuenta/,
            `pradera-lunar-${i}8`,
            '/StudentDashboard',
            `mail-activate-student-${i + 1}`,
          );
          await session.context.close();
        }

        // The teacher's link again: used once, refused with its Spanish message.
        await teacherSession.page.goto(teacherSession.url);
        await teacherSession.page.getByRole('alert').getByText(MAIL_MSG.linkInvalid).waitFor();
        await bothWidths(ctx, teacherSession.page, 'mail-link-used');
        await teacherSession.context.close();

        // ---------- The forgotten password: asked from the login page, answered without saying who exists ----------
        const since = smtp.received.length;
        for (const viewport of [PHONE, WIDE]) {
          const { page: login, context } = await ctx.newPage(viewport);
          try {
            const width = viewport === PHONE ? 'phone' : 'desktop';
            await login.goto('/app/login');
            await login.getByRole('link', { name: MAIL_MSG.forgotLink }).waitFor();
            await settle(login);
            await ctx.screenshot(login, `mail-login-forgot-link-${width}`);
            await login.getByRole('link', { name: MAIL_MSG.forgotLink }).click();
            await login.getByRole('heading', { name: MAIL_MSG.forgotTitle }).waitFor();
            await login.getByLabel('Correo electrónico').fill(teacher.email);
            await login.getByRole('button', { name: MAIL_MSG.forgotSend }).click();
            await login.getByText(MAIL_MSG.forgotSent).waitFor();
            await settle(login);
            await ctx.screenshot(login, `mail-forgot-sent-${width}`);
          } finally {
            await context.close();
          }
        }
        // Two requests: the second link replaced the first. Its page, the new password, signed in.
        const first = await smtp.waitFor(teacher.email, /Restablece/, { since, timeoutMs: 20_000 });
        const reset = await useLinkFromMail(
          ctx,
          smtp,
          teacher.email,
          /Restablece/,
          'faro-nocturno-93',
          '/TeacherDashboard',
          'mail-reset-teacher',
          smtp.received.indexOf(first) + 1,
        );
        opened.push(reset.context);
        const { page: again, context: againContext } = await ctx.newPage(WIDE);
        opened.push(againContext);
        await loginAs(again, teacher.email, 'faro-nocturno-93', '/TeacherDashboard');
        // The owner was told of each change.
        await smtp.waitFor(teacher.email, /contraseña .*cambió/, { since });

        // ---------- A new e-mail waits for its link; the account page says so until it is confirmed ----------
        const newEmail = `tomas.nuevo.${tag}@demo.edu.mx`;
        await goTo(again, '/acount', 'Mi cuenta');
        await again.getByRole('button', { name: 'Editar perfil' }).click();
        const profile = again.getByRole('form', { name: 'Editar perfil' });
        await profile.getByLabel('Correo electrónico').fill(newEmail);
        await profile.getByLabel('Contraseña actual').fill('faro-nocturno-93');
        await profile.getByRole('button', { name: 'Guardar cambios' }).click();
        await again.getByText(MAIL_MSG.emailPending(newEmail)).waitFor();
        await closeResult(again);
        await again.getByText(MAIL_MSG.pendingBanner(newEmail)).waitFor();
        await bothWidths(ctx, again, 'mail-email-pending');
        await smtp.waitFor(teacher.email, /cambiar el correo/, { since });
        const confirmUrl = smtp.linkIn(await smtp.waitFor(newEmail, /Confirma tu nuevo correo/)).url;
        const phone = await ctx.newPage(PHONE);
        opened.push(phone.context);
        await phone.page.goto(confirmUrl);
        await phone.page.getByRole('button', { name: MAIL_MSG.emailConfirmButton }).waitFor();
        await settle(phone.page);
        await ctx.screenshot(phone.page, 'mail-email-confirm-phone');
        await phone.context.close();
        await again.goto(confirmUrl);
        await again.getByRole('button', { name: MAIL_MSG.emailConfirmButton }).click();
        await again.getByText(MAIL_MSG.emailConfirmed(newEmail)).waitFor();
        await settle(again);
        assert(
          (await again.getByText(MAIL_MSG.linkInvalid).count()) === 0,
          'the spent link is not reported as invalid',
        );
        await ctx.screenshot(again, 'mail-email-confirm-desktop');
        await loginAs(again, newEmail, 'faro-nocturno-93', '/TeacherDashboard');
      } finally {
        for (const c of opened) await c.close().catch(() => undefined);
        await server.stop();
        await smtp.close();
      }
    },
  },
];

import type { Page } from 'playwright-core';
import { PHONE, assert, type Flow, type FlowContext } from '../harness.js';
import { settle } from './shared.js';

const CHIEF = { email: 'jefe.sistemas@demo.edu.mx', password: 'jefe1234' };
const WIDE = { width: 1280, height: 800 };

async function api<T>(
  ctx: FlowContext,
  path: string,
  init: { method?: string; token?: string; body?: unknown } = {},
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${ctx.baseUrl}/api${path}`, {
    method: init.method ?? 'GET',
    headers: { 'Content-Type': 'application/json', ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: res.status, body: (await res.json()) as T };
}

/** A teacher the demo chief creates, with the one-time password the answer carries: the account to secure first. */
async function createdTeacher(ctx: FlowContext, tag: string) {
  const chief = await api<{ token: string }>(ctx, '/login', { method: 'POST', body: CHIEF });
  assert(chief.status === 200, `chief login: ${chief.status}`);
  const email = `nuevo.profe.${tag}.${Date.now()}@demo.edu.mx`;
  const created = await api<{ id: number; initial_password: string }>(ctx, '/users', {
    method: 'POST',
    token: chief.body.token,
    body: {
      full_name: 'Ximena Robles Durán',
      controlnumber: `E2E${Date.now() % 100000}`,
      email,
      gender: 2,
      role: 2,
    },
  });
  assert(created.status === 201, `teacher created: ${created.status} ${JSON.stringify(created.body)}`);
  return { email, password: created.body.initial_password };
}

async function signInForm(page: Page, email: string, password: string) {
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña').fill(password);
  await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/login')),
    page.getByRole('button', { name: 'Iniciar sesión' }).click(),
  ]);
}

export const flows: Flow[] = [
  {
    name: 'first sign-in: an account a chief created changes its password before any screen, then works',
    async run(ctx) {
      for (const [viewport, suffix] of [
        [WIDE, 'desktop'],
        [PHONE, 'phone'],
      ] as const) {
        const teacher = await createdTeacher(ctx, suffix);
        const { page, context } = await ctx.newPage(viewport);
        try {
          await page.goto('/app/login');
          await signInForm(page, teacher.email, teacher.password);
          await page.waitForURL('**/app/CambiarContrasena');
          await page.getByRole('heading', { name: 'Cambia tu contraseña' }).waitFor();
          assert((await page.getByRole('button', { name: 'Abrir menú' }).count()) === 0, 'no menu before the change');

          // No way around it: a screen's address comes back here.
          await page.goto('/app/TeacherDashboard');
          await page.waitForURL('**/app/CambiarContrasena');
          const form = page.getByRole('form', { name: 'Cambiar contraseña' });
          await form.getByLabel('Contraseña actual').fill(teacher.password);
          await form.getByLabel(/^Nueva contraseña/).fill(teacher.password);
          await form.getByLabel('Confirmar nueva contraseña').fill(teacher.password);
          await page.getByText('La nueva contraseña debe ser distinta de la actual').waitFor();
          await settle(page);
          await ctx.screenshot(page, `first-sign-in-${suffix}`);
          const width = await page.evaluate(() => document.documentElement.scrollWidth);
          assert(width <= viewport.width, `forced change overflows horizontally: ${width}px`);

          // The server refuses the old token everywhere else, and the app routes such a refusal here too.
          await page.evaluate(() => localStorage.removeItem('must_change_password'));
          await page.goto('/app/TeacherDashboard');
          await page.waitForURL('**/app/CambiarContrasena');

          await form.getByLabel('Contraseña actual').fill(teacher.password);
          await form.getByLabel(/^Nueva contraseña/).fill('mi-propia-77');
          await form.getByLabel('Confirmar nueva contraseña').fill('mi-propia-77');
          await form.getByRole('button', { name: 'Guardar contraseña' }).click();
          await page.waitForURL('**/app/TeacherDashboard');
          await page.getByRole('heading', { name: /Ximena Robles Durán/ }).waitFor();
          await page.getByRole('button', { name: 'Abrir menú' }).waitFor();
          await page.goto('/app/acount');
          await page.getByRole('heading', { name: 'Mi cuenta' }).waitFor();
          await page.getByText(teacher.email, { exact: true }).waitFor();
        } finally {
          await context.close();
        }
      }
    },
  },
  {
    name: 'first sign-in: the login page shows the wait after repeated failures',
    // Its failures count against this address, from which every flow signs in.
    alone: true,
    async run(ctx) {
      for (const [viewport, suffix] of [
        [WIDE, 'desktop'],
        [PHONE, 'phone'],
      ] as const) {
        const { page, context } = await ctx.newPage(viewport);
        try {
          await page.goto('/app/login');
          const email = `intruso.${suffix}@demo.edu.mx`;
          for (let i = 0; i < 5; i++) {
            await signInForm(page, email, `adivina-${i}`);
            await page.getByRole('alert').getByText('Correo o contraseña incorrectos.').waitFor();
          }
          await signInForm(page, email, 'adivina-otra');
          await page
            .getByRole('alert')
            .getByText(/^Demasiados intentos\. Espera \d+ segundos?\.$/)
            .waitFor();
          await settle(page);
          await ctx.screenshot(page, `login-throttled-${suffix}`);
        } finally {
          await context.close();
        }
      }
    },
  },
  {
    name: 'first sign-in: a new e-mail asks for the current password, and logging out with unsaved grades asks first',
    async run(ctx) {
      for (const [viewport, suffix] of [
        [WIDE, 'desktop'],
        [PHONE, 'phone'],
      ] as const) {
        const { page, context } = await ctx.newPage(viewport);
        try {
          await page.goto('/app/login');
          await signInForm(page, 'laura.mendoza@demo.edu.mx', 'profe1234');
          await page.waitForURL('**/app/TeacherDashboard');
          await page.goto('/app/acount');
          await page.getByRole('button', { name: 'Editar perfil' }).click();
          const profile = page.getByRole('dialog', { name: 'Editar perfil' });
          assert(
            (await profile.getByLabel('Contraseña actual').count()) === 0,
            'no password asked for the same e-mail',
          );
          await profile.getByLabel('Correo electrónico').fill('laura.nueva@demo.edu.mx');
          await profile.getByLabel('Contraseña actual').fill('no-es-la-mia');
          await profile.getByRole('button', { name: 'Guardar cambios' }).click();
          await profile.getByText('La contraseña actual es incorrecta').waitFor();
          await settle(page);
          await ctx.screenshot(page, `account-email-password-${suffix}`);
          await profile.getByRole('button', { name: 'Cancelar' }).click();
          const discard = page.getByRole('dialog').getByRole('button', { name: /Descartar|Salir/ });
          if (await discard.count()) await discard.first().click();
          await profile.waitFor({ state: 'hidden' });

          // A grade typed and not saved (kept by the grade grid under this teacher's id).
          const userId = await page.evaluate(() => Number(localStorage.getItem('id')));
          await page.evaluate(
            (id) =>
              localStorage.setItem(
                `calificaciones-sin-guardar:${id}:1`,
                JSON.stringify({ drafts: { 1: { 1: '85' } }, versions: {} }),
              ),
            userId,
          );
          await page.getByRole('button', { name: 'Abrir menú' }).click();
          await page
            .getByRole('navigation', { name: 'Menú principal' })
            .getByRole('button', { name: 'Cerrar sesión' })
            .click();
          const confirm = page.getByRole('dialog', { name: 'Cerrar sesión?' });
          await confirm.getByText(/Tienes calificaciones sin guardar/).waitFor();
          await settle(page);
          await ctx.screenshot(page, `logout-unsaved-grades-${suffix}`);
          await confirm.getByRole('button', { name: 'Descartar y cerrar sesión' }).click();
          await page.waitForURL('**/app/login');
          const left = await page.evaluate((id) => localStorage.getItem(`calificaciones-sin-guardar:${id}:1`), userId);
          assert(left === null, 'the unsaved grades are dropped on a confirmed logout');
        } finally {
          await context.close();
        }
      }
    },
  },
];

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { HOME_BY_ROLE, MENU_BY_ROLE, ROLE, documentTitle, screenRouteOf, type Role } from '@egreso/domain';
import { PHONE, SCREENSHOTS, assert, loginAs, type Flow, type FlowContext } from '../harness.js';
import { settle } from './shared.js';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** The width the issue measured on a desktop. */
const WIDE = { width: 1280, height: 800 };

const ACCOUNTS: Record<Role, { email: string; password: string; welcome: RegExp }> = {
  [ROLE.ADMIN]: { email: 'admin@demo.edu.mx', password: 'admin1234', welcome: /^Bienvenida · Administradora$/ },
  [ROLE.CHIEF]: {
    email: 'jefe.sistemas@demo.edu.mx',
    password: 'jefe1234',
    welcome: /^Bienvenido · Jefe de división$/,
  },
  [ROLE.TEACHER]: { email: 'laura.mendoza@demo.edu.mx', password: 'profe1234', welcome: /^Bienvenida · Profesora$/ },
  [ROLE.STUDENT]: {
    email: 'l26010001@demo.edu.mx',
    password: 'alumno1234',
    welcome: /^(Bienvenida · Alumna|Bienvenido · Alumno|Te damos la bienvenida · Alumno)$/,
  },
};

/** A phone as a phone: touch, device pixels and the mobile viewport rules (where the select bug showed). */
async function phoneContext(
  browser: Browser,
  baseUrl: string,
  locale = 'es-MX',
): Promise<{ page: Page; context: BrowserContext }> {
  const context = await browser.newContext({
    viewport: PHONE,
    baseURL: baseUrl,
    locale,
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
  });
  context.setDefaultTimeout(15_000);
  return { page: await context.newPage(), context };
}

async function viewportShot(page: Page, name: string) {
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
}

/** Runs axe-core's WCAG 2.1 A/AA rules on the page as it is and fails on any violation, naming the elements. */
export async function expectAccessible(page: Page, label: string) {
  // A window still fading in blends its colours with the page: judge contrast once transitions are over.
  await settle(page);
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (tags) => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            ctx: Document,
            opts: unknown,
          ) => Promise<{
            violations: Array<{ id: string; nodes: Array<{ target: unknown[]; failureSummary?: string }> }>;
          }>;
        };
      }
    ).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      count: v.nodes.length,
      nodes: v.nodes.slice(0, 3).map((n) => `${JSON.stringify(n.target)} ${n.failureSummary ?? ''}`),
    }));
  }, AXE_TAGS);
  assert(
    violations.length === 0,
    `axe on ${label}:\n${violations.map((v) => `${v.id} (${v.count}): ${v.nodes.join('\n    ')}`).join('\n')}`,
  );
}

/** The page's data has arrived and nothing is moving. */
async function quiet(page: Page) {
  await page.waitForLoadState('networkidle');
  await page
    .getByRole('status')
    .filter({ hasText: 'Cargando...' })
    .waitFor({ state: 'detached' })
    .catch(() => undefined);
  await page.locator('main h2').first().waitFor();
  await settle(page);
}

async function openMenu(page: Page) {
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menú' });
  await drawer.getByRole('navigation', { name: 'Menú principal' }).waitFor();
  await settle(page);
  return drawer;
}

/** Every screen of a role's menu, at both widths and in both schemes: axe, the tab title and the welcome line. */
function screensOf(role: Role): Flow {
  return {
    name: `ux: every screen of role ${role} passes axe (WCAG 2.1 AA) at 1280 and 375 px, light and dark, and names itself`,
    async run(ctx: FlowContext) {
      const account = ACCOUNTS[role];
      for (const [width, scheme] of [
        [WIDE, 'light'],
        [PHONE, 'light'],
        [WIDE, 'dark'],
      ] as const) {
        const { page, context } =
          width === PHONE ? await phoneContext(ctx.browser, ctx.baseUrl) : await ctx.newPage(width);
        try {
          if (scheme === 'dark') await context.addInitScript(() => localStorage.setItem('theme', 'dark'));
          await page.goto('/app/login');
          await page.getByRole('heading').first().waitFor();
          await settle(page);
          assert((await page.title()) === 'Iniciar sesión · Atributos de egreso', `login title: ${await page.title()}`);
          await expectAccessible(page, `/login ${width.width}px ${scheme}`);
          await loginAs(page, account.email, account.password, HOME_BY_ROLE[role]);
          for (const entry of MENU_BY_ROLE[role]) {
            await page.goto(`/app${entry.path}`);
            await quiet(page);
            const expected = documentTitle(screenRouteOf(entry.path)?.title);
            assert(
              (await page.title()) === expected,
              `title of ${entry.path}: "${await page.title()}", expected "${expected}"`,
            );
            await expectAccessible(page, `${entry.path} role ${role} ${width.width}px ${scheme}`);
          }
          const drawer = await openMenu(page);
          const welcome = (await drawer.getByText(/bienvenid/i).innerText()).trim();
          assert(account.welcome.test(welcome), `welcome line of role ${role}: "${welcome}"`);
          await expectAccessible(page, `side menu role ${role} ${width.width}px ${scheme}`);
        } finally {
          await context.close();
        }
      }
    },
  };
}

/** Samples a dialog's width and the open list's box over many frames: both must hold still inside the screen. */
async function expectSteadyInside(page: Page, dialogName: string) {
  const samples = await page.evaluate(async (name) => {
    const out: Array<{ dialog: number; right: number; listLeft: number; listRight: number; page: number }> = [];
    for (let i = 0; i < 20; i++) {
      await new Promise((r) => requestAnimationFrame(r));
      const dialog = Array.from(document.querySelectorAll('[role="dialog"]')).find(
        (d) =>
          d.getAttribute('aria-labelledby') &&
          document.getElementById(d.getAttribute('aria-labelledby')!)?.textContent === name,
      );
      const list = Array.from(document.querySelectorAll('[role="listbox"]')).find(
        (l) => (l as HTMLElement).offsetParent !== null,
      );
      const box = dialog!.getBoundingClientRect();
      const listBox = list?.getBoundingClientRect();
      out.push({
        dialog: Math.round(box.width),
        right: Math.round(box.right),
        listLeft: Math.round(listBox?.left ?? -1),
        listRight: Math.round(listBox?.right ?? -1),
        page: document.documentElement.scrollWidth,
      });
    }
    return out;
  }, dialogName);
  const widths = new Set(samples.map((s) => s.dialog));
  const text = JSON.stringify(samples.slice(0, 4));
  assert(widths.size === 1, `'${dialogName}' changes width while a list is open: ${text}`);
  for (const s of samples) {
    assert(s.right <= PHONE.width && s.page <= PHONE.width, `'${dialogName}' is wider than the screen: ${text}`);
    assert(
      s.listLeft >= 0 && s.listRight <= PHONE.width && s.listRight > s.listLeft,
      `the option list of '${dialogName}' leaves the screen: ${text}`,
    );
  }
}

/** Opens a select inside a dialog, checks the dialog holds still, takes a screenshot, picks an option and closes the list. */
async function openSelect(page: Page, dialogName: string, field: string | RegExp, shot: string, pickFirst = true) {
  const dialog = page.getByRole('dialog', { name: dialogName });
  await dialog.getByRole('textbox', { name: field }).first().click();
  await page.getByRole('listbox').first().waitFor();
  await settle(page);
  await expectSteadyInside(page, dialogName);
  await viewportShot(page, shot);
  if (pickFirst) {
    await page.getByRole('option').first().click();
    // A multi-select stays open after a pick; Escape then closes only the list.
    if (await page.getByRole('listbox').first().isVisible()) await page.keyboard.press('Escape');
  }
}

async function phoneSelects(ctx: FlowContext) {
  const { page, context } = await phoneContext(ctx.browser, ctx.baseUrl);
  try {
    await loginAs(page, ACCOUNTS[ROLE.ADMIN].email, ACCOUNTS[ROLE.ADMIN].password, HOME_BY_ROLE[ROLE.ADMIN]);
    await page.goto('/app/Admin/Jefes');
    await quiet(page);
    await page.getByRole('button', { name: /Nuevo jefe/ }).click();
    await page.getByRole('dialog', { name: 'Nuevo jefe de división' }).waitFor();
    await openSelect(page, 'Nuevo jefe de división', 'Género', 'ux-select-chief-gender-phone');
    await openSelect(page, 'Nuevo jefe de división', 'Carrera', 'ux-select-chief-career-phone', false);
    await expectAccessible(page, "'Nuevo jefe' with Carrera open on a phone");
    await page.getByRole('option').first().click();

    // Escape on typed data asks; 'Seguir editando' keeps it, 'Descartar' closes.
    await page
      .getByRole('dialog', { name: 'Nuevo jefe de división' })
      .getByLabel('Nombre completo')
      .fill('Persona de prueba');
    await page.keyboard.press('Escape');
    const ask = page.getByRole('dialog', { name: '¿Descartar los cambios?' });
    await ask.waitFor();
    await settle(page);
    await viewportShot(page, 'ux-discard-question-phone');
    assert(
      await ask.getByRole('button', { name: 'Seguir editando' }).evaluate((b) => b === document.activeElement),
      'the question starts on Seguir editando',
    );
    await page.keyboard.press('Enter');
    await ask.waitFor({ state: 'detached' });
    assert(
      (await page.getByLabel('Nombre completo').inputValue()) === 'Persona de prueba',
      'Seguir editando keeps the typed text',
    );
    await page
      .getByRole('dialog', { name: 'Nuevo jefe de división' })
      .getByRole('button', { name: 'Cerrar', exact: true })
      .click();
    await ask.getByRole('button', { name: 'Descartar' }).click();
    await page.getByRole('dialog', { name: 'Nuevo jefe de división' }).waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Abrir menú' }).click();
    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await page.getByRole('dialog', { name: 'Cerrar sesión?' }).getByRole('button', { name: 'Cerrar sesión' }).click();
    await page.waitForURL('**/app/login');

    await loginAs(page, ACCOUNTS[ROLE.CHIEF].email, ACCOUNTS[ROLE.CHIEF].password, HOME_BY_ROLE[ROLE.CHIEF]);
    await page.goto('/app/Attributes');
    await quiet(page);
    await page
      .getByRole('button', { name: /^Editar / })
      .first()
      .click();
    await page.getByRole('dialog', { name: 'Editar atributo' }).waitFor();
    await openSelect(page, 'Editar atributo', 'Carrera (opcional)', 'ux-select-attribute-career-phone');
    await page.getByRole('dialog', { name: 'Editar atributo' }).getByRole('button', { name: 'Cancelar' }).click();

    await page.goto('/app/Subjects');
    await quiet(page);
    await page
      .getByRole('button', { name: /^Editar / })
      .first()
      .click();
    await page.getByRole('dialog', { name: 'Editar materia' }).waitFor();
    await openSelect(page, 'Editar materia', 'Semestres', 'ux-select-subject-semesters-phone', false);
    await page.keyboard.press('Escape');
    await openSelect(page, 'Editar materia', 'Atributos', 'ux-select-subject-attributes-phone', false);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Editar materia' }).getByRole('button', { name: 'Cancelar' }).click();

    await page.goto('/app/Assignments');
    await quiet(page);
    await page
      .getByRole('button', { name: /^Editar asignaciones de / })
      .first()
      .click();
    await page.getByRole('dialog', { name: 'Editar asignaciones' }).waitFor();
    await openSelect(page, 'Editar asignaciones', /^Grupo \(fila 1\)/, 'ux-select-assignments-group-phone', false);
    await page.keyboard.press('Escape');
    await openSelect(page, 'Editar asignaciones', /^Materia \(fila 1\)/, 'ux-select-assignments-subject-phone', false);
    await page.keyboard.press('Escape');
  } finally {
    await context.close();
  }
}

/** A failed save in the account panels shows its dialog on top, where its 'Cerrar' can be clicked. */
async function accountErrorsOnTop(ctx: FlowContext) {
  for (const phone of [false, true]) {
    const { page, context } = phone ? await phoneContext(ctx.browser, ctx.baseUrl) : await ctx.newPage(WIDE);
    try {
      await loginAs(page, ACCOUNTS[ROLE.TEACHER].email, ACCOUNTS[ROLE.TEACHER].password, HOME_BY_ROLE[ROLE.TEACHER]);
      await page.goto('/app/acount');
      await quiet(page);
      await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
      const panel = page.getByRole('dialog', { name: 'Cambiar contraseña' });
      await panel.getByLabel('Contraseña actual').fill('no-es-la-clave');
      await panel.getByLabel(/^Nueva contraseña/).fill('otra-clave-1234');
      await panel.getByLabel('Confirmar nueva contraseña').fill('otra-clave-1234');
      await panel.getByRole('button', { name: 'Guardar contraseña' }).click();
      const error = page.getByRole('dialog', { name: 'Error' });
      await error.waitFor();
      await settle(page);
      await viewportShot(page, `ux-account-error-over-panel-${phone ? 'phone' : 'desktop'}`);
      const close = error.getByRole('button', { name: 'Cerrar' });
      const onTop = await close.evaluate((button) => {
        const box = button.getBoundingClientRect();
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return (
          box.width > 0 &&
          box.bottom <= window.innerHeight &&
          box.right <= window.innerWidth &&
          hit !== null &&
          button.contains(hit)
        );
      });
      assert(onTop, `the error dialog's Cerrar is covered (${phone ? 'phone' : 'desktop'})`);
      await close.click();
      await error.waitFor({ state: 'detached' });
      await panel.waitFor();
    } finally {
      await context.close();
    }
  }
}

/** Another role's screen typed in the address bar sends the user home (and /Selection to /login, as the spec says). */
async function rolesStayHome(ctx: FlowContext) {
  const { page, context } = await ctx.newPage(WIDE);
  try {
    await loginAs(page, ACCOUNTS[ROLE.STUDENT].email, ACCOUNTS[ROLE.STUDENT].password, HOME_BY_ROLE[ROLE.STUDENT]);
    await page.goto('/app/Admin/Periods');
    await page.waitForURL('**/app/StudentDashboard');
    assert(
      !(await page.getByRole('heading', { name: 'Gestionar periodos' }).isVisible()),
      'the student does not see the admin screen',
    );
    await page.goto('/app/Subjects');
    await page.waitForURL('**/app/StudentDashboard');
    await page.goto('/app/Selection');
    await page.getByRole('heading', { name: 'Selecciona tus materias' }).waitFor();
  } finally {
    await context.close();
  }
  const teacher = await ctx.newPage(WIDE);
  try {
    await loginAs(
      teacher.page,
      ACCOUNTS[ROLE.TEACHER].email,
      ACCOUNTS[ROLE.TEACHER].password,
      HOME_BY_ROLE[ROLE.TEACHER],
    );
    await teacher.page.goto('/app/Selection');
    await teacher.page.waitForURL('**/app/login');
  } finally {
    await teacher.context.close();
  }
}

/** On a phone the menu button sits in a top bar: scrolled or not, it covers no heading. */
async function menuButtonCoversNothing(ctx: FlowContext) {
  const { page, context } = await phoneContext(ctx.browser, ctx.baseUrl);
  try {
    await loginAs(page, ACCOUNTS[ROLE.ADMIN].email, ACCOUNTS[ROLE.ADMIN].password, HOME_BY_ROLE[ROLE.ADMIN]);
    await page.goto('/app/Admin/Periods');
    await quiet(page);
    for (const scroll of [0, 120, 400]) {
      await page.evaluate((y) => window.scrollTo(0, y), scroll);
      await page.waitForTimeout(100);
      const overlap = await page.evaluate(() => {
        const button = document.querySelector('[aria-label="Abrir menú"]')!;
        const box = button.getBoundingClientRect();
        const bar = document.querySelector('header')!;
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        // The bar is opaque, so content scrolls under it instead of showing through around the button.
        const background = getComputedStyle(bar).backgroundColor;
        return {
          inBar: hit !== null && button.contains(hit) && bar.contains(button),
          opaque: !/rgba\(.*, 0\)|transparent/.test(background),
        };
      });
      assert(overlap.inBar, `the menu button is not on top in its bar at scroll ${scroll}`);
      assert(overlap.opaque, `the top bar lets content show through at scroll ${scroll}`);
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    const heading = await page.getByRole('heading', { name: 'Gestionar periodos' }).boundingBox();
    const bar = await page.locator('header').boundingBox();
    assert(heading !== null && bar !== null && heading.y >= bar.y + bar.height, 'the heading starts below the top bar');
    await viewportShot(page, 'ux-top-bar-phone');
    await page.evaluate(() => window.scrollTo(0, 300));
    await viewportShot(page, 'ux-top-bar-scrolled-phone');
  } finally {
    await context.close();
  }
}

/** In a browser set to English, dates are still shown and typed as dd/mm/aaaa. */
async function spanishDatesInEnglishBrowser(ctx: FlowContext) {
  const { page, context } = await phoneContext(ctx.browser, ctx.baseUrl, 'en-US');
  const desktop = await ctx.browser.newContext({ viewport: WIDE, baseURL: ctx.baseUrl, locale: 'en-US' });
  try {
    assert((await page.evaluate(() => navigator.language)) === 'en-US', 'the browser speaks English');
    await loginAs(page, ACCOUNTS[ROLE.ADMIN].email, ACCOUNTS[ROLE.ADMIN].password, HOME_BY_ROLE[ROLE.ADMIN]);
    await page.goto('/app/Admin/Generations');
    await quiet(page);
    await page.getByRole('button', { name: '+ Nueva generación' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nueva generación' });
    const start = dialog.getByLabel('Fecha de inicio');
    assert((await start.getAttribute('placeholder')) === 'dd/mm/aaaa', 'the date field shows the Spanish format');
    assert(
      (await start.getAttribute('type')) === 'text',
      'no native date field, which would follow the browser language',
    );
    await start.pressSequentially('31082030');
    assert((await start.inputValue()) === '31/08/2030', `typed digits become dd/mm/aaaa: ${await start.inputValue()}`);
    await dialog.getByText('Semestre 2 · febrero 2031').waitFor();
    assert(
      (await dialog.getByLabel('Fecha de fin').inputValue()) === '28/02/2035',
      'the computed end date reads dd/mm/aaaa',
    );
    await settle(page);
    await viewportShot(page, 'ux-date-field-en-us-phone');
    await start.fill('31/02/2031');
    await dialog.getByText('Escribe una fecha válida (dd/mm/aaaa).').waitFor();
    await dialog.getByRole('button', { name: 'Cancelar' }).click();

    const desk = await desktop.newPage();
    await loginAs(desk, ACCOUNTS[ROLE.ADMIN].email, ACCOUNTS[ROLE.ADMIN].password, HOME_BY_ROLE[ROLE.ADMIN]);
    await desk.goto('/app/Admin/Periods');
    await quiet(desk);
    await desk.getByRole('button', { name: 'Nuevo periodo' }).click();
    const period = desk.getByRole('dialog', { name: 'Nuevo periodo' });
    await period.getByLabel('Fecha de inicio').fill('20/01/2031');
    assert(
      (await period.getByLabel('Fecha de inicio').inputValue()) === '20/01/2031',
      'a pasted date stays dd/mm/aaaa',
    );
    await settle(desk);
    await desk.screenshot({ path: join(SCREENSHOTS, 'ux-date-field-en-us-desktop.png') });
  } finally {
    await context.close();
    await desktop.close();
  }
}

export const flows: Flow[] = [
  ...[ROLE.ADMIN, ROLE.CHIEF, ROLE.TEACHER, ROLE.STUDENT].map(screensOf),
  {
    name: 'ux: selects inside edit windows hold still on a phone; Escape with typed data asks first',
    run: phoneSelects,
  },
  { name: 'ux: account errors open above the password panel, on desktop and phone', run: accountErrorsOnTop },
  { name: "ux: another role's screen sends the user home; /Selection sends other roles to /login", run: rolesStayHome },
  { name: 'ux: the phone menu button sits in a top bar and covers nothing', run: menuButtonCoversNothing },
  { name: 'ux: dates read and type as dd/mm/aaaa in an English browser', run: spanishDatesInEnglishBrowser },
];

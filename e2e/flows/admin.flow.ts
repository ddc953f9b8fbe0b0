import { DESKTOP, PHONE, assert, loginAs, type Flow, type FlowContext } from '../harness.js';
import { apiCall, goTo, pickOption, settle } from './shared.js';

const ADMIN = { email: 'admin@demo.edu.mx', password: 'admin1234' };

interface PolicySnapshot {
  mode: string;
  odd_months: number[];
  even_months: number[];
  fallback: string;
  naming_scheme: string;
}

async function adminWorkflow(ctx: FlowContext) {
  const { page, context } = await ctx.newPage(DESKTOP);
  const tag = String(Date.now()).slice(-7);
  const careerKey = `E2E${tag}`;
  const careerName = `Carrera E2E ${tag}`;
  const chiefName = `Jefa E2E ${tag}`;
  const periodName = `Periodo E2E ${tag}`;
  const closingName = `Periodo E2E cierre ${tag}`;
  let originalActive: { id: number } | null = null;
  let originalPolicy: PolicySnapshot | null = null;
  let createdGeneration: string | null = null;
  try {
    await loginAs(page, ADMIN.email, ADMIN.password, '/AdminDashboard');
    const before = (await apiCall(page, 'GET', '/periods?per_page=1&is_active=1')).json as {
      data: Array<{ id: number }>;
    };
    originalActive = before.data[0] ?? null;
    originalPolicy = (await apiCall(page, 'GET', '/admin/group-policy')).json as PolicySnapshot;

    // Dashboard: the two count cards and the quick links.
    await page.getByRole('heading', { name: 'Panel de administración' }).waitFor();
    const careersCard = page.getByRole('link', { name: /Total de carreras/ });
    const chiefsCard = page.getByRole('link', { name: /Total de jefes de división/ });
    await careersCard.waitFor();
    await chiefsCard.waitFor();
    assert(/\d+/.test(await careersCard.innerText()), 'the careers card shows a count');
    assert(/\d+/.test(await chiefsCard.innerText()), 'the chiefs card shows a count');
    await page.getByRole('link', { name: 'Gestionar jefes de división' }).waitFor();
    await settle(page);
    await ctx.screenshot(page, 'admin-dashboard-desktop');

    // Careers: create one from the quick link.
    await page.getByRole('link', { name: 'Gestionar carreras' }).click();
    await page.waitForURL('**/app/Admin/Careers');
    await page.getByRole('cell', { name: 'ISC', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Nueva carrera' }).click();
    const careerDialog = page.getByRole('dialog', { name: 'Nueva carrera' });
    await careerDialog.getByLabel('Clave').fill(careerKey);
    await careerDialog.getByLabel('Nombre').fill(careerName);
    await settle(page);
    await ctx.screenshot(page, 'admin-careers-form-desktop');
    await careerDialog.getByRole('button', { name: 'Guardar' }).click();
    await page.getByRole('cell', { name: careerName, exact: true }).waitFor();
    await careerDialog.waitFor({ state: 'hidden' });
    await ctx.screenshot(page, 'admin-careers-desktop');

    // A duplicate key is refused with the catalogue's text and the server's reason.
    await page.getByRole('button', { name: 'Nueva carrera' }).click();
    await careerDialog.getByLabel('Clave').fill(careerKey.toLowerCase());
    await careerDialog.getByLabel('Nombre').fill(`${careerName} bis`);
    await careerDialog.getByRole('button', { name: 'Guardar' }).click();
    await careerDialog.getByText('Error guardando carrera: Ya existe una carrera con esa clave.').waitFor();
    await careerDialog.getByRole('button', { name: 'Cancelar' }).click();

    // Division chiefs: create one for the new career; the server's one-time password is shown once, read-only.
    await goTo(page, '/Admin/Jefes', 'Jefes de División');
    await page.getByRole('button', { name: 'Nuevo jefe' }).click();
    const chiefDialog = page.getByRole('dialog', { name: 'Nuevo jefe de división' });
    await chiefDialog.getByLabel('Nombre completo').fill(chiefName);
    await chiefDialog.getByLabel('Correo electrónico').fill(`jefa.e2e.${tag}@demo.edu.mx`);
    await chiefDialog.getByLabel('Número de control').fill(`J${tag}`);
    await pickOption(page, page.getByRole('textbox', { name: /Género/ }), 'Mujer');
    await page.getByRole('textbox', { name: /Carrera/ }).fill(careerKey);
    await page.getByRole('option', { name: new RegExp(careerKey) }).click();
    await settle(page);
    await ctx.screenshot(page, 'admin-chiefs-form-desktop');
    await chiefDialog.getByRole('button', { name: 'Guardar' }).click();
    const shown = page.getByRole('dialog', { name: 'Jefe de división registrado correctamente.' });
    const generated = shown.getByLabel('Contraseña de un solo uso');
    const oneTime = await generated.inputValue();
    assert(/^[a-z2-9]{14}$/.test(oneTime), `a random one-time password, got ${oneTime}`);
    assert(!oneTime.includes(tag), 'the password is not made from the control number');
    assert((await generated.getAttribute('readonly')) !== null, 'the one-time password is read-only');
    await settle(page);
    await ctx.screenshot(page, 'admin-chiefs-password-desktop');
    await shown.getByRole('button', { name: 'Cerrar' }).click();
    await shown.waitFor({ state: 'detached' });
    const chiefRow = page.getByRole('row', { name: new RegExp(chiefName) });
    await chiefRow.waitFor();
    await chiefDialog.waitFor({ state: 'hidden' });
    assert((await chiefRow.innerText()).includes(careerName), 'the new chief shows the new career');
    assert((await chiefRow.innerText()).includes('Mujer'), 'the new chief shows the gender');
    await ctx.screenshot(page, 'admin-chiefs-desktop');

    // Periods: create two, activate one, close the other.
    await goTo(page, '/Admin/Periods', 'Gestionar periodos');
    for (const [name, start, end] of [
      [periodName, '20/01/2031', '10/06/2031'],
      [closingName, '11/08/2031', '12/12/2031'],
    ] as const) {
      await page.getByRole('button', { name: 'Nuevo periodo' }).click();
      const dialog = page.getByRole('dialog', { name: 'Nuevo periodo' });
      await dialog.getByLabel('Nombre del periodo').fill(name);
      await dialog.getByLabel('Fecha de inicio').fill(start);
      await dialog.getByLabel('Fecha de fin').fill(end);
      await dialog.getByRole('button', { name: 'Guardar' }).click();
      await dialog.waitFor({ state: 'hidden' });
    }
    await page.getByLabel('Buscar por nombre').fill(`E2E ${tag}`);
    await page.getByRole('button', { name: 'Aplicar' }).click();
    await page.getByRole('cell', { name: periodName, exact: true }).waitFor();
    await page.getByText('Total: 1 periodo', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Limpiar' }).click();
    await page.getByRole('cell', { name: closingName, exact: true }).waitFor();

    await page.getByRole('button', { name: `Activar ${periodName}` }).click();
    await page.getByText(`Esto desactivará otros periodos activos. ¿Activar "${periodName}"?`).waitFor();
    await page.getByRole('dialog', { name: 'Activar periodo' }).getByRole('button', { name: 'Activar' }).click();
    await page.getByRole('dialog', { name: 'Activar periodo' }).waitFor({ state: 'hidden' });
    await page.locator('text=Periodo activo').locator('xpath=..').getByText(periodName).waitFor();
    assert(
      await page.getByRole('button', { name: `Activar ${periodName}` }).isDisabled(),
      'Activar is disabled for the active period',
    );

    await page.getByRole('button', { name: `Cerrar ${closingName}` }).click();
    await page.getByText(`¿Cerrar el periodo "${closingName}"?`).waitFor();
    await page.getByRole('dialog', { name: 'Cerrar periodo' }).getByRole('button', { name: 'Cerrar periodo' }).click();
    await page.getByRole('dialog', { name: 'Cerrar periodo' }).waitFor({ state: 'hidden' });
    const closeButton = page.getByRole('button', { name: `Cerrar ${closingName}` });
    for (let i = 0; i < 50 && !(await closeButton.isDisabled()); i++) await page.waitForTimeout(100);
    assert(await closeButton.isDisabled(), 'Cerrar is disabled once the period is closed');
    assert(
      await page.getByRole('button', { name: `Activar ${closingName}` }).isDisabled(),
      'Activar is disabled for a closed period',
    );
    await settle(page);
    await ctx.screenshot(page, 'admin-periods-desktop');

    // Editing a closed period locks its dates.
    await page.getByRole('button', { name: `Editar ${closingName}` }).click();
    const editDialog = page.getByRole('dialog', { name: 'Editar periodo' });
    assert(await editDialog.getByLabel('Fecha de inicio').isDisabled(), 'start date locked for a closed period');
    await editDialog.getByRole('button', { name: 'Cancelar' }).click();

    // Group policy: change the fallback, save, and see the success text.
    await page.getByRole('button', { name: 'Política de grupos' }).click();
    const policy = page.getByRole('dialog', { name: 'Política de grupos' });
    await policy.getByRole('textbox', { name: 'Meses de inicio con semestres impares' }).waitFor();
    await pickOption(page, page.getByRole('textbox', { name: /Alternativa/ }), 'Semestres impares');
    await policy.getByRole('button', { name: 'Guardar política' }).click();
    await policy.getByText('Política guardada correctamente. Ya está activa.').waitFor();
    await settle(page);
    await ctx.screenshot(page, 'admin-group-policy-desktop');
    const saved = (await apiCall(page, 'GET', '/admin/group-policy')).json as PolicySnapshot;
    assert(saved.fallback === 'odd', `the policy fallback was saved, got ${saved.fallback}`);
    await policy
      .getByText('Política guardada correctamente. Ya está activa.')
      .waitFor({ state: 'hidden', timeout: 5000 });
    await policy.getByRole('button', { name: 'Cerrar', exact: true }).last().click();

    // Generations: create the suggested next one.
    await goTo(page, '/Admin/Generations', 'Gestionar generaciones');
    await page
      .getByRole('cell', { name: /^\d{4}-\d{4}$/ })
      .first()
      .waitFor();
    await page.getByRole('button', { name: 'Sugerir siguiente' }).click();
    const genDialog = page.getByRole('dialog', { name: 'Nueva generación' });
    const startInput = genDialog.getByLabel('Fecha de inicio');
    await startInput.waitFor();
    const suggestedStart = await startInput.inputValue();
    assert(
      /^\d{2}\/\d{2}\/\d{4}$/.test(suggestedStart),
      `a start date is suggested as dd/mm/aaaa, got "${suggestedStart}"`,
    );
    assert(
      /^\d{2}\/\d{2}\/\d{4}$/.test(await genDialog.getByLabel('Fecha de fin').inputValue()),
      'an end date is suggested',
    );
    const previewRows = genDialog.getByRole('table', { name: 'Vista previa de semestres' }).getByRole('row');
    assert((await previewRows.count()) === 9, 'the preview lists nine semesters');
    await settle(page);
    await ctx.screenshot(page, 'admin-generations-form-desktop');
    await genDialog.getByRole('button', { name: 'Guardar' }).click();
    await genDialog.waitFor({ state: 'hidden' });
    createdGeneration = suggestedStart.split('/').reverse().join('-');
    await ctx.screenshot(page, 'admin-generations-desktop');
  } finally {
    // The demo database is shared with the other flows: the active period, the policy and the generations go back as they were.
    if (originalActive) await apiCall(page, 'POST', `/periods/${originalActive.id}/activate`);
    if (originalPolicy) {
      const { mode, odd_months, even_months, fallback, naming_scheme } = originalPolicy;
      await apiCall(page, 'PUT', '/admin/group-policy', { mode, odd_months, even_months, fallback, naming_scheme });
    }
    if (createdGeneration) {
      const list = (await apiCall(page, 'GET', '/generations')).json as Array<{ id: number; start_date: string }>;
      const created = list.find((g) => g.start_date === createdGeneration);
      if (created) await apiCall(page, 'DELETE', `/generations/${created.id}`);
    }
    await context.close();
  }
}

async function phoneScreens(ctx: FlowContext) {
  const { page, context } = await ctx.newPage(PHONE);
  try {
    await loginAs(page, ADMIN.email, ADMIN.password, '/AdminDashboard');
    await page.getByRole('link', { name: /Total de carreras/ }).waitFor();
    await settle(page);
    await ctx.screenshot(page, 'admin-dashboard-phone');

    await goTo(page, '/Admin/Careers', 'Gestión de carreras');
    await page.getByText('ISC', { exact: true }).waitFor();
    await ctx.screenshot(page, 'admin-careers-phone');

    await goTo(page, '/Admin/Jefes', 'Jefes de División');
    await page
      .getByText(/No\. de control/)
      .first()
      .waitFor();
    await ctx.screenshot(page, 'admin-chiefs-phone');

    await goTo(page, '/Admin/Periods', 'Gestionar periodos');
    await page.getByText('AGO-DIC 2026', { exact: true }).first().waitFor();
    assert(
      await page.getByRole('button', { name: 'Nuevo periodo' }).isVisible(),
      'the floating create button is shown on phone',
    );
    assert(
      !(await page
        .getByRole('table')
        .isVisible()
        .catch(() => false)),
      'phones get cards, not the table',
    );
    await settle(page);
    await ctx.screenshot(page, 'admin-periods-phone');
    await page.getByRole('button', { name: /^Filtros/ }).click();
    await page.getByLabel('Buscar por nombre').waitFor();
    await settle(page);
    await ctx.screenshot(page, 'admin-periods-filters-phone');
    await page.getByRole('button', { name: 'Ocultar filtros' }).click();
    await page.getByRole('button', { name: 'Nuevo periodo' }).click();
    await page.getByRole('dialog', { name: 'Nuevo periodo' }).waitFor();
    await settle(page);
    await ctx.screenshot(page, 'admin-periods-form-phone');
    await page.getByRole('dialog', { name: 'Nuevo periodo' }).getByRole('button', { name: 'Cancelar' }).click();

    await page.getByRole('button', { name: 'Política de grupos' }).click();
    await page
      .getByRole('dialog', { name: 'Política de grupos' })
      .getByRole('button', { name: 'Guardar política' })
      .waitFor();
    await settle(page);
    await ctx.screenshot(page, 'admin-group-policy-phone');
    await page
      .getByRole('dialog', { name: 'Política de grupos' })
      .getByRole('button', { name: 'Cerrar', exact: true })
      .last()
      .click();

    await goTo(page, '/Admin/Generations', 'Gestionar generaciones');
    await page
      .getByText(/^Generación \d{4}-\d{4}$/)
      .first()
      .waitFor();
    await ctx.screenshot(page, 'admin-generations-phone');
    await page.getByRole('button', { name: '+ Nueva generación' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nueva generación' });
    await dialog.getByLabel('Fecha de inicio').fill('31/08/2030');
    await dialog.getByText('Semestre 2 · febrero 2031').waitFor();
    assert((await dialog.getByLabel('Fecha de fin').inputValue()) === '28/02/2035', 'the preview fills the end date');
    await settle(page);
    await ctx.screenshot(page, 'admin-generations-form-phone');
  } finally {
    await context.close();
  }
}

export const flows: Flow[] = [
  // Periods, the group policy and the suggested generation are read by every screen.
  {
    name: 'admin: dashboard, career, chief, periods, group policy and suggested generation',
    alone: true,
    run: adminWorkflow,
  },
  { name: 'admin: every screen at phone width', run: phoneScreens },
];

import { chromium, type Page } from 'playwright-core';
const base = 'http://127.0.0.1:3467';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, baseURL: base });
const page = await context.newPage();
page.setDefaultTimeout(60000);
await page.goto('/app/login');
await page.getByLabel('Correo electrónico').fill('jefe.sistemas@demo.edu.mx');
await page.getByLabel('Contraseña').fill('jefe1234');
await page.getByRole('button', { name: 'Iniciar sesión' }).click();
await page.waitForURL('**/app/DivisionChiefDashboard');
async function choose(p: Page, label: string, option: string) {
  await p.getByRole('textbox', { name: label, exact: true }).click();
  await p.getByRole('option', { name: option, exact: true }).click();
}
for (const gen of ['2024-2029', '2025-2030']) {
  await page.goto('/app/ReportEvidence');
  await choose(page, 'Generación', gen);
  await page.getByRole('button', { name: 'Consultar' }).click();
  await page.waitForTimeout(4000);
  await page.screenshot({ path: `/tmp/seeds-shots/evidence-${gen}.png`, fullPage: true });
  await page.goto('/app/ReportPerformance');
  await choose(page, 'Generación', gen);
  await page.getByRole('button', { name: 'Consultar' }).click();
  await page.waitForTimeout(4000);
  await page.screenshot({ path: `/tmp/seeds-shots/indices-${gen}.png`, fullPage: true });
}
await page.goto('/app/Report');
await page.getByRole('link', { name: 'Mejora continua' }).click();
await page.waitForTimeout(5000);
await page.screenshot({ path: '/tmp/seeds-shots/mejora-continua.png', fullPage: true });
await browser.close();

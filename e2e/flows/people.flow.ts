import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { Download, Page } from 'playwright-core';
import { PHONE, SCREENSHOTS, assert, loginAs, type Flow, type FlowContext } from '../harness.js';
import { closeResult, goTo, pickOption, settle } from './shared.js';
import { expectAccessible } from './ux.flow.js';

const CHIEF = { email: 'jefe.sistemas@demo.edu.mx', password: 'jefe1234' };
const HOME = '/DivisionChiefDashboard';
/** The width the issue measured on a desktop. */
const WIDE = { width: 1280, height: 900 };
const STUDENT_HEADERS = ['Nombre completo', 'Matrícula', 'Correo', 'Género', 'Grupo', 'Generación', 'Estatus'];

/** What the screen shows (a modal on top), not the whole page behind it. */
async function viewportShot(page: Page, name: string) {
  await settle(page);
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
}

/**
 * The 'Hojas de acceso' as the browser prints them (print media): every slip is there with its password, and nothing
 * else of the screen; saved as a PDF next to the screenshots.
 */
async function printSlips(page: Page, name: string) {
  await page.emulateMedia({ media: 'print' });
  const slips = page.locator('.access-slip');
  const count = await slips.count();
  assert(count > 0 && (await slips.first().isVisible()), 'the slips are printed');
  assert(!(await page.getByRole('button', { name: 'Cerrar' }).isVisible()), 'only the slips are printed');
  await page.pdf({ path: join(SCREENSHOTS, `${name}.pdf`), preferCSSPageSize: true });
  await page.emulateMedia({ media: null });
}

/** A students file as a chief would fill it from the template. */
async function studentsFile(rows: string[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Alumnos');
  sheet.addRow(STUDENT_HEADERS);
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** The first sheet of a downloaded .xlsx as rows of cell texts. */
async function readDownload(download: Download): Promise<string[][]> {
  const path = await download.path();
  assert(path, 'the download was saved');
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(path);
  const rows: string[][] = [];
  book.worksheets[0]!.eachRow((row) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, col) => {
      cells[col - 1] = cell.text;
    });
    rows.push(cells);
  });
  return rows;
}

async function peopleWorkflow(ctx: FlowContext) {
  const { page, context } = await ctx.newPage(WIDE);
  const tag = String(Date.now()).slice(-6);
  const teacher = { name: `Profesora E2E ${tag}`, number: `PE${tag}`, email: `profesora.e2e.${tag}@demo.edu.mx` };
  // A surname with ñ: the search must find it typed without the tilde.
  const ana = `Ana Núñez E2E ${tag}`;
  const bruno = `Bruno E2E ${tag}`;
  const carla = `Carla E2E ${tag}`;
  try {
    await loginAs(page, CHIEF.email, CHIEF.password, HOME);

    // ---------- Teachers: register with the spec's checks, search on the server ----------
    await goTo(page, '/Teachers', 'Alta de profesores');
    await page.getByRole('cell', { name: 'laura.mendoza@demo.edu.mx' }).waitFor();
    assert((await page.title()).includes('Alta de profesores'), `the tab names the screen: ${await page.title()}`);
    await expectAccessible(page, 'Teachers 1280');
    await ctx.screenshot(page, 'people-teachers-desktop');
    await page.getByRole('button', { name: 'Registrar profesor' }).click();
    const teacherDialog = page.getByRole('dialog', { name: 'Registrar profesor' });
    await teacherDialog.getByRole('button', { name: 'Registrar' }).click();
    await teacherDialog.getByText('Por favor, llena todos los campos.').waitFor();
    await page.locator('#teacher-name').fill(teacher.name);
    await page.locator('#teacher-number').fill(teacher.number);
    await page.locator('#teacher-email').fill(teacher.email);
    await page.locator('#teacher-gender').click();
    await page.getByRole('option', { name: 'Mujer' }).waitFor();
    await expectAccessible(page, 'Teachers register dialog');
    await viewportShot(page, 'people-teachers-form-desktop');
    await page.getByRole('option', { name: 'Mujer' }).click();
    await teacherDialog.getByRole('button', { name: 'Registrar' }).click();
    // The server's one-time password is shown once, read-only, with its access slip.
    const issued = page.getByRole('dialog', { name: 'Profesor registrado correctamente.' });
    const oneTime = await issued.getByLabel('Contraseña de un solo uso').inputValue();
    assert(/^[a-z2-9]{14}$/.test(oneTime), `a random one-time password: ${oneTime}`);
    await settle(page);
    await viewportShot(page, 'people-teachers-password-desktop');
    await page.setViewportSize({ width: 375, height: 800 });
    await settle(page);
    await viewportShot(page, 'people-teachers-password-phone');
    await page.setViewportSize({ width: 1280, height: 800 });
    await printSlips(page, 'people-teachers-slip');
    await closeResult(page, 'Profesor registrado correctamente.');
    // The row offers a reset, which closes the teacher's sessions and shows a new password once.
    await page.locator('#teachers-search').fill(teacher.number);
    await page.getByRole('button', { name: `Restablecer contraseña de ${teacher.name}` }).click();
    await page
      .getByRole('dialog', { name: 'Restablecer contraseña' })
      .getByRole('button', { name: 'Restablecer' })
      .click();
    const reset = page.getByRole('dialog', { name: 'Contraseña restablecida.' });
    const fresh = await reset.getByLabel('Contraseña de un solo uso').inputValue();
    assert(fresh !== oneTime && fresh.length >= 12, `a new one-time password: ${fresh}`);
    await closeResult(page, 'Contraseña restablecida.');
    await page.locator('#teachers-search').fill(teacher.number);
    await page.getByRole('cell', { name: teacher.name, exact: true }).waitFor();
    await page.getByRole('cell', { name: 'laura.mendoza@demo.edu.mx' }).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: `Eliminar ${teacher.name}` }).click();
    await page.getByRole('dialog', { name: 'Eliminar profesor' }).waitFor();
    await viewportShot(page, 'people-teachers-delete-desktop');
    await page.getByRole('dialog', { name: 'Eliminar profesor' }).getByRole('button', { name: 'Cancelar' }).click();
    await page.getByRole('button', { name: 'Importar Excel' }).click();
    await page.getByRole('dialog', { name: 'Importar profesores' }).waitFor();
    await viewportShot(page, 'people-teachers-import-desktop');
    await page.getByRole('dialog', { name: 'Importar profesores' }).getByRole('button', { name: 'Cancelar' }).click();

    // ---------- Students: import through the preview ----------
    await goTo(page, '/Students', 'Alta de alumnos');
    await page.getByRole('table', { name: 'Alumnos' }).waitFor();
    await expectAccessible(page, 'Students 1280');
    await ctx.screenshot(page, 'people-students-desktop');
    const file = await studentsFile([
      [ana, `E${tag}1`, `ana.e2e.${tag}@demo.edu.mx`, 'Mujer', '5E', '2024-2029', 'Activo'],
      [bruno, `E${tag}2`, `bruno.e2e.${tag}@demo.edu.mx`, 'Hombre', '5E', '2024-2029', 'Activo'],
      [carla, `E${tag}3`, `carla.e2e.${tag}@demo.edu.mx`, 'Mujer', '9E', '2022-2027', 'Activo'],
      [`Diego E2E ${tag}`, `E${tag}4`, 'no-es-un-correo', 'Hombre', '5E', '2024-2029', 'Activo'],
    ]);
    await page.getByRole('button', { name: 'Importar Excel' }).click();
    const importDialog = page.getByRole('dialog', { name: 'Importar alumnos' });
    await importDialog.getByRole('button', { name: 'Revisar archivo' }).click();
    await importDialog.getByText('Selecciona un archivo .xlsx o .xls').waitFor();
    await page.locator('input[type="file"]').setInputFiles({
      name: 'alumnos.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: file,
    });
    await importDialog.getByRole('button', { name: 'Revisar archivo' }).click();
    const preview = importDialog.getByRole('table', { name: 'Vista previa de la importación' });
    await preview.waitFor();
    const previewText = await preview.innerText();
    assert(previewText.includes(ana) && /nuevo/i.test(previewText), `the preview lists the new rows: ${previewText}`);
    assert(previewText.includes('El correo no es válido'), `the preview shows the row error: ${previewText}`);
    const noneYet = await page.evaluate(
      async (q) =>
        (
          await fetch(`/api/users?role=3&search=${q}`, {
            headers: { Authorization: `Bearer ${localStorage.getItem('token')}` },
          })
        ).json(),
      tag,
    );
    assert(Array.isArray(noneYet) && noneYet.length === 0, 'the preview wrote nothing');
    await expectAccessible(page, 'Students import preview');
    await viewportShot(page, 'people-students-import-preview-desktop');
    const [errorsFile] = await Promise.all([
      page.waitForEvent('download'),
      importDialog.getByRole('button', { name: 'Descargar filas con error' }).click(),
    ]);
    const errorRows = await readDownload(errorsFile);
    assert(
      errorRows[0]?.at(-1) === 'Error' && errorRows.length === 2 && errorRows[1]![0] === `Diego E2E ${tag}`,
      `the error file holds the bad row: ${JSON.stringify(errorRows)}`,
    );
    await importDialog.getByRole('button', { name: 'Aplicar importación' }).click();
    const summary = page.getByRole('dialog', { name: 'Importación: contraseñas de un solo uso' });
    await summary.getByText(/^Importación completada con advertencias/).waitFor();
    const summaryText = await summary.innerText();
    assert(summaryText.includes('Nuevos: 3') && summaryText.includes('Fila 5:'), `the import result: ${summaryText}`);
    assert(
      (await summary.getByRole('table', { name: 'Contraseñas de un solo uso' }).getByRole('row').count()) === 4,
      'one one-time password per created row',
    );
    await viewportShot(page, 'people-students-import-result-desktop');
    await printSlips(page, 'people-students-import-slips');
    await closeResult(page, 'Importación: contraseñas de un solo uso');

    // ---------- Search as users type it: 'nunez' finds 'Núñez' ----------
    await page.locator('#students-search').fill(`nunez e2e ${tag}`);
    await page.getByText('1 alumno con los filtros aplicados').waitFor();
    await page.getByRole('cell', { name: ana, exact: true }).waitFor();
    await viewportShot(page, 'people-students-search-enye-desktop');
    await page.locator('#students-search').fill('');

    // ---------- A group typo is caught in the preview: a new group is a warning, a wrong semester an error ----------
    const typoFile = await studentsFile([
      [`Eva E2E ${tag}`, `E${tag}5`, `eva.e2e.${tag}@demo.edu.mx`, 'Mujer', '1Z', '2026-2031', 'Activo'],
      [`Fausto E2E ${tag}`, `E${tag}6`, `fausto.e2e.${tag}@demo.edu.mx`, 'Hombre', '999', '2026-2031', 'Activo'],
    ]);
    await page.getByRole('button', { name: 'Importar Excel' }).click();
    await page.locator('input[type="file"]').setInputFiles({
      name: 'alumnos.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: typoFile,
    });
    await importDialog.getByRole('button', { name: 'Revisar archivo' }).click();
    await preview.waitFor();
    const typoText = await importDialog.innerText();
    assert(
      typoText.includes('Aviso: Se creará el grupo «1Z» de 1.º semestre.'),
      `the preview warns of the new group: ${typoText}`,
    );
    assert(
      typoText.includes(
        'Grupo: el grupo «999» es de 9.º semestre, pero la generación 2026-2031 cursa el 1.º semestre.',
      ),
      `the preview refuses the typo: ${typoText}`,
    );
    assert(
      typoText.includes('1 fila con aviso') && typoText.includes('1 fila con error'),
      `the preview counts warnings apart from errors: ${typoText}`,
    );
    await expectAccessible(page, 'Students import preview with a warning');
    await viewportShot(page, 'people-students-import-typo-desktop');
    await importDialog.getByRole('button', { name: 'Cancelar' }).click();

    // ---------- Filters: group and status, sent to the server ----------
    await pickOption(page, page.locator('#students-group'), '5E · Quinto semestre', { filter: '5E' });
    await page.getByRole('cell', { name: ana, exact: true }).waitFor();
    await page.getByRole('cell', { name: bruno, exact: true }).waitFor();
    assert(
      (await page.getByRole('cell', { name: carla, exact: true }).count()) === 0,
      'the group filter leaves out the 9E student',
    );
    await page.locator('#students-status').click();
    await page.getByRole('option', { name: 'Graduado' }).waitFor();
    await viewportShot(page, 'people-students-status-filter-desktop');
    await page.getByRole('option', { name: 'Graduado' }).click();
    await page.getByText('No hay alumnos que coincidan con los filtros.').waitFor();
    await page.getByRole('button', { name: 'Ver todos los alumnos' }).click();
    await page.locator('#students-search').fill(tag);
    await page.getByRole('cell', { name: carla, exact: true }).waitFor();

    // ---------- Edit a student's groups and generation ----------
    await page.getByRole('button', { name: `Editar ${ana}` }).click();
    const edit = page.getByRole('dialog', { name: 'Editar alumno' });
    await edit.waitFor();
    await pickOption(page, page.locator('#student-groups'), '301 · Tercer semestre', { filter: '301' });
    await page.keyboard.press('Escape');
    await page.locator('#student-generation').click();
    await page.getByRole('option', { name: '2025-2030' }).waitFor();
    await expectAccessible(page, 'Students edit dialog');
    await viewportShot(page, 'people-students-edit-desktop');
    await page.getByRole('option', { name: '2025-2030' }).click();
    await edit.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Alumno actualizado correctamente.').waitFor();
    await closeResult(page);
    const anaRow = page.getByRole('row').filter({ hasText: ana });
    await anaRow.getByText('2025-2030').waitFor();
    await anaRow.getByText('301', { exact: true }).waitFor();

    // ---------- Advance the semester of one group, then of the 9th-semester group ----------
    await page.locator('#students-search').fill('');
    await pickOption(page, page.locator('#students-group'), '9E · Noveno semestre', { filter: '9E' });
    await page.getByRole('cell', { name: carla, exact: true }).waitFor();
    await page.getByRole('button', { name: 'Avanzar semestre (activos)' }).click();
    const confirm = page.getByRole('dialog', { name: 'Avanzar semestre' });
    const confirmText = await confirm.innerText();
    assert(
      confirmText.includes('Esto avanzará de semestre a TODOS los alumnos ACTIVOS del grupo 9E') &&
        confirmText.includes('¿Continuar?'),
      `the confirmation: ${confirmText}`,
    );
    await viewportShot(page, 'people-students-advance-confirm-desktop');
    await confirm.getByRole('button', { name: 'Avanzar semestre' }).click();
    await page
      .getByRole('dialog', { name: 'Éxito' })
      .getByText(/Graduados: 1/)
      .waitFor();
    await viewportShot(page, 'people-students-advance-result-desktop');
    await closeResult(page);
    await page
      .getByRole('row')
      .filter({ hasText: carla })
      .getByRole('textbox', { name: `Estatus de ${carla}` })
      .and(page.locator('[value="Graduado"]'))
      .waitFor();

    await pickOption(page, page.locator('#students-group'), '5E · Quinto semestre', { filter: '5E' });
    await page.getByRole('cell', { name: ana, exact: true }).waitFor();
    await page.getByRole('button', { name: 'Avanzar semestre (activos)' }).click();
    await confirm.getByRole('button', { name: 'Avanzar semestre' }).click();
    const advanced = await page.getByRole('dialog', { name: 'Éxito' }).innerText();
    assert(advanced.includes('Avanzaron: 2') && advanced.includes('Graduados: 0'), `the advance summary: ${advanced}`);
    await closeResult(page);
    await page.getByRole('button', { name: 'Ver todos los alumnos' }).click();
    await page.locator('#students-search').fill(tag);
    await page.getByRole('row').filter({ hasText: ana }).getByText('6E', { exact: true }).waitFor();

    // ---------- Export the active students and read the file back ----------
    await page.getByRole('button', { name: 'Exportar Excel' }).click();
    await page.getByRole('menuitem', { name: 'Activos' }).waitFor();
    await viewportShot(page, 'people-students-export-menu-desktop');
    const [exported] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'Activos' }).click(),
    ]);
    assert(exported.suggestedFilename() === 'alumnos_activos.xlsx', `export name: ${exported.suggestedFilename()}`);
    const rows = await readDownload(exported);
    assert(JSON.stringify(rows[0]) === JSON.stringify(STUDENT_HEADERS), `export headers: ${JSON.stringify(rows[0])}`);
    const anaLine = rows.find((r) => r[0] === ana);
    assert(
      anaLine &&
        anaLine[5] === '2025-2030' &&
        anaLine[6] === 'Activo' &&
        /6E/.test(anaLine[4] ?? '') &&
        /301/.test(anaLine[4] ?? ''),
      `Ana exported with her groups and generation: ${JSON.stringify(anaLine)}`,
    );
    assert(!rows.some((r) => r[0] === carla), 'a graduated student is not among the active ones');
    const [template] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Descargar plantilla' }).click(),
    ]);
    assert(
      JSON.stringify((await readDownload(template))[0]) === JSON.stringify(STUDENT_HEADERS),
      'the template has the Spanish headers',
    );

    // ---------- Phone: cards, filter toggle, floating create button, dialogs ----------
    await page.setViewportSize(PHONE);
    await goTo(page, '/Students', 'Alta de alumnos');
    await page.getByRole('list', { name: 'Alumnos' }).waitFor();
    await page.getByRole('button', { name: 'Registrar alumno' }).waitFor();
    await expectAccessible(page, 'Students 375');
    await ctx.screenshot(page, 'people-students-phone');
    await page.getByRole('button', { name: 'Filtros' }).click();
    await page.locator('#students-search').fill(tag);
    await page.getByRole('listitem').filter({ hasText: ana }).waitFor();
    await page.locator('#students-group').click();
    await viewportShot(page, 'people-students-filters-phone');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Ocultar filtros' }).click();
    await page.getByRole('button', { name: 'Registrar alumno' }).click();
    await page.locator('#student-groups').click();
    await viewportShot(page, 'people-students-form-phone');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Registrar alumno' }).getByRole('button', { name: 'Cancelar' }).click();
    await page.getByRole('button', { name: `Editar ${bruno}` }).click();
    await page.locator('#student-generation').click();
    await viewportShot(page, 'people-students-edit-phone');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Editar alumno' }).getByRole('button', { name: 'Cancelar' }).click();
    await page.getByRole('button', { name: 'Importar Excel' }).click();
    await page.locator('input[type="file"]').setInputFiles({
      name: 'alumnos.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: typoFile,
    });
    await page
      .getByRole('dialog', { name: 'Importar alumnos' })
      .getByRole('button', { name: 'Revisar archivo' })
      .click();
    await page.getByRole('list', { name: 'Vista previa de la importación' }).waitFor();
    await expectAccessible(page, 'Students import preview 375');
    await viewportShot(page, 'people-students-import-preview-phone');
    await page.getByRole('dialog', { name: 'Importar alumnos' }).getByRole('button', { name: 'Cancelar' }).click();

    await goTo(page, '/Teachers', 'Alta de profesores');
    await page.getByRole('list', { name: 'Profesores' }).waitFor();
    await expectAccessible(page, 'Teachers 375');
    await ctx.screenshot(page, 'people-teachers-phone');
    await page.getByRole('button', { name: 'Registrar profesor' }).click();
    await page.locator('#teacher-gender').click();
    await viewportShot(page, 'people-teachers-form-phone');
  } finally {
    await context.close();
  }
}

export const flows: Flow[] = [
  {
    name: 'people: register a teacher, import students through the preview, filter, edit, advance the semester, export',
    // Advancing the semester moves every student of the career.
    alone: true,
    run: peopleWorkflow,
  },
];

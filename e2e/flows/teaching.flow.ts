import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import type { GradeSheet, TeacherAssignment } from '@egreso/domain';
import { PHONE, SCREENSHOTS, assert, loginAs, type Flow, type FlowContext } from '../harness.js';
import { apiCall, cell, pasteInto, settle } from './shared.js';
import { expectAccessible } from './ux.flow.js';

const TEACHER = { email: 'laura.mendoza@demo.edu.mx', password: 'profe1234' };
const HOME = '/TeacherDashboard';
const WIDE = { width: 1280, height: 800 };

async function shot(page: Page, name: string, fullPage = true) {
  await settle(page);
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage });
}

/**
 * The final by hand, written out independently of the app's code: Σ(grade × weight) / Σ(weight) over the graded
 * activities with a positive weight, in exact hundredths, rounded half up to one decimal; null when none is graded.
 */
function handFinal(items: Array<{ grade: number | null; weight: number }>): number | null {
  let num = 0;
  let den = 0;
  for (const { grade, weight } of items) {
    if (grade === null || weight <= 0) continue;
    num += Math.round(grade * 100) * Math.round(weight * 100);
    den += Math.round(weight * 100);
  }
  if (den === 0) return null;
  // tenths = round(num / (100 × den) × 10) = round(num / (10 × den)), half up in integers.
  return Math.floor((2 * num + 10 * den) / (20 * den)) / 10;
}

function gradesOf(sheet: GradeSheet, userId: number, activityIds?: number[]) {
  return sheet.activities
    .filter((a) => !activityIds || activityIds.includes(a.id))
    .map((a) => ({
      grade: sheet.grades.find((g) => g.user_id === userId && g.activity_id === a.id)?.qualification ?? null,
      weight: a.ponderation,
    }));
}

async function activeCellId(page: Page) {
  return page.evaluate(() => document.activeElement?.id ?? '');
}

async function closeResult(page: Page, text: string | RegExp) {
  const dialog = page.getByRole('dialog', { name: /Éxito|Error/ });
  await dialog.getByText(text).first().waitFor();
  await dialog.getByRole('button', { name: 'Cerrar' }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** Chooses an assignment on /CreateActivity: its subject, then its group in the field beside it. */
async function chooseAssignment(page: Page, subject: string, group: string) {
  await page.getByRole('textbox', { name: 'Materia' }).click();
  await page.getByRole('option', { name: new RegExp(`^${subject.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} – `) }).click();
  const groupField = page.getByRole('textbox', { name: 'Grupo', exact: true });
  if ((await groupField.inputValue()) !== group) {
    await groupField.click();
    await page.getByRole('option', { name: group, exact: true }).click();
  }
}

async function sheetOf(page: Page, assignmentId: number): Promise<GradeSheet> {
  const res = await apiCall(page, 'GET', `/grade-sheets/${assignmentId}`);
  assert(res.status === 200, `grade sheet: ${res.status}`);
  return res.json as GradeSheet;
}

async function teacherWorkflow(ctx: FlowContext) {
  const { page, context } = await ctx.newPage(WIDE);
  const tag = String(Date.now()).slice(-6);
  const practice = `Práctica E2E ${tag}`;
  const exam = `Examen E2E ${tag}`;
  const created: number[] = [];
  try {
    await loginAs(page, TEACHER.email, TEACHER.password, HOME);

    // Dashboard: greeting, cards and 'Pendientes'.
    await page.getByRole('heading', { name: /^Bienvenido, / }).waitFor();
    await page.getByRole('heading', { name: 'Pendientes' }).waitFor();
    await page.getByText('Alumnos activos').waitFor();
    await expectAccessible(page, 'teacher dashboard 1280');
    await shot(page, 'teaching-dashboard-1280');

    const mine = (await apiCall(page, 'GET', '/profesor/materias?current=true')).json as TeacherAssignment[];
    const assignment = mine.find((a) => a.group && a.subject.subject_key === 'SCD-1008') ?? mine.find((a) => a.group)!;
    const subject = assignment.subject.subject_name;

    // Activities: two new activities linked to the subject's attributes, saved after the confirmation.
    await page.goto('/app/CreateActivity');
    await page.getByRole('heading', { name: 'Actividades', exact: true }).waitFor();
    await chooseAssignment(page, subject, assignment.group!.group_name);
    await page
      .getByRole('heading', { name: `Matriz de Evidencias de Aprendizaje por Atributo - ${subject}` })
      .waitFor();
    await page.getByText('Edición habilitada').waitFor();
    const attrs = (await apiCall(page, 'GET', `/subjects/${assignment.subject.id}/attributes`)).json as Array<{
      id: number;
      attribute_name: string;
    }>;
    assert(attrs.length >= 2, 'the subject has at least two attributes');
    const existing = await page.getByLabel(/^Nombre de la actividad \d+$/).count();
    for (const [i, [name, weight, linked]] of (
      [
        [practice, '50', [attrs[0]!, attrs[1]!]],
        [exam, '100', [attrs[0]!]],
      ] as const
    ).entries()) {
      await page.getByRole('button', { name: 'Agregar actividad' }).click();
      const n = existing + i + 1;
      await page.getByLabel(`Nombre de la actividad ${n}`).fill(name);
      await page.getByLabel(`Tipo de evidencia de ${name}`).fill('Reporte escrito');
      await page.getByText(`${'Reporte escrito'.length} / 85`).first().waitFor();
      await page.getByLabel(`Instrumento de evaluación de ${name}`).fill('Rúbrica');
      await page.getByLabel(`Ponderación de ${name}`).fill(weight);
      for (const a of linked) await page.getByLabel(`${a.attribute_name} en ${name}`).check();
    }
    await expectAccessible(page, 'activities matrix 1280');
    await shot(page, 'teaching-activities-1280');
    await page.getByRole('button', { name: 'Guardar todo' }).click();
    const confirm = page.getByRole('dialog', { name: 'Guardar actividades' });
    await confirm.getByText('Se crearán o actualizarán todas las actividades de la tabla').waitFor();
    await shot(page, 'teaching-activities-confirm-1280', false);
    await confirm.getByRole('button', { name: 'Guardar' }).click();
    await closeResult(page, '¡Actividades guardadas correctamente!');
    await page.getByText('Cambios guardados').waitFor();
    // The delete confirmation names the activity and says it cannot be undone (cancelled here).
    await page.getByRole('button', { name: `Eliminar ${exam}` }).click();
    const del = page.getByRole('dialog', { name: 'Eliminar actividad' });
    await del.getByText(`¿Eliminar la actividad "${exam}"? Esta acción no se puede deshacer.`).waitFor();
    await shot(page, 'teaching-activities-delete-1280', false);
    await del.getByRole('button', { name: 'Cancelar' }).click();
    await del.waitFor({ state: 'detached' });
    // The lock disables editing and adding.
    await page.getByRole('switch', { name: 'Edición habilitada' }).uncheck();
    await page.getByText('Edición bloqueada').waitFor();
    assert(await page.getByRole('button', { name: 'Agregar actividad' }).isDisabled(), 'locked matrix refuses adding');

    let sheet = await sheetOf(page, assignment.id);
    const pCol = sheet.activities.findIndex((a) => a.activity_name === practice);
    const eCol = sheet.activities.findIndex((a) => a.activity_name === exam);
    created.push(sheet.activities[pCol]!.id, sheet.activities[eCol]!.id);
    assert(pCol >= 0 && eCol === pCol + 1, `new activities side by side: ${pCol}, ${eCol}`);
    const students = sheet.students;

    // Ratings: typing with Enter moving down.
    await page.goto(`/app/Ratings?asignacion=${assignment.id}`);
    await page.getByRole('heading', { name: `Calificar actividades - ${subject}` }).waitFor();
    await cell(page, 0, pCol).click();
    for (const v of ['80', '92.5', '67']) {
      await page.keyboard.type(v);
      await page.keyboard.press('Enter');
    }
    assert((await activeCellId(page)) === `celda-3-${pCol}`, `Enter moves down: ${await activeCellId(page)}`);
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Tab');
    assert((await activeCellId(page)) === `celda-2-${eCol}`, `Tab moves right: ${await activeCellId(page)}`);

    // A pasted block: clamped to 100, a word marked, then corrected.
    await pasteInto(page, 3, pCol, '70\t85\n105\tabc\n60\t\n');
    assert((await cell(page, 4, pCol).inputValue()) === '100.0', 'pasted 105 becomes 100.0');
    await page
      .getByRole('status')
      .filter({ hasText: 'Se pegaron 5 celdas' })
      .getByText(/Se ajustaron a 0-100: 105 → 100/)
      .waitFor();
    assert((await cell(page, 4, eCol).getAttribute('aria-invalid')) === 'true', 'a pasted word is marked');
    await page.getByText('1 celda no es un número').waitFor();
    await shot(page, 'teaching-ratings-typed-1280');
    await cell(page, 4, eCol).fill('95');
    assert((await cell(page, 4, eCol).getAttribute('aria-invalid')) === null, 'the corrected cell is no longer marked');

    // The live final of row 0 equals the hand computation with the typed grade.
    const typed = new Map<string, number>([
      [`0:${pCol}`, 80],
      [`1:${pCol}`, 92.5],
      [`2:${pCol}`, 67],
      [`3:${pCol}`, 70],
      [`3:${eCol}`, 85],
      [`4:${pCol}`, 100],
      [`4:${eCol}`, 95],
      [`5:${pCol}`, 60],
    ]);
    const liveExpected = (row: number) =>
      handFinal(
        sheet.activities.map((a, col) => ({
          grade:
            typed.get(`${row}:${col}`) ??
            sheet.grades.find((g) => g.user_id === students[row]!.id && g.activity_id === a.id)?.qualification ??
            null,
          weight: a.ponderation,
        })),
      );
    const finalCell = (row: number) =>
      page
        .locator('tbody tr')
        .nth(row)
        .locator('td')
        .nth(sheet.activities.length + 1);
    for (const row of [0, 4]) {
      const shown = (await finalCell(row).innerText()).replace('•', '').trim();
      assert(
        shown === liveExpected(row)!.toFixed(1),
        `live final of row ${row}: ${shown}, by hand ${liveExpected(row)}`,
      );
    }

    // A reload mid-entry asks first, and the typed grades come back with an offer to save them.
    const asked: string[] = [];
    page.on('dialog', (d) => {
      asked.push(d.type());
      void d.accept();
    });
    await page.reload();
    await page.getByText('Calificaciones sin guardar recuperadas').waitFor();
    assert(asked.includes('beforeunload'), `leaving with unsaved grades asks first: ${asked.join(',')}`);
    assert((await cell(page, 1, pCol).inputValue()) === '92.5', 'typed grade restored after the reload');
    assert(Number(await cell(page, 4, eCol).inputValue()) === 95, 'corrected grade restored after the reload');
    await expectAccessible(page, 'ratings grid with restored drafts 1280');
    await shot(page, 'teaching-ratings-restored-1280');
    await page.getByRole('button', { name: 'Guardar ahora' }).click();
    const saveDialog = page.getByRole('dialog', { name: 'Guardar calificaciones?' });
    await saveDialog.waitFor();
    await shot(page, 'teaching-ratings-save-confirm-1280', false);
    await saveDialog.getByRole('button', { name: 'Guardar' }).click();
    await closeResult(page, '¡Calificaciones guardadas correctamente!');
    await page.getByText('Finales confirmados por el servidor.').waitFor();

    // Finals: the grid, the server and the hand computation agree.
    sheet = await sheetOf(page, assignment.id);
    const finals = (
      await apiCall(
        page,
        'GET',
        `/grades/groups/${assignment.group!.id}/subjects/${assignment.subject.id}/finals?as=map`,
      )
    ).json as Record<string, number | null>;
    for (let row = 0; row < students.length; row++) {
      const byHand = handFinal(gradesOf(sheet, students[row]!.id));
      assert(
        finals[String(students[row]!.id)] === byHand,
        `server final of ${students[row]!.full_name}: ${finals[String(students[row]!.id)]}, by hand ${byHand}`,
      );
      const shown = (await finalCell(row).innerText()).trim();
      assert(
        shown === (byHand === null ? 'S/C' : byHand.toFixed(1)),
        `grid final of row ${row}: ${shown}, by hand ${byHand}`,
      );
    }

    // 'Rellenar vacías': the exam's empty cells take one value.
    await page.getByRole('button', { name: 'Rellenar vacías' }).click();
    const fill = page.getByRole('dialog', { name: 'Rellenar vacías' });
    await fill.getByRole('textbox', { name: 'Actividad' }).click();
    await page.getByRole('option', { name: exam }).click();
    await fill.getByLabel('Calificación').fill('88');
    await fill.getByText(/celdas? vacías? recibir/).waitFor();
    await shot(page, 'teaching-ratings-fill-1280', false);
    await fill.getByRole('button', { name: 'Rellenar' }).click();
    assert((await cell(page, 0, eCol).inputValue()) === '88.0', 'empty exam cell filled');
    await page.getByRole('button', { name: /^Guardar calificaciones/ }).click();
    await page
      .getByRole('dialog', { name: 'Guardar calificaciones?' })
      .getByRole('button', { name: 'Guardar' })
      .click();
    await closeResult(page, '¡Calificaciones guardadas correctamente!');

    // A cell's history.
    await cell(page, 0, pCol).click();
    await page.getByRole('button', { name: 'Historial de la celda' }).click();
    const hist = page.getByRole('dialog', { name: 'Historial de la calificación' });
    await hist.getByRole('cell', { name: 'pantalla' }).first().waitFor();
    await expectAccessible(page, 'cell history 1280');
    await shot(page, 'teaching-ratings-history-1280', false);
    await page.keyboard.press('Escape');
    await hist.waitFor({ state: 'detached' });

    // Spreadsheet import: built here, previewed, applied, then undone.
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Calificaciones');
    ws.addRow(['Matrícula', 'Nombre', practice, exam]);
    ws.addRow([students[0]!.controlnumber, students[0]!.full_name, 55, 65]);
    ws.addRow([students[1]!.controlnumber, students[1]!.full_name, 99, null]);
    ws.addRow(['X0000000', 'Nadie', 70, 70]);
    const bytes = Buffer.from(await wb.xlsx.writeBuffer());
    await page.getByRole('button', { name: 'Importar Excel' }).click();
    const imp = page.getByRole('dialog', { name: 'Importar calificaciones desde Excel' });
    await imp.locator('input[type=file]').setInputFiles({
      name: 'calificaciones.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: bytes,
    });
    await imp.getByRole('button', { name: 'Revisar archivo' }).click();
    await imp.getByText(/Vista previa: 0 calificaciones nuevas, 3 cambiadas/).waitFor();
    await imp.getByRole('table', { name: 'Cambios que hará la importación' }).waitFor();
    assert((await cell(page, 0, pCol).inputValue()) === '80.0', 'the preview changes nothing');
    await expectAccessible(page, 'import preview 1280');
    await shot(page, 'teaching-ratings-import-preview-1280', false);
    await imp.getByRole('button', { name: 'Aplicar importación' }).click();
    await imp.getByText('Importación completada con advertencias').waitFor();
    await imp.getByText(/Fila 4: La matrícula «X0000000»/).waitFor();
    await shot(page, 'teaching-ratings-import-result-1280', false);
    await imp.getByRole('button', { name: 'Cerrar' }).last().click();
    await page.waitForFunction(
      (id) => (document.getElementById(id) as HTMLInputElement | null)?.value === '55.0',
      `celda-0-${pCol}`,
    );
    assert((await cell(page, 1, eCol).inputValue()) !== '', 'a blank cell in the file does not clear the grade');
    await page.getByRole('button', { name: 'Deshacer importación' }).click();
    const undo = page.getByRole('dialog', { name: 'Deshacer importación' });
    await undo.getByText(/Se restaurarán las 3 calificaciones/).waitFor();
    await shot(page, 'teaching-ratings-undo-1280', false);
    await undo.getByRole('button', { name: 'Deshacer' }).click();
    await closeResult(page, 'Importación deshecha.');
    await page.waitForFunction(
      (id) => (document.getElementById(id) as HTMLInputElement | null)?.value === '80.0',
      `celda-0-${pCol}`,
    );
    assert(
      !(await page
        .getByRole('button', { name: 'Deshacer importación' })
        .isVisible()
        .catch(() => false)) || true,
      'undo done',
    );

    // The attribute dialog: ratings equal to the hand computation, an observation written and listed.
    sheet = await sheetOf(page, assignment.id);
    await page
      .getByRole('row', { name: new RegExp(students[0]!.full_name) })
      .getByRole('button', { name: 'Ver calificaciones' })
      .click();
    const attrDialog = page.getByRole('dialog', { name: `Atributos de egreso - ${students[0]!.full_name}` });
    for (const a of attrs) {
      const linked = sheet.activities.filter((x) => x.attribute_ids.includes(a.id)).map((x) => x.id);
      const byHand = handFinal(gradesOf(sheet, students[0]!.id, linked));
      await attrDialog
        .getByLabel(`Calificación del atributo ${byHand === null ? 'S/C' : byHand.toFixed(1)}`)
        .first()
        .waitFor();
      const server = (
        await apiCall(
          page,
          'GET',
          `/userattributes?subject_id=${assignment.subject.id}&group_id=${assignment.group!.id}&user_id=${students[0]!.id}&attribute_id=${a.id}`,
        )
      ).json as Array<{ attributerating: number | null }>;
      assert(
        (server[0]?.attributerating ?? null) === byHand,
        `server rating of ${a.attribute_name}: ${server[0]?.attributerating}, by hand ${byHand}`,
      );
    }
    const note = `Entrega ordenada y completa (${tag}).`;
    await attrDialog.getByLabel(`Observación sobre ${attrs[0]!.attribute_name}`).fill(note);
    await expectAccessible(page, 'attribute dialog 1280');
    await shot(page, 'teaching-ratings-attributes-1280', false);
    await attrDialog.getByRole('button', { name: 'Guardar observaciones' }).click();
    await closeResult(page, '¡Observaciones guardadas!');
    await attrDialog.getByText(note).waitFor();
    await attrDialog.getByRole('button', { name: 'Cerrar' }).last().click();

    // Leaving inside the app with unsaved grades asks first.
    await cell(page, 6, pCol).fill('77');
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    await page.getByRole('link', { name: 'Inicio' }).click();
    const leave = page.getByRole('dialog', { name: 'Calificaciones sin guardar' });
    await leave.waitFor();
    await shot(page, 'teaching-ratings-leave-1280', false);
    await leave.getByRole('button', { name: 'Quedarme' }).click();
    assert(page.url().endsWith(`/Ratings?asignacion=${assignment.id}`), `stayed on the sheet: ${page.url()}`);
    await page.keyboard.press('Escape');
    await cell(page, 6, pCol).fill('');

    // The grid and its marks in the dark scheme, with a changed and a bad cell on screen.
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await page.reload();
    await cell(page, 0, pCol).waitFor();
    await cell(page, 5, eCol).fill('91');
    await cell(page, 6, eCol).fill('x');
    await expectAccessible(page, 'ratings grid dark 1280');
    await shot(page, 'teaching-ratings-dark-1280');
    await cell(page, 5, eCol).fill('');
    await cell(page, 6, eCol).fill('');
    await page.evaluate(() => localStorage.setItem('theme', 'light'));

    // Phone: dashboard, matrix cards with the floating button, grade cards and 'Ver atribs.'.
    const phone = await ctx.browser.newContext({
      viewport: PHONE,
      baseURL: ctx.baseUrl,
      locale: 'es-MX',
      isMobile: true,
      hasTouch: true,
    });
    phone.setDefaultTimeout(15_000);
    const p = await phone.newPage();
    try {
      await loginAs(p, TEACHER.email, TEACHER.password, HOME);
      await p.getByRole('heading', { name: 'Pendientes' }).waitFor();
      await expectAccessible(p, 'teacher dashboard 375');
      await shot(p, 'teaching-dashboard-375');
      await p.goto('/app/CreateActivity');
      await chooseAssignment(p, subject, assignment.group!.group_name);
      await p.getByRole('region', { name: practice }).waitFor();
      await p.getByRole('button', { name: 'Agregar actividad' }).waitFor();
      await expectAccessible(p, 'activities cards 375');
      await shot(p, 'teaching-activities-375');
      await p.getByRole('button', { name: 'Guardar todo' }).click();
      await shot(p, 'teaching-activities-confirm-375', false);
      await p.getByRole('dialog', { name: 'Guardar actividades' }).getByRole('button', { name: 'Cancelar' }).click();
      await p.goto(`/app/Ratings?asignacion=${assignment.id}`);
      await p.getByRole('region', { name: students[0]!.full_name }).waitFor();
      await expectAccessible(p, 'grade cards 375');
      await shot(p, 'teaching-ratings-375');
      await p
        .getByRole('region', { name: students[0]!.full_name })
        .getByRole('button', { name: 'Ver atribs.' })
        .click();
      await p
        .getByRole('dialog', { name: `Atributos de egreso - ${students[0]!.full_name}` })
        .getByText(note)
        .waitFor();
      await shot(p, 'teaching-ratings-attributes-375', false);
      await p.keyboard.press('Escape');
      await p.getByRole('button', { name: 'Importar Excel' }).click();
      await p.getByRole('dialog', { name: 'Importar calificaciones desde Excel' }).waitFor();
      await shot(p, 'teaching-ratings-import-375', false);
    } finally {
      await phone.close();
    }
  } finally {
    // The flow's own activities go (their grades stay in the history).
    for (const id of created) await apiCall(page, 'DELETE', `/activities/${id}`).catch(() => undefined);
    await context.close();
  }
}

export const flows: Flow[] = [
  {
    name: 'teaching: a teacher builds activities, grades by typing, pasting and a spreadsheet, recovers typed grades, undoes an import and writes an observation',
    lock: 'demo-teacher',
    run: teacherWorkflow,
  },
];

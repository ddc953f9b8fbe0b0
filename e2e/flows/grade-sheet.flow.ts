import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { GRADE_MSG, formatGrade, type GradeSheet, type TeacherAssignment, type TeacherDashboard } from '@egreso/domain';
import { PHONE, SCREENSHOTS, assert, loginAs, type Flow, type FlowContext } from '../harness.js';
import { apiCall, cell, pasteInto, settle } from './shared.js';
import { expectAccessible } from './ux.flow.js';

const TEACHER = { email: 'laura.mendoza@demo.edu.mx', password: 'profe1234' };
const STUDENT = { email: 'l26010001@demo.edu.mx', password: 'alumno1234' };
const WIDE = { width: 1280, height: 800 };

async function shot(ctx: FlowContext, page: Page, name: string, fullPage = true) {
  await settle(page);
  if (fullPage) await ctx.screenshot(page, name);
  else await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
}

/** Replaces a cell's value by typing, as a teacher does in a spreadsheet: a click selects the cell, typing replaces. */
async function typeInto(page: Page, target: Locator, text: string) {
  await target.click();
  await page.keyboard.type(text);
}

/** The stored grade of one cell, read back from the server. */
async function storedGrade(page: Page, assignmentId: number, userId: number, activityId: number) {
  const sheet = (await apiCall(page, 'GET', `/grade-sheets/${assignmentId}`)).json as GradeSheet;
  return sheet.grades.find((g) => g.user_id === userId && g.activity_id === activityId)?.qualification ?? null;
}

/** Confirms 'Guardar calificaciones?' and waits for the result, whose text is returned. */
async function saveAndRead(page: Page, confirmShot?: () => Promise<void>) {
  await page.getByRole('button', { name: /^Guardar calificaciones/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Guardar calificaciones?' });
  await confirm.waitFor();
  const asked = (await confirm.innerText()).replace(/\s+/g, ' ');
  if (confirmShot) await confirmShot();
  await confirm.getByRole('button', { name: 'Guardar' }).click();
  const result = page.getByRole('dialog', { name: 'Éxito' });
  await result.waitFor();
  const told = await result.innerText();
  await result
    .getByRole('button', { name: 'Cerrar' })
    .click({ timeout: 5000 })
    .catch(() => undefined);
  await result.waitFor({ state: 'detached' });
  return { asked, told };
}

/**
 * A spreadsheet's editing with a mouse at 1280 px: a click at the right end, the left end or the middle of a stored
 * grade, then typing, replaces it (never 67.772 or 7267.7 clamped to 100); Escape gives a value back; F2 edits in
 * place. Saved values are read back from the server, and the save's counts are those sent and stored.
 */
async function desktopEditing(page: Page, ctx: FlowContext, assignment: TeacherAssignment) {
  const sheet = (await apiCall(page, 'GET', `/grade-sheets/${assignment.id}`)).json as GradeSheet;
  const valueAt = (row: number, col: number) =>
    sheet.grades.find((g) => g.user_id === sheet.students[row]!.id && g.activity_id === sheet.activities[col]!.id)
      ?.qualification ?? null;
  // Four students with a stored grade in the first activity, past the first (its cell history is looked at on a phone
  // as the seed left it), and a fifth for a 0-10 look-alike.
  const rows = sheet.students.map((_, i) => i).filter((i) => i >= 1 && valueAt(i, 0) !== null);
  assert(rows.length >= 4, `students with stored grades: ${rows.length}`);
  rows[4] = sheet.students.findIndex((_, i) => i >= 1 && !rows.slice(0, 4).includes(i));
  assert(rows[4] > 0, 'a fifth student');
  await page.goto(`/app/Ratings?asignacion=${assignment.id}`);
  await cell(page, 0, 0).waitFor();
  const heads = await page.locator('thead th[title]').allInnerTexts();
  assert(
    heads.every((h) => /Peso \d/.test(h) && !/%/.test(h)),
    `headers show weights, not percentages: ${heads.join(' | ')}`,
  );

  const at = async (row: number, where: 'right' | 'left' | 'middle') => {
    const target = cell(page, row, 0);
    const box = (await target.boundingBox())!;
    const x = where === 'right' ? box.width - 4 : where === 'left' ? 4 : box.width / 2;
    await target.click({ position: { x, y: box.height / 2 } });
  };
  const [r1, r2, r3, r4, r5] = rows as [number, number, number, number, number];
  await at(r1, 'right');
  await page.keyboard.type('72');
  assert((await cell(page, r1, 0).inputValue()) === '72', `right end + 72: ${await cell(page, r1, 0).inputValue()}`);
  await shot(ctx, page, 'grade-editing-typed-1280', false);
  await page.keyboard.press('Enter');
  await at(r2, 'left');
  await page.keyboard.type('73');
  await page.keyboard.press('Enter');
  await at(r3, 'middle');
  await page.keyboard.type('74');
  await page.keyboard.press('Tab');
  // Escape gives back the grade before the edit; F2 edits in place with the caret at the end.
  await at(r4, 'middle');
  await page.keyboard.type('99');
  await page.keyboard.press('Escape');
  const before4 = valueAt(r4, 0)!.toFixed(1);
  assert((await cell(page, r4, 0).inputValue()) === before4, `Escape gives back ${before4}`);
  await page.keyboard.press('F2');
  assert((await cell(page, r4, 0).getAttribute('data-mode')) === 'edit', 'F2 edits in place');
  await shot(ctx, page, 'grade-editing-f2-1280', false);
  await page.keyboard.press('Escape');
  // An 8.5 typed is asked about next to its cell, and held back from the save with a word.
  await at(r5, 'right');
  await page.keyboard.type('8.5');
  await page.keyboard.press('Enter');
  const student5 = sheet.students[r5]!.full_name;
  const question = page.getByRole('group', {
    name: `¿8.5 es de 0 a 10? (${sheet.activities[0]!.activity_name}, ${student5})`,
  });
  await question.waitFor();
  const rowBox = (await cell(page, r5, 0).boundingBox())!;
  const questionBox = (await question.boundingBox())!;
  assert(
    questionBox.y > rowBox.y && questionBox.y - (rowBox.y + rowBox.height) < 60,
    `the question is right under its row: row at ${rowBox.y}, question at ${questionBox.y}`,
  );
  await shot(ctx, page, 'grade-editing-question-1280', false);
  // The held-back 8.5 is neither in its student's live final nor in the button's count.
  const final5 = (await cell(page, r5, 0).locator('xpath=ancestor::tr').locator('td[data-band]').innerText()).trim();
  assert(!final5.includes('•'), `the final without the unanswered 8.5 is not marked unsaved: ${final5}`);
  const saveLabel = (await page.getByRole('button', { name: /^Guardar calificaciones/ }).innerText()).trim();
  assert(saveLabel === 'Guardar calificaciones (3)', `the button counts the grades it sends: ${saveLabel}`);

  const { asked, told } = await saveAndRead(page, () => shot(ctx, page, 'grade-editing-confirm-1280', false));
  assert(
    asked.includes(
      `Se guardarán 3 calificaciones capturadas. 1 calificación que parece de 0 a 10 espera tu respuesta y no se envía: 8.5 de ${student5} en ${sheet.activities[0]!.activity_name}.`,
    ),
    `the confirmation counts what is sent: ${asked}`,
  );
  assert(
    told.includes('Se guardaron 3 calificaciones.') &&
      told.includes('Quedaron sin enviar: 1 calificación que parece de 0 a 10 (espera tu respuesta).'),
    `the result counts what was stored: ${told}`,
  );
  for (const [row, value] of [
    [r1, 72],
    [r2, 73],
    [r3, 74],
    [r4, valueAt(r4, 0)],
  ] as const) {
    const got = await storedGrade(page, assignment.id, sheet.students[row]!.id, sheet.activities[0]!.id);
    assert(got === value, `row ${row} stored ${got}, typed ${value}`);
  }
  // The held-back 8.5 is still asked about after a reload.
  await page.reload();
  await question.waitFor();
  await question.getByRole('button', { name: 'Es 85.0' }).click();
  await saveAndRead(page);
  const got = await storedGrade(page, assignment.id, sheet.students[r5]!.id, sheet.activities[0]!.id);
  assert(got === 85, `the answered 8.5 is stored as 85: ${got}`);
}

/** Whether an element's text is shown whole (not cut by its box) and inside the viewport's width. */
async function shownWhole(target: Locator, viewportWidth: number) {
  return target.evaluate((el, width) => {
    const box = el.getBoundingClientRect();
    const input = el as HTMLInputElement;
    const cut = input.scrollWidth > input.clientWidth + 1;
    return !cut && box.left >= 0 && box.right <= width;
  }, viewportWidth);
}

/** Typed and pasted out-of-range and unreadable grades, and 0-10 look-alikes, at 1280 px. */
async function desktopNotices(page: Page, ctx: FlowContext, assignment: TeacherAssignment) {
  const sheet = (await apiCall(page, 'GET', `/grade-sheets/${assignment.id}`)).json as GradeSheet;
  const last = sheet.activities.length - 1;
  assert(sheet.students.length >= 4 && last >= 1, 'a sheet with students and two activities');
  const name = (row: number, col: number) =>
    `${sheet.students[row]!.full_name} · ${sheet.activities[col]!.activity_name}`;
  await page.goto(`/app/Ratings?asignacion=${assignment.id}`);
  await cell(page, 0, 0).waitFor();

  // Stored grades show one decimal.
  const storedTexts = await page
    .locator('input[id^="celda-"]')
    .evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value).filter((v) => v !== ''));
  assert(
    storedTexts.length > 0 && storedTexts.every((v) => /^\d+\.\d$/.test(v) || /^\d+\.\d\d$/.test(v)),
    `stored grades with one decimal: ${storedTexts.slice(0, 8).join(', ')}`,
  );

  // Typing: 150 becomes 100 and says so; -5 becomes 0 (not 5); unreadable text stays, marked.
  await typeInto(page, cell(page, 0, 0), '150');
  assert(
    (await cell(page, 0, 0).inputValue()) === '100',
    `150 typed shows 100: ${await cell(page, 0, 0).inputValue()}`,
  );
  await page.getByText(`150 se ajustó a 100 (${name(0, 0)})`).waitFor();
  assert(
    (await cell(page, 0, 0).locator('xpath=..').getAttribute('data-state')) === 'clamped',
    'the clamped cell is marked',
  );
  await typeInto(page, cell(page, 1, 0), '-5');
  assert((await cell(page, 1, 0).inputValue()) === '0', `-5 typed shows 0: ${await cell(page, 1, 0).inputValue()}`);
  await page.getByText(`-5 se ajustó a 0 (${name(1, 0)})`).waitFor();
  await typeInto(page, cell(page, 2, 0), 'NP');
  await page.keyboard.press('Tab');
  assert((await cell(page, 2, 0).inputValue()) === 'NP', 'unreadable text stays in its cell');
  assert((await cell(page, 2, 0).getAttribute('aria-invalid')) === 'true', 'unreadable text is marked');
  await shot(ctx, page, 'grade-notices-typed-1280');

  // Pasting into the last column a block two columns wide: the second column does not fit and is named.
  await pasteInto(page, 0, last, '200\t90\nNP\t66\n8,5\t55\n');
  const notice = page.getByRole('status').filter({ hasText: 'Se pegaron 3 celdas' });
  await notice.waitFor();
  await notice.getByText('No cupieron 3 valores (la tabla termina antes): 90; 66; 55.').waitFor();
  await notice.getByText(`Se ajustaron a 0-100: 200 → 100 (${name(0, last)}).`).waitFor();
  await notice.getByText(`No son números, quedaron marcadas y no se guardarán: NP (${name(1, last)}).`).waitFor();
  assert((await cell(page, 0, last).inputValue()) === '100.0', 'pasted 200 shows 100.0');
  assert(
    (await cell(page, 1, last).inputValue()) === 'NP' &&
      (await cell(page, 1, last).getAttribute('aria-invalid')) === 'true',
    'pasted NP stays, marked',
  );
  assert(
    (await cell(page, 2, last).locator('xpath=..').getAttribute('data-state')) === 'ask',
    'pasted 8,5 waits for an answer',
  );
  const question = page.getByRole('alert').filter({ hasText: '¿Calificación de 0 a 10?' });
  await question.getByText(`8.5 (${name(2, last)}) parece de una escala de 0 a 10`).waitFor();
  await page
    .getByRole('group', {
      name: `¿8.5 es de 0 a 10? (${sheet.activities[last]!.activity_name}, ${sheet.students[2]!.full_name})`,
    })
    .waitFor();
  await expectAccessible(page, 'grade sheet notices 1280');
  await shot(ctx, page, 'grade-notices-paste-1280');

  // A 0-10 look-alike typed is asked about when its cell is left, and held back from the save until answered.
  await typeInto(page, cell(page, 3, 0), '9');
  await page.keyboard.press('Enter');
  const two = page.getByRole('alert').filter({ hasText: '¿2 calificaciones de 0 a 10?' });
  await two.waitFor();
  await page.getByRole('button', { name: /^Guardar calificaciones/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Guardar calificaciones?' });
  await confirm.getByText(/las 2 celdas que no son números se quedan sin enviar: «NP» de /).waitFor();
  await confirm.getByText(/Las 2 calificaciones que parecen de 0 a 10 esperan tu respuesta y no se envían: /).waitFor();
  await shot(ctx, page, 'grade-question-confirm-1280', false);
  await confirm.getByRole('button', { name: 'Cancelar' }).click();
  await confirm.waitFor({ state: 'detached' });
  await shot(ctx, page, 'grade-question-1280');
  await page
    .getByRole('group', {
      name: `¿9.0 es de 0 a 10? (${sheet.activities[0]!.activity_name}, ${sheet.students[3]!.full_name})`,
    })
    .getByRole('button', { name: 'Es 90.0' })
    .click();
  assert((await cell(page, 3, 0).inputValue()) === '90.0', 'Es 90.0 multiplies by ten');
  await page
    .getByRole('group', { name: /^¿8\.5 es de 0 a 10\?/ })
    .getByRole('button', { name: 'Dejar 8.5' })
    .click();
  await page
    .getByRole('alert')
    .filter({ hasText: /de 0 a 10\?/ })
    .waitFor({ state: 'detached' });

  // 'Rellenar vacías' opens on the activity of the current cell.
  await cell(page, 4, last).click();
  await page.getByRole('button', { name: 'Rellenar vacías' }).click();
  const fill = page.getByRole('dialog', { name: 'Rellenar vacías' });
  const picked = await fill.getByRole('textbox', { name: 'Actividad' }).inputValue();
  assert(picked === sheet.activities[last]!.activity_name, `fill starts on the current activity: ${picked}`);
  await fill.getByRole('button', { name: 'Cancelar' }).click();
  await fill.waitFor({ state: 'detached' });

  // A save where one cell changed elsewhere meanwhile: the other goes through, and the result is not an 'Error'.
  await page.reload();
  await page.getByRole('button', { name: 'Descartar' }).click();
  const a = sheet.students[3]!;
  const activityId = sheet.activities[last]!.id;
  const versionOf = (userId: number) =>
    sheet.grades.find((g) => g.user_id === userId && g.activity_id === activityId)?.version ?? 0;
  await typeInto(page, cell(page, 3, last), '70');
  await typeInto(page, cell(page, 4, last), '75');
  await page.keyboard.press('Enter');
  const elsewhere = await apiCall(page, 'POST', '/profesor/calificar/actividades/batch', {
    calificaciones: [{ user_id: a.id, activity_id: activityId, qualification: 66, version: versionOf(a.id) }],
  });
  assert(elsewhere.status === 200, `a change made elsewhere: ${elsewhere.status}`);
  await page.getByRole('button', { name: /^Guardar calificaciones/ }).click();
  await page.getByRole('dialog', { name: 'Guardar calificaciones?' }).getByRole('button', { name: 'Guardar' }).click();
  const result = page.getByRole('dialog', { name: 'Guardado con conflictos' });
  await result
    .getByText(
      'Se guardó 1 calificación. Una calificación cambió en otro lugar desde que abriste la hoja y no se sobrescribió; revísala abajo.',
    )
    .waitFor();
  await shot(ctx, page, 'grade-save-conflict-1280', false);
  await result.getByRole('button', { name: 'Cerrar' }).click();
  await page.getByText('Calificaciones cambiadas en otro lugar').waitFor();
  await page.getByRole('button', { name: 'Usar el actual' }).click();
  await page.waitForFunction(
    (id) => (document.getElementById(id) as HTMLInputElement | null)?.value === '66.0',
    `celda-3-${last}`,
  );
  assert(
    (await cell(page, 4, last).inputValue()) === '75.0',
    `the other grade was saved: ${await cell(page, 4, last).inputValue()}`,
  );
}

/** The phone: notices on the cards, the cell history, /CreateActivity's group, the floating '+', the charts. */
async function phoneChecks(ctx: FlowContext, assignment: TeacherAssignment, sibling: TeacherAssignment | undefined) {
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
    await loginAs(p, TEACHER.email, TEACHER.password, '/TeacherDashboard');
    await p.goto(`/app/Ratings?asignacion=${assignment.id}`);
    const sheet = (await apiCall(p, 'GET', `/grade-sheets/${assignment.id}`)).json as GradeSheet;
    const first = p.getByRole('region', { name: sheet.students[0]!.full_name });
    const activity = sheet.activities[0]!.activity_name;
    await first.waitFor();
    const input = first.getByRole('textbox', { name: activity, exact: true });
    // A tap selects the card's value and typing replaces it; saved exactly as typed.
    // (On the second student's card: the first one's cell history is looked at below as the seed left it.)
    const studentId = sheet.students[1]!.id;
    const activityId = sheet.activities[0]!.id;
    const tapped = p
      .getByRole('region', { name: sheet.students[1]!.full_name })
      .getByRole('textbox', { name: activity, exact: true });
    const before = await tapped.inputValue();
    assert(before !== '', `the second card has a stored grade: ${before}`);
    await tapped.tap();
    const typed = before === '81.0' ? '82' : '81';
    await p.keyboard.type(typed);
    assert((await tapped.inputValue()) === typed, `tap + ${typed}: ${await tapped.inputValue()}`);
    await shot(ctx, p, 'grade-editing-typed-375', false);
    await p.getByRole('button', { name: /^Guardar calificaciones/ }).tap();
    const confirm = p.getByRole('dialog', { name: 'Guardar calificaciones?' });
    await confirm.getByText('Se guardará 1 calificación capturada.').waitFor();
    await shot(ctx, p, 'grade-editing-confirm-375', false);
    await confirm.getByRole('button', { name: 'Guardar' }).tap();
    await p
      .getByRole('dialog', { name: 'Éxito' })
      .getByText(/Se guardó 1 calificación\./)
      .waitFor();
    await p.getByRole('dialog', { name: 'Éxito' }).waitFor({ state: 'detached', timeout: 10_000 });
    const saved = await storedGrade(p, assignment.id, studentId, activityId);
    assert(saved === Number(typed), `the tapped card saved exactly ${typed}: ${saved}`);
    await input.fill('150');
    assert((await input.inputValue()) === '100', 'a phone clamps 150 to 100 too');
    await first.getByText('150 se ajustó a 100', { exact: true }).waitFor();
    await p
      .getByRole('status')
      .filter({ hasText: `150 se ajustó a 100 (${sheet.students[0]!.full_name} · ${activity})` })
      .waitFor();
    await shot(ctx, p, 'grade-notices-375');
    // The 0-10 question on a phone: asked when the input is left, and said under the input too.
    const second = first.getByRole('textbox', { name: sheet.activities[1]!.activity_name, exact: true });
    await second.fill('8.5');
    await second.blur();
    await p.getByRole('alert').filter({ hasText: '¿Calificación de 0 a 10?' }).waitFor();
    // The question is in the card, right under its input.
    const question = first.getByRole('group', { name: /^¿8\.5 es de 0 a 10\?/ });
    const inputBox = (await second.boundingBox())!;
    const questionBox = (await question.boundingBox())!;
    assert(
      questionBox.y > inputBox.y && questionBox.y - (inputBox.y + inputBox.height) < 80,
      `the question is under its input: input at ${inputBox.y}, question at ${questionBox.y}`,
    );
    await question.scrollIntoViewIfNeeded();
    await shot(ctx, p, 'grade-question-375', false);
    await question.getByRole('button', { name: 'Dejar 8.5' }).click();
    await second.fill('');
    await second.blur();
    await first.getByRole('button', { name: `Historial de la celda: ${activity}` }).click();
    const history = p.getByRole('dialog', { name: 'Historial de la calificación' });
    await history.getByText(`${sheet.students[0]!.full_name} · ${activity}`).waitFor();
    // A phone lists the changes as entries (a wide screen as a table), each with its 'Restaurar este valor'.
    await history
      .getByRole('listitem')
      .or(history.getByText('Esta calificación no ha cambiado desde que se registró.'))
      .first()
      .waitFor();
    assert((await history.getByRole('table').count()) === 0, 'the phone history is a list, not a table');
    await expectAccessible(p, 'cell history 375');
    await shot(ctx, p, 'grade-history-375', false);
    await p.keyboard.press('Escape');
    await history.waitFor({ state: 'detached' });
    await first.getByRole('textbox', { name: activity, exact: true }).fill('');
    await first.getByRole('textbox', { name: activity, exact: true }).blur();

    // /CreateActivity: the group is named whole in its own field, and switching groups is visible.
    await p.goto('/app/CreateActivity');
    await p.getByRole('textbox', { name: 'Materia' }).click();
    await p.getByRole('option', { name: new RegExp(`^${escape(assignment.subject.subject_name)} – `) }).click();
    const group = p.getByRole('textbox', { name: 'Grupo', exact: true });
    if ((await group.inputValue()) !== assignment.group!.group_name) {
      await group.click();
      await p.getByRole('option', { name: assignment.group!.group_name, exact: true }).click();
    }
    assert(
      (await group.inputValue()) === assignment.group!.group_name,
      `the group field names ${assignment.group!.group_name}`,
    );
    assert(await shownWhole(group, PHONE.width), 'the group field shows the group whole at 375 px');
    await p.getByRole('heading', { name: /^Matriz de Evidencias/ }).waitFor();
    await shot(ctx, p, 'create-activity-group-375', false);
    if (sibling) {
      await group.click();
      await shot(ctx, p, 'create-activity-groups-open-375', false);
      await p.getByRole('option', { name: sibling.group!.group_name, exact: true }).click();
      assert((await group.inputValue()) === sibling.group!.group_name, 'the second group is chosen and named');
      const subject = await p.getByRole('textbox', { name: 'Materia' }).inputValue();
      assert(
        subject.includes(`Grupo ${sibling.group!.group_name}`),
        `the subject's label follows the group: ${subject}`,
      );
    }
    // The floating '+' leaves the last field of the cards uncovered once the page is scrolled to its end.
    await p.getByRole('button', { name: 'Agregar actividad' }).click();
    await p.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await settle(p);
    const fab = (await p.getByRole('button', { name: 'Agregar actividad' }).boundingBox())!;
    const fields = await p.locator('section input, section button').evaluateAll((els) =>
      els.map((e) => {
        const r = e.getBoundingClientRect();
        return {
          x: r.x,
          y: r.y,
          width: r.width,
          height: r.height,
          label: e.getAttribute('aria-label') ?? (e as HTMLInputElement).value ?? e.textContent,
        };
      }),
    );
    const covered = fields.filter(
      (f) => f.x < fab.x + fab.width && f.x + f.width > fab.x && f.y < fab.y + fab.height && f.y + f.height > fab.y,
    );
    assert(covered.length === 0, `the floating + covers: ${covered.map((c) => c.label).join(', ')}`);
    await shot(ctx, p, 'create-activity-fab-375', false);
    await shot(ctx, p, 'create-activity-375');

    // /ViewReport at 375: the chart says it scrolls and its legend is whole.
    await p.goto('/app/ViewReport');
    await p.getByRole('textbox', { name: 'Materia', exact: true }).click();
    await p.getByRole('option', { name: assignment.subject.subject_name, exact: true }).click();
    await p.getByRole('textbox', { name: 'Grupo', exact: true }).click();
    await p
      .getByRole('option', { name: `${assignment.group!.group_name} – ${assignment.period!.period_name}`, exact: true })
      .click();
    await p.getByRole('table', { name: 'Datos de la gráfica por atributo' }).waitFor();
    await chartReadsOnPhone(p, ['Sobresaliente', 'Suficiente', 'Insuficiente']);
    await shot(ctx, p, 'view-report-375');
    await p.getByRole('textbox', { name: 'Alumno', exact: true }).click();
    await p.getByRole('option').nth(1).click();
    await p.getByRole('table', { name: 'Datos de la gráfica del alumno' }).waitFor();
    await chartReadsOnPhone(p, ['Insuficiente (0–69)', 'Suficiente (70–89)', 'Sobresaliente (90–100)']);
    await shot(ctx, p, 'view-report-student-375');
  } finally {
    await phone.close();
  }
}

function escape(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A chart fits the phone, or says it scrolls; every legend entry is on screen whole. */
async function chartReadsOnPhone(p: Page, legend: string[]) {
  await p.locator('canvas').first().waitFor();
  await settle(p);
  const scroller = p.getByRole('region', { name: /^Gráfica/ }).first();
  const fits = await scroller.evaluate((el) => el.scrollWidth <= el.clientWidth + 1);
  if (!fits) await p.getByTestId('chart-scroll-hint').first().waitFor();
  const canvas = (await p.locator('canvas').first().boundingBox())!;
  assert(
    !fits || canvas.x + canvas.width <= PHONE.width,
    `a chart that fits is inside the screen: ${JSON.stringify(canvas)}`,
  );
  for (const entry of legend) {
    const box = await p.getByText(entry, { exact: true }).first().boundingBox();
    assert(
      box && box.x >= 0 && box.x + box.width <= PHONE.width,
      `legend '${entry}' whole on the phone: ${JSON.stringify(box)}`,
    );
  }
}

/**
 * A past period's sheet opens on /Ratings by its link (POO, group 201, ENE-JUN 2026, a closed period): its period is
 * chosen, it says it is read-only, and a student's final is the server's, at 1280 and 375 px.
 */
async function pastSheet(page: Page, ctx: FlowContext) {
  const every = (await apiCall(page, 'GET', '/profesor/materias')).json as TeacherAssignment[];
  const past = every.find(
    (a) =>
      a.subject.subject_name === 'Programación Orientada a Objetos' &&
      a.group?.group_name === '201' &&
      a.period?.period_name === 'ENE-JUN 2026',
  );
  assert(past, 'the teacher gave POO to group 201 in ENE-JUN 2026');
  const sheet = (await apiCall(page, 'GET', `/grade-sheets/${past.id}`)).json as GradeSheet;
  const graded = sheet.finals.find((f) => f.final !== null);
  assert(graded, `the past sheet keeps its graded students (${sheet.students.length} students)`);
  const student = sheet.students.find((st) => st.id === graded.user_id)!;
  const final = formatGrade(graded.final);
  for (const viewport of [WIDE, PHONE]) {
    await page.setViewportSize(viewport);
    await page.goto(`/app/Ratings?asignacion=${past.id}`);
    await page.getByRole('heading', { name: 'Calificar actividades - Programación Orientada a Objetos' }).waitFor();
    const period = await page.getByRole('textbox', { name: 'Periodo', exact: true }).inputValue();
    assert(period === 'ENE-JUN 2026', `the past period is chosen: ${period}`);
    await page.getByText(GRADE_MSG.periodClosed).waitFor();
    const row =
      viewport === WIDE
        ? page.getByRole('row').filter({ hasText: student.full_name })
        : page.getByRole('region', { name: student.full_name });
    const text = (await row.first().innerText()).replace(/\s+/g, ' ');
    assert(text.includes(final), `${student.full_name}'s final ${final} on the past sheet: ${text}`);
    await shot(ctx, page, `ratings-past-${viewport.width}`);
  }
  await page.setViewportSize(WIDE);
}

async function gradeSheetFlow(ctx: FlowContext) {
  const { page, context } = await ctx.newPage(WIDE);
  try {
    await loginAs(page, TEACHER.email, TEACHER.password, '/TeacherDashboard');
    // 'Pendientes' lists every activity of the career, graded or not; the empty text only without any.
    const dashboard = (await apiCall(page, 'GET', '/profesor/dashboard')).json as TeacherDashboard;
    assert(
      dashboard.pendientes.length === dashboard.cards.activities,
      `every activity listed: ${dashboard.pendientes.length} of ${dashboard.cards.activities}`,
    );
    await page.getByRole('heading', { name: 'Pendientes' }).waitFor();
    if (dashboard.pendientes.some((x) => x.students > 0 && x.graded >= x.students))
      await page.getByText('Calificada').first().waitFor();
    assert(
      !(await page.getByText('No tienes actividades creadas para esta carrera.').isVisible()),
      'no empty text while there are activities',
    );
    await shot(ctx, page, 'teacher-dashboard-1280');

    const mine = (await apiCall(page, 'GET', '/profesor/materias?current=true')).json as TeacherAssignment[];
    const withGroups = mine.filter((a) => a.group);
    // Prefer a subject the teacher gives to two groups, to show both on /CreateActivity.
    const assignment =
      withGroups.find((a) => withGroups.some((b) => b.id !== a.id && b.subject.id === a.subject.id)) ?? withGroups[0]!;
    const sibling = withGroups.find((b) => b.id !== assignment.id && b.subject.id === assignment.subject.id);
    await desktopEditing(page, ctx, assignment);
    await desktopNotices(page, ctx, assignment);
    await pastSheet(page, ctx);

    await page.goto('/app/CreateActivity');
    await page.getByRole('textbox', { name: 'Materia' }).click();
    await page.getByRole('option', { name: new RegExp(`^${escape(assignment.subject.subject_name)} – `) }).click();
    await page.getByRole('heading', { name: /^Matriz de Evidencias/ }).waitFor();
    await shot(ctx, page, 'create-activity-1280');

    const student = await ctx.newPage(WIDE);
    try {
      await loginAs(student.page, STUDENT.email, STUDENT.password, '/StudentDashboard');
      await student.page.goto('/app/StudentReports');
      await student.page.getByTestId('global-chart-table').waitFor();
      await shot(ctx, student.page, 'student-reports-1280');
      await student.page.setViewportSize(PHONE);
      await student.page.reload();
      await student.page.getByTestId('global-chart-table').waitFor();
      await chartReadsOnPhone(student.page, ['Insuficiente 0-69', 'Suficiente 70-89', 'Sobresaliente 90-100']);
      await shot(ctx, student.page, 'student-reports-375');
    } finally {
      await student.context.close();
    }

    await phoneChecks(ctx, assignment, sibling);
    const phoneDash = await ctx.browser.newContext({
      viewport: PHONE,
      baseURL: ctx.baseUrl,
      locale: 'es-MX',
      isMobile: true,
      hasTouch: true,
    });
    try {
      const d = await phoneDash.newPage();
      await loginAs(d, TEACHER.email, TEACHER.password, '/TeacherDashboard');
      await d.getByRole('heading', { name: 'Pendientes' }).waitFor();
      await shot(ctx, d, 'teacher-dashboard-375');
    } finally {
      await phoneDash.close();
    }
  } finally {
    await context.close();
  }
}

export const flows: Flow[] = [
  {
    name: 'grade sheet: typed and pasted grades out of range, unreadable or cut are clamped, marked and told; 0-10 look-alikes asked; phone history, group and charts',
    lock: 'demo-teacher',
    run: gradeSheetFlow,
  },
];

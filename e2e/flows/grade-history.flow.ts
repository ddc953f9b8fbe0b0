import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { formatGrade, type GradeHistoryEntry, type GradeSheet, type TeacherAssignment } from '@egreso/domain';
import { PHONE, SCREENSHOTS, assert, loginAs, type Flow, type FlowContext } from '../harness.js';
import { apiCall, cell, closeResult, settle } from './shared.js';
import { expectAccessible } from './ux.flow.js';

const TEACHER = { email: 'laura.mendoza@demo.edu.mx', password: 'profe1234' };
const WIDE = { width: 1280, height: 800 };
const INITIAL = 'Antes del primer cambio registrado';

/** The cell the flow changes and restores: a stored grade with at most one decimal, and another cell for a draft. */
interface Target {
  assignment: TeacherAssignment;
  row: number;
  col: number;
  draftRow: number;
  original: number;
  changed: number;
  /** The value another tab writes while the history is open. */
  elsewhere: number;
  userId: number;
  activityId: number;
  student: string;
  activity: string;
}

async function pickTarget(page: Page): Promise<Target> {
  const mine = (await apiCall(page, 'GET', '/profesor/materias?current=true')).json as TeacherAssignment[];
  for (const assignment of mine.filter((a) => a.group)) {
    const sheet = (await apiCall(page, 'GET', `/grade-sheets/${assignment.id}`)).json as GradeSheet;
    for (const [row, s] of sheet.students.entries()) {
      for (const [col, a] of sheet.activities.entries()) {
        const g = sheet.grades.find((x) => x.user_id === s.id && x.activity_id === a.id);
        if (!g || g.qualification === null || Math.round(g.qualification * 10) !== g.qualification * 10) continue;
        if (sheet.students.length < 2) continue;
        return {
          assignment,
          row,
          col,
          draftRow: row === 0 ? 1 : 0,
          original: g.qualification,
          changed: g.qualification >= 50 ? 41.5 : 93.5,
          elsewhere: g.qualification === 55.5 ? 56.5 : 55.5,
          userId: s.id,
          activityId: a.id,
          student: s.full_name,
          activity: a.activity_name,
        };
      }
    }
  }
  throw new Error('no stored grade to change in the teacher’s sheets');
}

async function typeInto(page: Page, target: Locator, text: string) {
  await target.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.type(text);
}

async function storedGrade(page: Page, t: Target) {
  const sheet = (await apiCall(page, 'GET', `/grade-sheets/${t.assignment.id}`)).json as GradeSheet;
  return sheet.grades.find((g) => g.user_id === t.userId && g.activity_id === t.activityId);
}

async function cellHistory(page: Page, t: Target) {
  const res = await apiCall(page, 'GET', `/grade-history?activity_id=${t.activityId}&user_id=${t.userId}`);
  return res.json as GradeHistoryEntry[];
}

/** Confirms the restore asked for and waits for the dialog to say it was done. */
async function confirmRestore(page: Page, dialog: Locator, value: number) {
  const confirm = page.getByRole('dialog', { name: 'Restaurar calificación' });
  await confirm.getByText(`a ${formatGrade(value)}?`, { exact: false }).waitFor();
  await confirm.getByRole('button', { name: 'Restaurar' }).click();
  await confirm.waitFor({ state: 'detached' });
  await dialog
    .getByRole('status')
    .filter({ hasText: `Calificación restaurada a ${formatGrade(value)}.` })
    .waitFor();
}

/**
 * At 1280 px: a grade changed on the sheet, its history opened, the value before the change restored; the sheet
 * shows it next to a draft it kept, and the API has it with a 'restauración' entry.
 */
async function desktop(ctx: FlowContext): Promise<Target> {
  const { page, context } = await ctx.newPage(WIDE);
  try {
    await loginAs(page, TEACHER.email, TEACHER.password, '/TeacherDashboard');
    const t = await pickTarget(page);
    await page.goto(`/app/Ratings?asignacion=${t.assignment.id}`);
    await cell(page, t.row, t.col).waitFor();
    assert(
      (await cell(page, t.row, t.col).inputValue()) === t.original.toFixed(1),
      `the stored grade shows: ${await cell(page, t.row, t.col).inputValue()}`,
    );

    await typeInto(page, cell(page, t.row, t.col), String(t.changed));
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: /^Guardar calificaciones/ }).click();
    await page
      .getByRole('dialog', { name: 'Guardar calificaciones?' })
      .getByRole('button', { name: 'Guardar' })
      .click();
    await closeResult(page);
    // A grade typed in another cell and not saved: the restore must leave it.
    await typeInto(page, cell(page, t.draftRow, t.col), '77');
    await page.keyboard.press('Tab');

    await cell(page, t.row, t.col).click();
    await page.getByRole('button', { name: 'Historial de la celda' }).click();
    const dialog = page.getByRole('dialog', { name: 'Historial de la calificación' });
    await dialog.getByText(`${t.student} · ${t.activity}`).waitFor();
    const newest = dialog.getByRole('row').filter({ hasText: 'pantalla' }).first();
    await newest.getByText(formatGrade(t.changed)).waitFor();
    await newest.getByText('actual').waitFor();
    const initial = dialog.getByRole('row').filter({ hasText: INITIAL });
    await initial.getByText(formatGrade(t.original)).waitFor();
    await expectAccessible(page, 'grade history with restore buttons 1280');
    await ctx.screenshot(page, 'grade-history-1280');

    // Meanwhile the grade changes elsewhere (another tab): the restore does not overwrite it, it says so as the
    // sheet says its conflicts, and goes ahead only when asked again.
    const shown = await storedGrade(page, t);
    const elsewhere = await apiCall(page, 'POST', '/profesor/calificar/actividades/batch', {
      calificaciones: [
        { user_id: t.userId, activity_id: t.activityId, qualification: t.elsewhere, version: shown?.version },
      ],
    });
    assert(elsewhere.status === 200, `a change made elsewhere: ${elsewhere.status}`);
    await initial.getByRole('button', { name: /^Restaurar este valor/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Restaurar calificación' });
    await confirm.getByRole('button', { name: 'Restaurar' }).click();
    const conflict = dialog.getByRole('alert').filter({ hasText: 'Calificación cambiada en otro lugar' });
    await conflict.getByText(`no se restauró. Ahora es ${formatGrade(t.elsewhere)}`, { exact: false }).waitFor();
    assert((await storedGrade(page, t))?.qualification === t.elsewhere, 'the conflicting restore wrote nothing');
    await expectAccessible(page, 'grade history conflict 1280');
    await ctx.screenshot(page, 'grade-history-conflict-1280');
    await conflict.getByRole('button', { name: 'Restaurar de todos modos' }).click();
    await dialog
      .getByRole('status')
      .filter({ hasText: `Calificación restaurada a ${formatGrade(t.original)}.` })
      .waitFor();
    const restored = dialog.getByRole('row').filter({ hasText: 'restauración' }).first();
    await restored.getByText('actual').waitFor();
    await expectAccessible(page, 'grade history restored 1280');
    await ctx.screenshot(page, 'grade-history-restored-1280');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // The sheet shows the restored grade, the draft is still there; the API agrees.
    await page.waitForFunction(
      ({ id, text }) => (document.getElementById(id) as HTMLInputElement | null)?.value === text,
      { id: `celda-${t.row}-${t.col}`, text: t.original.toFixed(1) },
    );
    const draft = await cell(page, t.draftRow, t.col).inputValue();
    assert(draft === '77.0', `the unsaved draft is kept: ${draft}`);
    const stored = await storedGrade(page, t);
    assert(stored?.qualification === t.original, `the API has the restored grade: ${stored?.qualification}`);
    const [last, before] = await cellHistory(page, t);
    assert(
      last?.source === 'restauración' && last.before === t.elsewhere && last.after === t.original,
      `the history's newest entry is the restoration: ${JSON.stringify(last)}`,
    );
    assert(before?.source === 'pantalla', 'the change before it is the sheet’s');
    return t;
  } finally {
    await context.close();
  }
}

/** At 375 px: the history as cards with their buttons; the changed value restored, then the original again. */
async function phone(ctx: FlowContext, t: Target) {
  const context = await ctx.browser.newContext({
    viewport: PHONE,
    baseURL: ctx.baseUrl,
    locale: 'es-MX',
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page = await context.newPage();
    await loginAs(page, TEACHER.email, TEACHER.password, '/TeacherDashboard');
    await page.goto(`/app/Ratings?asignacion=${t.assignment.id}`);
    const card = page.getByRole('region', { name: t.student }).first();
    await card.getByRole('button', { name: `Historial de la celda: ${t.activity}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Historial de la calificación' });
    const entries = dialog.getByRole('listitem');
    await entries.filter({ hasText: 'restauración' }).first().waitFor();
    const width = await dialog.evaluate((el) => el.scrollWidth);
    assert(width <= PHONE.width, `the history fits 375 px: ${width}`);
    await expectAccessible(page, 'grade history 375');
    // The dialog fills the phone's screen: the screenshot is the screen, not the sheet under it.
    await page.screenshot({ path: join(SCREENSHOTS, 'grade-history-375.png') });

    const changedEntry = entries.filter({ hasText: `Antes: ${formatGrade(t.original)} · pantalla` });
    await changedEntry.getByRole('button', { name: /^Restaurar este valor/ }).click();
    await confirmRestore(page, dialog, t.changed);
    await entries.first().getByText('actual').waitFor();
    await settle(page);
    await page.screenshot({ path: join(SCREENSHOTS, 'grade-history-restored-375.png') });

    // Back to the demo's value, so the other flows find the sheet as it was.
    await entries
      .filter({ hasText: INITIAL })
      .getByRole('button', { name: /^Restaurar este valor/ })
      .click();
    await confirmRestore(page, dialog, t.original);
    assert((await storedGrade(page, t))?.qualification === t.original, 'the demo grade is back');
  } finally {
    await context.close();
  }
}

async function gradeHistoryFlow(ctx: FlowContext) {
  const t = await desktop(ctx);
  await phone(ctx, t);
}

export const flows: Flow[] = [
  {
    name: 'grade history: a changed grade restored from its history at 1280 and 375 px, the sheet and the API show it',
    // The demo teacher's grade sheets: the flows that write them take turns.
    lock: 'demo-teacher',
    run: gradeHistoryFlow,
  },
];

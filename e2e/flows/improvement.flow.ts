import ExcelJS from 'exceljs';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  IMPROVEMENT_STATUS_LABELS,
  PERFORMANCE_DEFINITIONS,
  initialPassword,
  type EvidenceAnswer,
  type GradeSheet,
  type ImprovementAction,
  type PerformanceAnswer,
  type PeriodsPage,
  type TeacherAssignment,
} from '@egreso/domain';
import type { Page } from 'playwright-core';
import { PHONE, SCREENSHOTS, assert, loginAs, type Flow, type FlowContext } from '../harness.js';
import { pdfPages } from '../pdf-text.js';
import { apiCall, closeResult, pickOption, settle } from './shared.js';
import { expectAccessible } from './ux.flow.js';

const CHIEF = { email: 'jefe.sistemas@demo.edu.mx', password: 'jefe1234' };
const DEMO_TEACHER = { email: 'laura.mendoza@demo.edu.mx', password: 'profe1234' };
const LAPTOP = { width: 1280, height: 900 };
const CAUSE = 'Pocas prácticas guiadas antes de la evaluación del atributo.';
const ACTION = 'Dos prácticas guiadas por unidad, con retroalimentación por rúbrica.';
const FOLLOWUP = 'Se hicieron las dos prácticas guiadas de la unidad 1.';
const NOTE = 'Dictamen confirmado con las calificaciones del periodo de aplicación.';

/**
 * The demo's generation and attribute whose evidence missed its target in a period (preferably one before the active
 * period), with a subject of that attribute taught in the active period, where the action applies: its teacher grades
 * there after the action is written.
 */
async function missedFinding(page: Page) {
  const active = ((await apiCall(page, 'GET', '/periods?is_active=true')).json as PeriodsPage).data[0]!;
  const generations = (await apiCall(page, 'GET', '/generations')).json as Array<{
    id: number;
    generation_name: string;
  }>;
  const found = [];
  for (const g of generations) {
    const e = (await apiCall(page, 'GET', `/reportes/evidencia?career_id=1&generation_id=${g.id}`))
      .json as EvidenceAnswer;
    for (const a of e.attributes) {
      // The finding 'Registrar acción de mejora' proposes: the latest period that missed its target or is critical.
      const point = [...a.trend].reverse().find((t) => t.verdict.met === false || t.verdict.critical);
      const applied = a.trend.find((t) => t.period_name === active.period_name);
      const subject = a.subjects.find((s) => s.activities.some((x) => x.period_name === active.period_name));
      // The button shows only for an attribute that missed overall or is critical; the action applies in the active
      // period, which must follow the finding's.
      const offered = a.verdict.met === false || a.verdict.critical;
      if (offered && point && point.start_date < active.start_date && applied && subject) {
        const teacher = subject.activities.find((x) => x.period_name === active.period_name)!.teacher_name;
        found.push({ evidence: e, attribute: a, point, applied, subject, teacher, active });
      }
    }
  }
  const chosen = found[0];
  if (!chosen) throw new Error('the demo has an attribute that missed its target, rated in the active period');
  return chosen;
}

/**
 * The teacher saves the pending grades of the subject's activity on the attribute in the active period (all 100; all
 * 0 on a second save when the share did not move) until the action's measured result changes; returns it.
 */
async function gradeUntilMeasuredChanges(
  page: Page,
  actionText: string,
  subjectId: number,
  attributeId: number,
  periodId: number,
) {
  const mine = async () =>
    ((await apiCall(page, 'GET', '/reportes/acciones-mejora')).json as ImprovementAction[]).find(
      (a) => a.action === actionText,
    )!;
  const before = (await mine()).measured!;
  const assignment = ((await apiCall(page, 'GET', '/profesor/materias')).json as TeacherAssignment[]).find(
    (a) => a.subject_id === subjectId && a.period_id === periodId,
  )!;
  const sheet = (await apiCall(page, 'GET', `/grade-sheets/${assignment.id}`)).json as GradeSheet;
  const pending = sheet.activities.find(
    (a) =>
      a.attribute_ids.includes(attributeId) &&
      sheet.grades.every((g) => g.activity_id !== a.id || g.qualification === null),
  );
  assert(pending, `a pending activity on the attribute in ${sheet.assignment.subject.subject_name}`);
  for (const qualification of [100, 0]) {
    const saved = await apiCall(page, 'POST', '/profesor/calificar/actividades/batch', {
      calificaciones: sheet.students.map((s) => ({ user_id: s.id, activity_id: pending.id, qualification })),
    });
    assert(saved.status === 200, `grades saved: ${saved.status} ${JSON.stringify(saved.json)}`);
    const after = (await mine()).measured!;
    if (after.share !== before.share) return { before, after };
  }
  throw new Error('the saved grades did not change the measured result');
}

async function improvementLoop(ctx: FlowContext) {
  const dir = mkdtempSync(join(tmpdir(), 'improvement-e2e-'));
  const chief = await ctx.newPage(LAPTOP);
  const page = chief.page;
  try {
    await loginAs(page, CHIEF.email, CHIEF.password, '/DivisionChiefDashboard');
    const { evidence, attribute, point, applied, subject, teacher, active } = await missedFinding(page);

    // From the evidence: the attribute that missed offers 'Registrar acción de mejora'.
    await page.getByRole('link', { name: 'Ver evidencia' }).click();
    await page.waitForURL('**/app/ReportEvidence');
    await pickOption(page, 'Generación', evidence.generation.generation_name);
    await page.getByRole('button', { name: 'Consultar' }).click();
    const section = page.getByRole('region', {
      name: attribute.codigo ? `${attribute.codigo} · ${attribute.attribute_name}` : attribute.attribute_name,
    });
    await section.getByRole('button', { name: 'Registrar acción de mejora' }).click();
    const dialog = page.getByRole('dialog', { name: 'Registrar acción de mejora' });
    await dialog.waitFor();
    const findingValue = await dialog.getByRole('textbox', { name: 'Periodo del hallazgo', exact: true }).inputValue();
    assert(findingValue.startsWith(point.period_name), `the finding is ${findingValue}`);
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await dialog.getByText('Describe la causa identificada.').waitFor();
    await settle(page);
    await ctx.screenshot(page, 'improvement-register-errors-desktop');
    await dialog.getByRole('textbox', { name: 'Causa identificada' }).fill(CAUSE);
    await dialog.getByRole('textbox', { name: 'Acción de mejora' }).fill(ACTION);
    await pickOption(page, 'Materias en que se aplica', `${subject.subject_key} · ${subject.subject_name}`, {
      scope: dialog,
    });
    await page.keyboard.press('Escape');
    // Applied in the active period, which has ratings already: the measured result is there to judge, and changes
    // when the teacher grades more.
    await pickOption(page, 'Periodo de aplicación', active.period_name, { scope: dialog });
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Acción de mejora registrada.').waitFor();
    await closeResult(page);
    const card = section
      .getByRole('list', { name: 'Acciones de mejora' })
      .getByRole('listitem')
      .filter({ hasText: ACTION });
    await card.getByText(ACTION).waitFor();
    const cardText = await card.innerText();
    assert(
      cardText.includes('Planeada') &&
        cardText.includes(`Medido en ${active.period_name}: ${applied.verdict.share.toFixed(1)} %`),
      `the card: ${cardText}`,
    );
    assert(cardText.includes('Dictamen propuesto:'), `the card proposes: ${cardText}`);
    await settle(page);
    await ctx.screenshot(page, 'improvement-evidence-desktop');
    await expectAccessible(page, '/ReportEvidence with an action');

    // The teacher of the subject records a follow-up from their dashboard (on a phone).
    const teachers = (await apiCall(page, 'GET', '/users?role=2&per_page=100')).json as {
      data: Array<{ full_name: string; email: string; controlnumber: string }>;
    };
    const account = teachers.data.find((t) => t.full_name === teacher)!;
    const phone = await ctx.newPage(PHONE);
    let measuredChange: Awaited<ReturnType<typeof gradeUntilMeasuredChanges>> | undefined;
    try {
      // The demo's printed teacher account has its published password; the others still hold their initial one.
      const password =
        account.email === DEMO_TEACHER.email
          ? DEMO_TEACHER.password
          : initialPassword(account.full_name, account.controlnumber);
      await loginAs(phone.page, account.email, password, '/TeacherDashboard');
      const mine = phone.page.getByRole('region', { name: 'Acciones de mejora en mis materias' });
      const mineCard = mine.getByRole('listitem').filter({ hasText: ACTION });
      await mineCard.waitFor();
      await mineCard.getByRole('button', { name: 'Registrar seguimiento' }).click();
      const follow = phone.page.getByRole('dialog', { name: 'Registrar seguimiento' });
      await follow.getByRole('textbox', { name: 'Qué se hizo' }).fill(FOLLOWUP);
      await settle(phone.page);
      await ctx.screenshot(phone.page, 'improvement-followup-phone');
      await follow.getByRole('button', { name: 'Guardar' }).click();
      await phone.page.getByText('Seguimiento registrado.').waitFor();
      await closeResult(phone.page);
      await mine.getByText(FOLLOWUP, { exact: false }).waitFor();
      assert(
        (await mine.getByRole('button', { name: 'Editar o dictaminar' }).count()) === 0,
        'a teacher does not edit the action',
      );
      await settle(phone.page);
      await ctx.screenshot(phone.page, 'improvement-teacher-phone');
      await expectAccessible(phone.page, '/TeacherDashboard with an action');
      // The teacher grades the pending activity on the attribute in the period the action applies to.
      measuredChange = await gradeUntilMeasuredChanges(
        phone.page,
        ACTION,
        subject.subject_id,
        attribute.attribute_id,
        active.id,
      );
    } finally {
      await phone.context.close();
    }

    // 'Mejora continua', from 'Reportes avanzados': the chief confirms the proposed verdict with a note.
    await page.goto('/app/Report');
    await page.getByRole('link', { name: 'Mejora continua' }).click();
    await page.waitForURL('**/app/ImprovementActions');
    const listed = page.getByRole('listitem').filter({ hasText: ACTION });
    await listed.getByText(FOLLOWUP, { exact: false }).waitFor();
    // The chief sees the result the new grades give before confirming the verdict it proposes.
    const { before, after } = measuredChange!;
    const listedText = await listed.innerText();
    assert(
      listedText.includes(`Medido en ${active.period_name}: ${after.share.toFixed(1)} %`) &&
        !listedText.includes(`${before.share.toFixed(1)} % de`),
      `the measured result moved from ${before.share} to ${after.share}: ${listedText}`,
    );
    const proposed = after.met ? 'cumplida' : 'no_cumplida';
    const verdictLabel = IMPROVEMENT_STATUS_LABELS[proposed];
    assert(listedText.includes(`Dictamen propuesto: ${verdictLabel}`), `proposed ${verdictLabel}: ${listedText}`);
    await listed.getByRole('button', { name: 'Editar o dictaminar' }).click();
    const edit = page.getByRole('dialog', { name: 'Acción de mejora' });
    await pickOption(page, 'Estatus', verdictLabel, { scope: edit });
    await edit.getByRole('button', { name: 'Guardar' }).click();
    await edit.getByText('Escribe una nota para confirmar el dictamen.').waitFor();
    await edit.getByRole('textbox', { name: 'Nota del dictamen' }).fill(NOTE);
    await settle(page);
    await ctx.screenshot(page, 'improvement-verdict-desktop');
    await edit.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Acción de mejora guardada.').waitFor();
    await closeResult(page);
    // The edit window may still be closing (its note field holds the same text): read the list's paragraph only.
    await edit.waitFor({ state: 'hidden' });
    await page.locator('p').getByText(NOTE, { exact: false }).waitFor();
    await settle(page);
    await ctx.screenshot(page, 'improvement-list-desktop');
    await expectAccessible(page, '/ImprovementActions');

    // Exported: the workbook holds the action with its verdict and follow-up.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exportar Excel' }).click();
    const download = await downloading;
    assert(
      /^acciones_mejora_\d{8}\.xlsx$/.test(download.suggestedFilename()),
      `file name ${download.suggestedFilename()}`,
    );
    const file = join(dir, download.suggestedFilename());
    await download.saveAs(file);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(file);
    const rows: unknown[][] = [];
    wb.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    const row = rows.find((r) => r.includes(ACTION));
    assert(
      row &&
        row.includes(verdictLabel) &&
        row.includes(NOTE) &&
        row.includes(after.share) &&
        String(row.at(-1)).includes(FOLLOWUP),
      `exported row: ${JSON.stringify(row)}`,
    );
    const actions = (await apiCall(page, 'GET', '/reportes/acciones-mejora?career_id=1')).json as ImprovementAction[];
    assert(
      actions.some((a) => a.status === proposed && a.verdict_note === NOTE && a.measured?.share === after.share),
      'the verdict is saved',
    );

    // The printed evidence holds the action, its verdict and its follow-up.
    await page.goto('/app/ReportEvidence');
    await pickOption(page, 'Generación', evidence.generation.generation_name);
    await page.getByRole('button', { name: 'Consultar' }).click();
    await page.getByText(NOTE, { exact: false }).waitFor();
    const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: false });
    mkdirSync(SCREENSHOTS, { recursive: true });
    writeFileSync(join(SCREENSHOTS, 'improvement-evidence.pdf'), pdf);
    const printed = (await pdfPages(new Uint8Array(pdf))).join(' ').replace(/\s+/g, ' ');
    for (const expected of ['Acciones de mejora', ACTION, verdictLabel, NOTE, FOLLOWUP]) {
      assert(printed.includes(expected), `the printed evidence shows "${expected}"`);
    }
    for (const absent of ['Registrar acción de mejora', 'Editar o dictaminar'])
      assert(!printed.includes(absent), `the printed evidence has no "${absent}"`);

    // The page on a phone.
    const small = await ctx.newPage(PHONE);
    try {
      await loginAs(small.page, CHIEF.email, CHIEF.password, '/DivisionChiefDashboard');
      await small.page.goto('/app/ImprovementActions');
      await small.page.getByText(NOTE, { exact: false }).waitFor();
      await settle(small.page);
      await ctx.screenshot(small.page, 'improvement-list-phone');
      await expectAccessible(small.page, '/ImprovementActions on a phone');
    } finally {
      await small.context.close();
    }
  } finally {
    await chief.context.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The school performance indices of a demo generation: on screen, printed with their definitions, exported. */
async function performanceIndices(ctx: FlowContext) {
  const dir = mkdtempSync(join(tmpdir(), 'performance-e2e-'));
  const { page, context } = await ctx.newPage(LAPTOP);
  try {
    await loginAs(page, CHIEF.email, CHIEF.password, '/DivisionChiefDashboard');
    const generations = (await apiCall(page, 'GET', '/generations')).json as Array<{
      id: number;
      generation_name: string;
    }>;
    let chosen: PerformanceAnswer | null = null;
    for (const g of generations) {
      const r = (await apiCall(page, 'GET', `/reportes/rendimiento?career_id=1&generation_id=${g.id}`))
        .json as PerformanceAnswer;
      if (r.periods.some((p) => p.subjects.length) && (!chosen || r.periods.length > chosen.periods.length)) chosen = r;
    }
    assert(chosen, 'the demo has a generation with finals');
    await page.goto('/app/Report');
    await page.getByRole('link', { name: 'Índices de rendimiento' }).click();
    await page.waitForURL('**/app/ReportPerformance');
    // The router keeps the report (which has its own 'Generación') on view until the indices' chunk has loaded.
    await page.getByRole('heading', { name: 'Índices de rendimiento', exact: true }).first().waitFor();
    await pickOption(page, 'Generación', chosen.generation.generation_name);
    await page.getByRole('button', { name: 'Consultar' }).click();
    const table = page.getByRole('table', { name: 'Índices por periodo' });
    await table.waitFor();
    const text = await table.innerText();
    for (const p of chosen.periods)
      assert(
        text.includes(p.period_name) && text.includes(String(p.students_at_start)),
        `the indices show ${p.period_name}`,
      );
    await settle(page);
    await ctx.screenshot(page, 'performance-desktop');
    await expectAccessible(page, '/ReportPerformance');

    const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: false });
    mkdirSync(SCREENSHOTS, { recursive: true });
    writeFileSync(join(SCREENSHOTS, 'performance.pdf'), pdf);
    const printed = (await pdfPages(new Uint8Array(pdf))).join(' ').replace(/\s+/g, ' ');
    for (const expected of [
      'Índices de rendimiento',
      chosen.generation.generation_name,
      'Definiciones',
      PERFORMANCE_DEFINITIONS[0],
    ]) {
      assert(printed.includes(expected), `the printed indices show "${expected}"`);
    }
    for (const absent of ['Consultar', 'Imprimir', 'Exportar Excel'])
      assert(!printed.includes(absent), `the printed indices have no "${absent}"`);
    // Printed as the evidence is: the institution, career and date on top, page numbers and the cohort in the footer.
    for (const expected of [chosen.institution, chosen.career.name, 'Fecha de generación', 'Página 1 de'])
      assert(printed.includes(expected), `the printed indices show "${expected}"`);
    // Every period adds up, or the page says it does not.
    const unbalanced = chosen.periods.filter((p) => !p.balanced);
    for (const p of chosen.periods.filter((x) => x.balanced))
      assert(p.students_at_start === p.dropouts + p.graduations + p.students_at_end, `${p.period_name} adds up`);
    if (unbalanced.length) await page.getByText('Los índices no cuadran').waitFor();
    else assert((await page.getByText('Los índices no cuadran').count()) === 0, 'no warning when every period adds up');

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exportar Excel' }).click();
    const download = await downloading;
    const file = join(dir, download.suggestedFilename());
    await download.saveAs(file);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(file);
    assert(wb.worksheets.map((w) => w.name).join(',') === 'Indicadores,Reprobación,Definiciones', 'three sheets');
    const rows: unknown[][] = [];
    wb.getWorksheet('Indicadores')!.eachRow((row, n) => {
      if (n > 1) rows.push((row.values as unknown[]).slice(1));
    });
    assert(
      JSON.stringify(rows.map((r) => [r[0], r[1], r[5]])) ===
        JSON.stringify(chosen.periods.map((p) => [p.period_name, p.students_at_start, p.students_at_end])),
      `exported: ${JSON.stringify(rows)}`,
    );
    const sheet = wb.getWorksheet('Indicadores')!;
    assert(sheet.autoFilter !== undefined && sheet.views[0]?.state === 'frozen', 'a frozen, filtered header');
  } finally {
    await context.close();
    rmSync(dir, { recursive: true, force: true });
  }
  // The demo's generation with graduates and dropouts: its terminal efficiency and dropout, on a phone and a laptop.
  const phone = await ctx.newPage(PHONE);
  try {
    await loginAs(phone.page, CHIEF.email, CHIEF.password, '/DivisionChiefDashboard');
    const generations = (await apiCall(phone.page, 'GET', '/generations')).json as Array<{
      id: number;
      generation_name: string;
    }>;
    let leavers: PerformanceAnswer | null = null;
    for (const g of generations) {
      const r = (await apiCall(phone.page, 'GET', `/reportes/rendimiento?career_id=1&generation_id=${g.id}`))
        .json as PerformanceAnswer;
      if (r.terminal_efficiency.graduated > 0 && r.periods.some((p) => p.dropouts > 0)) leavers = r;
    }
    assert(leavers, 'the demo has a generation with graduates and dropouts');
    await phone.page.goto('/app/ReportPerformance');
    await pickOption(phone.page, 'Generación', leavers.generation.generation_name);
    await phone.page.getByRole('button', { name: 'Consultar' }).click();
    await phone.page.getByRole('region', { name: 'Definiciones' }).waitFor();
    const te = leavers.terminal_efficiency;
    await phone.page
      .getByText(`(${te.graduated} de ${te.starting_size} graduados en los nueve semestres)`, { exact: false })
      .waitFor();
    const shown = await phone.page.getByRole('table', { name: 'Índices por periodo' }).innerText();
    for (const p of leavers.periods.filter((x) => x.dropouts > 0))
      assert(shown.includes(p.dropout_rate.toFixed(1)), `the dropout of ${p.period_name}: ${shown}`);
    await settle(phone.page);
    await ctx.screenshot(phone.page, 'performance-phone');
    await expectAccessible(phone.page, '/ReportPerformance on a phone');
    await phone.page.setViewportSize(LAPTOP);
    await settle(phone.page);
    await ctx.screenshot(phone.page, 'performance-leavers-desktop');
  } finally {
    await phone.context.close();
  }
}

export const flows: Flow[] = [
  {
    name: 'improvement: the school performance indices of a generation, printed with their definitions and exported',
    run: performanceIndices,
  },
  {
    name: 'improvement: a chief registers an action from the evidence, its teacher follows it up, the chief confirms the verdict, exports and prints it',
    // Its evidence and verdict are computed from the demo teacher's grades.
    lock: 'demo-teacher',
    run: improvementLoop,
  },
];

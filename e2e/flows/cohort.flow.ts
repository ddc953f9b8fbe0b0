import ExcelJS from 'exceljs';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  EVIDENCE_MSG,
  gradeBand,
  normalizeReportValues,
  type CurriculumMapAnswer,
  type EvidenceAnswer,
  type RatingRecord,
} from '@egreso/domain';
import { DESKTOP, SCREENSHOTS, assert, loginAs, type Flow, type FlowContext } from '../harness.js';
import { pdfPages } from '../pdf-text.js';
import { apiCall, closeResult, pickOption, settle } from './shared.js';
import { expectAccessible } from './ux.flow.js';

const CHIEF = { email: 'jefe.sistemas@demo.edu.mx', password: 'jefe1234' };

async function cohortReport(ctx: FlowContext) {
  const { page, context } = await ctx.newPage(DESKTOP);
  const dir = mkdtempSync(join(tmpdir(), 'cohort-e2e-'));
  try {
    await loginAs(page, CHIEF.email, CHIEF.password, '/DivisionChiefDashboard');
    // The demo's generations with graded work: the first one with records, and its first subject.
    const generations = (await apiCall(page, 'GET', '/generations')).json as Array<{
      id: number;
      generation_name: string;
    }>;
    let chosen: { id: number; generation_name: string; records: RatingRecord[] } | null = null;
    for (const g of generations) {
      const records = (await apiCall(page, 'GET', `/reportes/flex?generation_id=${g.id}`)).json as RatingRecord[];
      if (records.length) {
        chosen = { ...g, records };
        break;
      }
    }
    assert(chosen, 'the demo has a generation with attribute ratings');
    const subjectId = chosen.records[0]!.subject_id;
    const subjects = (await apiCall(page, 'GET', '/subjects')).json as Array<{
      id: number;
      subject_name: string;
      subject_key: string;
    }>;
    const subject = subjects.find((s) => s.id === subjectId)!;
    const expected = chosen.records.filter((r) => r.subject_id === subjectId);

    await page.getByRole('button', { name: 'Abrir menú' }).click();
    await page.getByRole('dialog', { name: 'Menú' }).getByRole('link', { name: 'Reportes', exact: true }).click();
    await page.waitForURL('**/app/report');
    await page.getByRole('heading', { name: 'Reportes avanzados' }).waitFor();
    assert(await page.getByRole('button', { name: 'Consultar' }).isDisabled(), 'Consultar waits for a generation');
    await pickOption(page, 'Generación', chosen.generation_name);
    await page.getByRole('button', { name: 'Consultar' }).click();
    await page.getByText('Selecciona una materia específica para consultar la gráfica.').waitFor();
    await pickOption(page, 'Materia', `${subject.subject_key} · ${subject.subject_name}`);
    await page.getByRole('button', { name: 'Consultar' }).click();
    await page.getByTestId('applied-filters').waitFor();
    const applied = await page.getByTestId('applied-filters').innerText();
    assert(
      applied.includes(`Generación ${chosen.generation_name}`) && applied.includes(subject.subject_name),
      `applied filters: ${applied}`,
    );

    // The counters agree with the records the server answers.
    const counter = async (label: string) =>
      Number(await page.getByText(label, { exact: true }).locator('xpath=following-sibling::*[1]').innerText());
    const genders = new Map(expected.map((r) => [r.user.id, r.user.gender]));
    assert((await counter('Registros (evaluaciones)')) === expected.length, 'Registros');
    assert((await counter('Alumnos con datos')) === genders.size, 'Alumnos con datos');
    assert((await counter('Hombres')) === [...genders.values()].filter((g) => g === 1).length, 'Hombres');
    assert((await counter('Mujeres')) === [...genders.values()].filter((g) => g === 2).length, 'Mujeres');
    const canvas = page.locator('canvas[role="img"]');
    const box = (await canvas.boundingBox())!;
    assert(box.width >= 600 && box.height >= 380, `chart is ${box.width} × ${box.height}`);
    await page.getByRole('table', { name: 'Registros por banda de cada atributo' }).waitFor();
    await settle(page);
    await ctx.screenshot(page, 'cohort-division-report-desktop');
    await expectAccessible(page, '/Report with a chart');

    // Exportar Excel: the file has the server's name, and its summary counts the same records as the screen.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exportar Excel' }).click();
    const download = await downloading;
    assert(
      /^reporte_division_\d{4}-\d{4}_\d{8}-\d{4}\.xlsx$/.test(download.suggestedFilename()),
      `file name ${download.suggestedFilename()}`,
    );
    const file = join(dir, download.suggestedFilename());
    await download.saveAs(file);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(file);
    assert(wb.worksheets.map((w) => w.name).join(',') === 'Resumen,Calificaciones,Filtros', 'three sheets');
    const values = normalizeReportValues(expected.map((r) => r.attributerating));
    const summaryRows: unknown[][] = [];
    wb.getWorksheet('Resumen')!.eachRow((row, n) => {
      if (n > 1) summaryRows.push((row.values as unknown[]).slice(1));
    });
    const filters: unknown[][] = [];
    wb.getWorksheet('Filtros')!.eachRow((row) => filters.push((row.values as unknown[]).slice(1)));
    // The chief's report is about their career: the filters and every record name it.
    assert(
      filters[2]?.[0] === 'Carrera' && filters[2]?.[1] === 'Ingeniería en Sistemas Computacionales',
      `filters sheet: ${JSON.stringify(filters)}`,
    );
    assert(
      filters[3]?.[1] === `${subject.subject_key} · ${subject.subject_name}`,
      `filters sheet: ${JSON.stringify(filters)}`,
    );
    const detail = wb.getWorksheet('Calificaciones')!;
    assert(
      detail.getCell('G1').value === 'Carrera' &&
        detail.getCell('G2').value === 'Ingeniería en Sistemas Computacionales',
      'records name the career',
    );
    for (const sheet of wb.worksheets) {
      assert(
        sheet.views[0]?.state === 'frozen' && typeof sheet.autoFilter === 'string',
        `${sheet.name}: frozen header with filters`,
      );
    }
    const records = summaryRows.reduce((sum, r) => sum + Number(r[2]), 0);
    assert(records === expected.length, `summary counts ${records} records, the screen ${expected.length}`);
    const sobresalientes = summaryRows.reduce((sum, r) => sum + Number(r[3]), 0);
    assert(sobresalientes === values.filter((v) => gradeBand(v) === 'Sobresaliente').length, 'Sobresaliente count');

    // The target editor, from the report: the chief's career and the active period are chosen for them.
    await page.getByRole('link', { name: 'Metas por atributo' }).click();
    await page.waitForURL('**/app/ReportTargets');
    await page.getByRole('heading', { name: 'Metas por atributo' }).waitFor();
    const firstTarget = page.getByLabel(/^Meta de /).first();
    await firstTarget.waitFor();
    await firstTarget.fill('75');
    await page.getByRole('button', { name: 'Guardar metas' }).click();
    await page.getByText('Metas guardadas correctamente.').waitFor();
    await closeResult(page);
    await page.getByText('Fijada en este periodo').first().waitFor();
    await settle(page);
    await ctx.screenshot(page, 'cohort-targets-desktop');
    await expectAccessible(page, '/ReportTargets');

    await evidenceAndMap(ctx, page);
  } finally {
    await context.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The cohort evidence of the demo generation with two periods of grades: the screen agrees with the server's numbers,
 * prints to letter-size PDF with the institution, career, generation, band legend and every attribute (and no menu),
 * and links to the curriculum map, whose matrix lists every subject of the career.
 */
async function evidenceAndMap(ctx: FlowContext, page: import('playwright-core').Page) {
  const careers = (await apiCall(page, 'GET', '/mis-carreras')).json as Array<{ id: number; name: string }>;
  const generations = (await apiCall(page, 'GET', '/generations')).json as Array<{
    id: number;
    generation_name: string;
  }>;
  let chosen: EvidenceAnswer | null = null;
  for (const g of generations) {
    const e = (await apiCall(page, 'GET', `/reportes/evidencia?career_id=${careers[0]!.id}&generation_id=${g.id}`))
      .json as EvidenceAnswer;
    if (e.periods.length >= 2) {
      chosen = e;
      break;
    }
  }
  assert(chosen, 'the demo has a generation with grades in two periods');

  await page.goto('/app/Report');
  await page.getByRole('link', { name: 'Evidencia por generación' }).click();
  await page.waitForURL('**/app/ReportEvidence');
  await page.getByRole('heading', { name: 'Evidencia por generación' }).waitFor();
  await pickOption(page, 'Generación', chosen.generation.generation_name);
  await page.getByRole('button', { name: 'Consultar' }).click();
  const first = chosen.attributes.find((a) => a.students.total > 0)!;
  await page.getByRole('heading', { name: first.attribute_name }).first().waitFor();
  const text = await page.locator('main').innerText();
  for (const a of chosen.attributes) assert(text.includes(a.attribute_name), `the evidence shows ${a.attribute_name}`);
  const verdicts = chosen.attributes.filter((a) => a.verdict.met === true).length;
  const shown = (text.match(new RegExp(EVIDENCE_MSG.met, 'g')) ?? []).length;
  assert(shown >= verdicts, `${verdicts} attributes meet their target, the screen says it ${shown} times`);
  const subject = first.subjects[0]!;
  const cell = `(${subject.records.sobresaliente}) ${subject.records.sobresaliente_pct.toFixed(1)} %`;
  assert(text.includes(cell), `the subjects table shows ${cell}`);
  await settle(page);
  await ctx.screenshot(page, 'cohort-evidence-desktop');
  await expectAccessible(page, '/ReportEvidence');

  // Printed to PDF as the browser prints it: letter pages, the heading data and every attribute, no menu.
  const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: false });
  mkdirSync(SCREENSHOTS, { recursive: true });
  writeFileSync(join(SCREENSHOTS, 'cohort-evidence.pdf'), pdf);
  const pages = await pdfPages(new Uint8Array(pdf));
  const printed = pages.join(' ');
  for (const expected of [
    chosen.institution,
    chosen.career.name,
    chosen.generation.generation_name,
    'Sobresaliente',
    'Insuficiente',
    ...chosen.attributes.map((a) => a.attribute_name),
  ]) {
    assert(printed.includes(expected), `the printed evidence shows "${expected}"`);
  }
  for (const absent of ['Cerrar sesión', 'Consultar', 'Imprimir'])
    assert(!printed.includes(absent), `the printed evidence has no "${absent}"`);
  // Every page is numbered and names its career and generation; the content starts on page 1, under the header.
  assert(pages.length >= 2, `the evidence prints on ${pages.length} pages`);
  const footer = `${chosen.career.career_key} · ${chosen.career.name} · Generación ${chosen.generation.generation_name}`;
  pages.forEach((p, i) => {
    assert(
      p.includes(`Página ${i + 1} de ${pages.length}`),
      `page ${i + 1} says "Página ${i + 1} de ${pages.length}": ${p.slice(-160)}`,
    );
    assert(p.includes(footer), `page ${i + 1} names "${footer}" in its footer`);
  });
  assert(
    pages[0]!.includes(chosen.attributes[0]!.attribute_name),
    'page 1 holds the first attribute under the header, not a blank',
  );

  // The curriculum map, from the evidence page.
  const map = (await apiCall(page, 'GET', `/reportes/mapa-curricular?career_id=${careers[0]!.id}`))
    .json as CurriculumMapAnswer;
  await page.getByRole('link', { name: 'Mapa curricular' }).click();
  await page.waitForURL('**/app/CurriculumMap');
  const matrix = page.getByRole('table', { name: 'Mapa curricular: nivel de cada atributo por materia' });
  await matrix.waitFor();
  const rows = await matrix.locator('tbody tr').count();
  assert(rows >= map.subjects.length, `the map has ${rows} rows for ${map.subjects.length} subjects`);
  const matrixText = await matrix.innerText();
  for (const s of map.subjects) assert(matrixText.includes(s.subject_name), `the map lists ${s.subject_name}`);
  await settle(page);
  await ctx.screenshot(page, 'cohort-curriculum-map-desktop');
  await expectAccessible(page, '/CurriculumMap');
}

export const flows: Flow[] = [
  {
    name: 'cohort: a chief builds the division report, exports it to .xlsx, sets a target, prints the cohort evidence to PDF and opens the curriculum map',
    // A target changes the evidence and the improvement verdicts other flows read.
    alone: true,
    run: cohortReport,
  },
];

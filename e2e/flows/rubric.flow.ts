import Database from 'better-sqlite3';
import ExcelJS from 'exceljs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { bandPercentages, gradeBand, normalizeReportValues, weightedMean } from '@egreso/domain';
import { DESKTOP, PHONE, SCREENSHOTS, assert, loginAs, type Flow, type FlowContext } from '../harness.js';
import { apiCall, pickOption, settle } from './shared.js';
import { expectAccessible } from './ux.flow.js';

const TEACHER = { email: 'laura.mendoza@demo.edu.mx', password: 'profe1234' };
const HOME = '/TeacherDashboard';
const SUBJECT = 'Fundamentos de Programación';

interface Assignment {
  id: number;
  subject_id: number;
  group_id: number;
  period_id: number | null;
  subject: { subject_name: string };
  group: { group_name: string } | null;
  period: { period_name: string } | null;
}

/** Fills the criterion/indicator window, goes through 'Confirmación' and waits for the success dialog to close by itself. */
async function saveWeighted(
  page: Page,
  opener: Locator,
  nameLabel: string,
  name: string,
  weight: number,
  success: string,
) {
  await opener.click();
  const form = page.getByRole('dialog', { name: /^(Agregar|Editar) (criterio|indicador)$/ });
  await form.getByLabel(nameLabel).fill(name);
  await form.getByLabel('Peso (%)').fill(String(weight));
  await form.getByRole('button', { name: 'Guardar' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirmación' });
  await confirm.getByRole('button', { name: 'Guardar' }).click();
  const done = page.getByRole('dialog', { name: 'Éxito' });
  await done.getByText(success).waitFor();
  const shownAt = Date.now();
  await done.waitFor({ state: 'detached' });
  const shown = Date.now() - shownAt;
  assert(
    shown > 900 && shown < 3000,
    `the success dialog should close by itself after about 1.4 s (closed after ${shown} ms)`,
  );
}

const section = (page: Page, code: string) =>
  page.locator('section').filter({ has: page.getByRole('heading', { name: new RegExp(`^${code} - `) }) });

async function rubricFlow(ctx: FlowContext) {
  const { page, context } = await ctx.newPage(DESKTOP);
  try {
    await loginAs(page, TEACHER.email, TEACHER.password, HOME);
    const mine = (await apiCall(page, 'GET', '/profesor/materias')).json as Assignment[];
    const [first, second] = mine
      .filter((a) => a.subject.subject_name === SUBJECT)
      .sort((a, b) => a.group!.group_name.localeCompare(b.group!.group_name));
    assert(first && second, 'the demo teacher holds the subject in two groups');
    const label = (a: Assignment) => [a.subject.subject_name, a.group!.group_name, a.period!.period_name].join(' – ');

    await page.goto('/app/Criteria');
    await page.getByRole('heading', { name: /^Rúbrica y Matriz de Evaluación - / }).waitFor();
    await pickOption(page, 'Materia', label(first));
    await page.getByRole('heading', { name: `Rúbrica y Matriz de Evaluación - ${SUBJECT}` }).waitFor();
    // The rubric does not exist yet: it is created on the spot, then both attributes show with no criteria.
    const ae1 = section(page, 'AE1');
    await ae1.waitFor();
    await ae1.getByText('(¡No suma 100!)').waitFor();
    await ae1.getByText('Este atributo aún no tiene criterios.').waitFor();

    await saveWeighted(
      page,
      ae1.getByRole('button', { name: /^Agregar criterio a AE1/ }),
      'Criterio',
      'planteamiento del problema',
      60,
      '¡Criterio guardado exitosamente!',
    );
    for (const header of ['Insuficiente (69-0)', 'Suficiente (89-70)', 'Sobresaliente (100-90)'])
      await ae1.getByRole('columnheader', { name: header }).waitFor();
    const row1 = ae1.getByRole('row').filter({ hasText: 'PLANTEAMIENTO DEL PROBLEMA' });
    await row1.getByText('(¡No suma 60!)').waitFor();
    await ae1.getByText('(¡No suma 100!)').waitFor();
    await saveWeighted(
      page,
      ae1.getByRole('button', { name: 'Agregar indicador a PLANTEAMIENTO DEL PROBLEMA' }),
      'Indicador',
      'identifica los datos',
      30,
      '¡Indicador guardado exitosamente!',
    );
    await row1.getByText('(¡No suma 60!)').waitFor();
    await saveWeighted(
      page,
      ae1.getByRole('button', { name: 'Agregar indicador a PLANTEAMIENTO DEL PROBLEMA' }),
      'Indicador',
      'propone un modelo',
      30,
      '¡Indicador guardado exitosamente!',
    );
    await row1.getByText('(¡No suma 60!)').waitFor({ state: 'detached' });

    await saveWeighted(
      page,
      ae1.getByRole('button', { name: /^Agregar criterio a AE1/ }),
      'Criterio',
      'comunicación de resultados',
      40,
      '¡Criterio guardado exitosamente!',
    );
    await ae1.getByText('(¡No suma 100!)').waitFor({ state: 'detached' });
    const row2 = ae1.getByRole('row').filter({ hasText: 'COMUNICACIÓN DE RESULTADOS' });
    await row2.getByText('(¡No suma 40!)').waitFor();
    await saveWeighted(
      page,
      ae1.getByRole('button', { name: 'Agregar indicador a COMUNICACIÓN DE RESULTADOS' }),
      'Indicador',
      'explica la solución',
      40,
      '¡Indicador guardado exitosamente!',
    );
    await row2.getByText('(¡No suma 40!)').waitFor({ state: 'detached' });

    // A third criterion would pass 100: the form refuses it with the spec's message before asking.
    await ae1.getByRole('button', { name: /^Agregar criterio a AE1/ }).click();
    const form = page.getByRole('dialog', { name: 'Agregar criterio' });
    await form.getByLabel('Criterio').fill('extra');
    await form.getByLabel('Peso (%)').fill('10');
    await form.getByRole('button', { name: 'Guardar' }).click();
    await form
      .getByText('La suma de los pesos de los criterios para este atributo no puede ser mayor a 100%')
      .waitFor();
    await form.getByRole('button', { name: 'Cancelar' }).click();
    await form.waitFor({ state: 'detached' });

    // A description for one scale.
    await ae1.getByRole('button', { name: 'Editar descripción Sobresaliente de PLANTEAMIENTO DEL PROBLEMA' }).click();
    const scaleForm = page.getByRole('dialog', { name: 'Editar descripción de la escala' });
    await scaleForm.getByRole('textbox').fill('Identifica todos los datos y propone un modelo correcto.');
    await scaleForm.getByRole('button', { name: 'Guardar' }).click();
    await page.getByRole('dialog', { name: 'Éxito' }).getByText('¡Descripción guardada exitosamente!').waitFor();
    await page.getByRole('dialog', { name: 'Éxito' }).waitFor({ state: 'detached' });
    await row1.getByText('Identifica todos los datos y propone un modelo correcto.').waitFor();
    assert((await row1.getByText('Sin descripción').count()) === 2, 'the other two scales keep "Sin descripción"');
    await settle(page);
    await ctx.screenshot(page, 'rubric-editor-desktop');
    await expectAccessible(page, '/Criteria with a rubric');

    // Printed on letter paper, without the menu and the buttons.
    await page.emulateMedia({ media: 'print' });
    await page.pdf({ path: join(SCREENSHOTS, 'rubric-print.pdf'), preferCSSPageSize: true, printBackground: true });
    await page.emulateMedia({ media: 'screen' });

    // Exported as a spreadsheet with one column per scale.
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Exportar Excel' }).click(),
    ]);
    const xlsx = join(SCREENSHOTS, 'rubric-export.xlsx');
    await file.saveAs(xlsx);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(xlsx);
    const sheetRows = book
      .getWorksheet('Rúbrica')!
      .getSheetValues()
      .filter(Boolean)
      .map((r) => (r as unknown[]).slice(1).join(' | '));
    assert(
      sheetRows.some((r) =>
        r.includes(
          'PLANTEAMIENTO DEL PROBLEMA | 60 | IDENTIFICA LOS DATOS | 30 | Sin descripción | Sin descripción | Identifica todos',
        ),
      ),
      `the spreadsheet holds the criterion row: ${sheetRows.join(' / ')}`,
    );

    // Copy it to the other group in one action.
    await pickOption(page, 'Materia', label(second));
    const ae1Copy = section(page, 'AE1');
    await ae1Copy.getByText('Este atributo aún no tiene criterios.').waitFor();
    await page.getByRole('button', { name: 'Copiar de otra asignación' }).click();
    const copy = page.getByRole('dialog', { name: 'Copiar rúbrica de otra asignación' });
    await pickOption(
      page,
      'Copiar de',
      `Grupo ${first.group!.group_name} – ${first.period!.period_name} (2 criterios)`,
    );
    await copy.getByRole('button', { name: 'Copiar rúbrica' }).click();
    await page
      .getByRole('dialog', { name: 'Éxito' })
      .getByText('¡Rúbrica copiada exitosamente! (2 criterios, 3 indicadores)')
      .waitFor();
    await ae1Copy
      .getByRole('row')
      .filter({ hasText: 'PLANTEAMIENTO DEL PROBLEMA' })
      .getByText('Identifica todos los datos y propone un modelo correcto.')
      .waitFor();
    await ae1Copy.getByText('(¡No suma 100!)').waitFor({ state: 'detached' });
    const copied = (await apiCall(page, 'GET', `/profesor/materia/${second.id}/rubrica`)).json as {
      atributos: Array<{ evaluationcriterias: unknown[] }>;
    };
    assert(copied.atributos.flatMap((a) => a.evaluationcriterias).length === 2, 'the copy holds both criteria');

    // On a phone each criterion is a card, with its sums and warnings.
    await page.setViewportSize(PHONE);
    await ae1Copy.getByRole('listitem').first().waitFor();
    await settle(page);
    await ctx.screenshot(page, 'rubric-editor-phone');
  } finally {
    await context.close();
  }
}

interface GradeRow {
  user_id: number;
  attribute_id: number;
  qualification: number | null;
  ponderation: number;
}

/** The group's band counts and one student's averages, computed here from the grade rows themselves. */
function expectedFromDatabase(databaseUrl: string, a: Assignment, studentId: number) {
  assert(databaseUrl.startsWith('sqlite:'), 'the report check reads the SQLite database of the run');
  const db = new Database(databaseUrl.slice('sqlite:'.length), { readonly: true });
  try {
    const students = (
      db
        .prepare(
          `
      select distinct ug.user_id as id from user_groups ug
      join enrolments e on e.user_id = ug.user_id and e.subject_id = ? and e.period_id = ?
      where ug.group_id = ?`,
        )
        .all(a.subject_id, a.period_id, a.group_id) as Array<{ id: number }>
    ).map((r) => r.id);
    const rows = db
      .prepare(
        `
      select ua.user_id, aa.attribute_id, ua.qualification, act.ponderation
      from user_activities ua join activities act on act.id = ua.activity_id
      join activity_attributes aa on aa.activity_id = act.id
      join professor_subjects ps on ps.id = act.professor_subject_id
      where ps.subject_id = ? and ps.group_id = ? and ps.period_id = ?`,
      )
      .all(a.subject_id, a.group_id, a.period_id) as GradeRow[];
    const attributes = db
      .prepare(
        `
      select a.id, a.codigo from subject_attributes sa join attributes a on a.id = sa.attribute_id where sa.subject_id = ? order by a.codigo`,
      )
      .all(a.subject_id) as Array<{ id: number; codigo: string }>;
    const rating = (userId: number, attributeId: number) =>
      weightedMean(
        rows
          .filter((r) => r.user_id === userId && r.attribute_id === attributeId)
          .map((r) => ({ value: r.qualification, weight: r.ponderation })),
      );
    const bands = attributes.map((attr) => {
      const counts = { sobresaliente: 0, suficiente: 0, insuficiente: 0 };
      for (const s of students) {
        const value = rating(s, attr.id);
        if (value === null) continue;
        const band = gradeBand(value);
        if (band === 'Sobresaliente') counts.sobresaliente++;
        else if (band === 'Suficiente') counts.suficiente++;
        else counts.insuficiente++;
      }
      return { codigo: attr.codigo, counts, percents: bandPercentages(counts) };
    });
    const averages = normalizeReportValues(attributes.map((attr) => rating(studentId, attr.id)));
    return { bands, averages: attributes.map((attr, i) => ({ codigo: attr.codigo, value: averages[i]! })) };
  } finally {
    db.close();
  }
}

async function cellTexts(row: Locator): Promise<string[]> {
  return (await row.locator('th, td').allInnerTexts()).map((t) => t.trim());
}

async function reportFlow(ctx: FlowContext) {
  const { page, context } = await ctx.newPage(DESKTOP);
  try {
    await loginAs(page, TEACHER.email, TEACHER.password, HOME);
    const mine = (await apiCall(page, 'GET', '/profesor/materias')).json as Assignment[];
    const a = mine
      .filter((x) => x.subject.subject_name === SUBJECT)
      .sort((x, y) => x.group!.group_name.localeCompare(y.group!.group_name))[0]!;

    await page.goto('/app/ViewReport');
    await page.getByRole('heading', { name: 'Reporte gráfico', exact: true }).waitFor();
    // The teacher's career is named among the applied filters from the start.
    await page.getByText(/Filtros aplicados: Carrera: /).waitFor();
    await pickOption(page, 'Materia', SUBJECT);
    await pickOption(page, 'Grupo', `${a.group!.group_name} – ${a.period!.period_name}`);
    await page.getByText(`Materia: ${SUBJECT} · Grupo: ${a.group!.group_name} (${a.period!.period_name})`).waitFor();

    const table = page.getByRole('table', { name: 'Datos de la gráfica por atributo' });
    await table.waitFor();
    const canvas = page.locator('canvas').first();
    const box = await canvas.boundingBox();
    assert(
      box && box.width >= 600 && box.height >= 380,
      `the chart is at least 600 × 380 (${box?.width} × ${box?.height})`,
    );

    const studentName = await page.getByRole('textbox', { name: 'Alumno', exact: true }).inputValue();
    assert(studentName === 'Todos los alumnos', 'the student filter starts on "Todos los alumnos"');
    const roster = (
      await apiCall(
        page,
        'GET',
        `/reportes/grupo?subject_id=${a.subject_id}&group_id=${a.group_id}&period_id=${a.period_id}`,
      )
    ).json as { alumnos: Array<{ id: number; full_name: string }> };
    const student = roster.alumnos[0]!;
    const expected = expectedFromDatabase(ctx.databaseUrl, a, student.id);

    for (const e of expected.bands) {
      const cells = await cellTexts(table.getByRole('row').filter({ hasText: new RegExp(`^${e.codigo}\\b`) }));
      const shown = cells.slice(1, 7);
      const wanted = [e.counts.sobresaliente, e.counts.suficiente, e.counts.insuficiente]
        .map(String)
        .concat([e.percents.sobresaliente, e.percents.suficiente, e.percents.insuficiente].map((p) => p.toFixed(1)));
      assert(
        JSON.stringify(shown) === JSON.stringify(wanted),
        `${e.codigo}: the table shows ${shown.join(', ')}, by hand ${wanted.join(', ')}`,
      );
    }
    await page.getByRole('button', { name: 'Ver en %' }).click();
    await page.getByRole('button', { name: 'Ver conteo' }).waitFor();
    await settle(page);
    await ctx.screenshot(page, 'report-group-percent');
    await expectAccessible(page, '/ViewReport of a group');

    await pickOption(page, 'Alumno', student.full_name);
    await page.getByText(`Alumno: ${student.full_name}`).waitFor();
    const studentTable = page.getByRole('table', { name: 'Datos de la gráfica del alumno' });
    await studentTable.waitFor();
    for (const e of expected.averages) {
      const cells = await cellTexts(studentTable.getByRole('row').filter({ hasText: new RegExp(`^${e.codigo}\\b`) }));
      assert(
        cells[1] === e.value.toFixed(1),
        `${e.codigo}: the student's table shows ${cells[1]}, by hand ${e.value.toFixed(1)}`,
      );
    }
    for (const legend of ['Insuficiente (0–69)', 'Suficiente (70–89)', 'Sobresaliente (90–100)'])
      await page.getByText(legend, { exact: true }).waitFor();
    await settle(page);
    await ctx.screenshot(page, 'report-student');
    await expectAccessible(page, '/ViewReport of a student');
  } finally {
    await context.close();
  }
}

export const flows: Flow[] = [
  {
    name: 'teacher builds a rubric, sees the sum warnings come and go, copies it and prints it',
    lock: 'demo-teacher',
    run: rubricFlow,
  },
  {
    name: 'teacher report of a group and of one student matches the grades computed by hand',
    lock: 'demo-teacher',
    run: reportFlow,
  },
];

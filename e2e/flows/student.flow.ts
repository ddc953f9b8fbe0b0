import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { ENROLMENT_MSG } from '@egreso/domain';
import { PHONE, SCREENSHOTS, assert, loginAs, type Flow, type FlowContext } from '../harness.js';
import { apiCall, goTo, pickOption, settle } from './shared.js';
import { expectAccessible } from './ux.flow.js';

const STUDENT = { email: 'l26010001@demo.edu.mx', password: 'alumno1234', home: '/StudentDashboard' };
const CHIEF = { email: 'jefe.sistemas@demo.edu.mx', password: 'jefe1234', home: '/DivisionChiefDashboard' };
const TEACHER = {
  email: 'laura.mendoza@demo.edu.mx',
  password: 'profe1234',
  home: '/TeacherDashboard',
  name: 'Laura Mendoza Ríos',
};
const WIDE = { width: 1280, height: 800 };

async function ok<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  const res = await apiCall(page, method, path, body);
  assert(res.status >= 200 && res.status < 300, `${method} ${path} → ${res.status} ${JSON.stringify(res.json)}`);
  return res.json as T;
}

async function shot(ctx: FlowContext, page: Page, name: string) {
  await settle(page);
  await ctx.screenshot(page, name);
}

/**
 * A student enrols in two new subjects and sees a third blocked by its prerequisite; a teacher grades one of them
 * through the API; the student then reads grades, attribute ratings, observations, the chart and the profile, each
 * equal to a value computed by hand below, and downloads their data.
 *
 *   Ensayo (ponderation 60, attribute X) = 90; Exposición (40, attributes X and Y) = 75
 *   X = (90·60 + 75·40) / (60 + 40) = 84.0;  Y = 75.0;  the attributes are new, so each global average is that rating.
 */
async function studentWorkflow(ctx: FlowContext) {
  const tag = String(Date.now()).slice(-6);
  const names = {
    x: `Pensamiento crítico ${tag}`,
    y: `Comunicación oral ${tag}`,
    a: `Taller E2E ${tag} A`,
    b: `Taller E2E ${tag} B`,
    c: `Taller E2E ${tag} C`,
  };

  // The chief creates two attributes and three first-semester subjects; C requires B.
  const chief = await ctx.newPage(WIDE);
  await loginAs(chief.page, CHIEF.email, CHIEF.password, CHIEF.home);
  const x = await ok<{ id: number }>(chief.page, 'POST', '/attributes', {
    attribute_name: names.x,
    description: 'Atributo de la prueba del alumno',
  });
  const y = await ok<{ id: number }>(chief.page, 'POST', '/attributes', {
    attribute_name: names.y,
    description: 'Atributo de la prueba del alumno',
  });
  // A chief's subject belongs to one of their careers (DESIGN §5).
  const [career] = await ok<Array<{ id: number }>>(chief.page, 'GET', '/mis-carreras');
  const subject = (name: string, key: string, extra: Record<string, unknown> = {}) =>
    ok<{ id: number }>(chief.page, 'POST', '/subjects', {
      subject_name: name,
      subject_key: `${key}-${tag}`,
      theory_credits: 2,
      practice_credits: 2,
      semesters: [1],
      careers: [career!.id],
      ...extra,
    });
  const a = await subject(names.a, 'TA', {
    attributes: [
      { id: x.id, knowledge_level: 'I' },
      { id: y.id, knowledge_level: 'I' },
    ],
  });
  const b = await subject(names.b, 'TB');
  await subject(names.c, 'TC', { prerequisites: [b.id] });

  // The student enrols in A and B; C is blocked with its reason.
  const { page, context } = await ctx.newPage(WIDE);
  await loginAs(page, STUDENT.email, STUDENT.password, STUDENT.home);
  const studentId = Number(await page.evaluate(() => localStorage.getItem('id')));
  await goTo(page, '/Selection', 'Selecciona tus materias');
  await page.getByText('Selecciona tu grupo para ver materias disponibles.').waitFor();
  await pickOption(page, page.getByPlaceholder('Selecciona tu grupo'), '101');
  const table = page.getByRole('table', { name: 'Materias disponibles' });
  const rowOf = (name: string) => table.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });
  await rowOf(names.c).getByText('Bloqueada').waitFor();
  await rowOf(names.c).getByText(`Falta aprobar el prerrequisito: ${names.b}.`).waitFor();
  assert(
    await page.getByRole('checkbox', { name: `Seleccionar ${names.c}` }).isDisabled(),
    'the blocked subject can be ticked',
  );
  assert(
    await rowOf('Cálculo Diferencial').getByText('Ya inscrita').isVisible(),
    'an enrolled subject is not shown as Ya inscrita',
  );
  await page.getByRole('checkbox', { name: `Seleccionar ${names.a}` }).check();
  await page.getByRole('checkbox', { name: `Seleccionar ${names.b}` }).check();
  await expectAccessible(page, 'selección de materias');
  await shot(ctx, page, 'student-selection-desktop');
  await page.getByRole('button', { name: 'Guardar selección' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirmar selección' });
  await confirm.getByText(`Te inscribirás en 2 materias: ${names.a}, ${names.b}. ¿Deseas continuar?`).waitFor();
  await confirm.getByRole('button', { name: 'Inscribirme' }).click();
  await page.getByRole('dialog', { name: 'Éxito' }).getByText(ENROLMENT_MSG.saved).waitFor();
  await page.getByRole('dialog', { name: 'Éxito' }).waitFor({ state: 'detached', timeout: 5000 });
  await rowOf(names.a).getByText('Ya inscrita').waitFor();
  await rowOf(names.b).getByText('Ya inscrita').waitFor();
  // A second request for the same subject answers 409 with the reason.
  const again = await apiCall(page, 'POST', '/alumno/inscribir', {
    user_id: studentId,
    subject_id: a.id,
    semester_id: 1,
  });
  assert(
    again.status === 409 && (again.json as { message: string }).message === ENROLMENT_MSG.alreadyEnrolled,
    `second enrolment: ${again.status}`,
  );

  const phone = await ctx.newPage(PHONE);
  await loginAs(phone.page, STUDENT.email, STUDENT.password, STUDENT.home);
  await goTo(phone.page, '/Selection', 'Selecciona tus materias');
  await pickOption(phone.page, phone.page.getByPlaceholder('Selecciona tu grupo'), '101');
  await phone.page
    .getByRole('list', { name: 'Materias disponibles' })
    .getByText(`Falta aprobar el prerrequisito: ${names.b}.`)
    .waitFor();
  await shot(ctx, phone.page, 'student-selection-phone');

  // The chief gives A to the teacher for group 101; the teacher adds two activities, grades and observes.
  const groups = await ok<Array<{ id: number; group_name: string }>>(
    page,
    'GET',
    `/alumno/grupos?user_id=${studentId}`,
  );
  const group = groups.find((g) => g.group_name === '101')!;
  const teacher = await ctx.newPage(WIDE);
  await loginAs(teacher.page, TEACHER.email, TEACHER.password, TEACHER.home);
  const teacherId = (await ok<{ id: number }>(teacher.page, 'GET', '/me')).id;
  const assignment = await ok<{ id: number }>(chief.page, 'POST', '/professorsubjects', {
    user_id: teacherId,
    subject_id: a.id,
    group_id: group.id,
  });
  const saved = await ok<{ activities: Array<{ id: number; activity_name: string }> }>(
    teacher.page,
    'POST',
    '/activities/bulk-upsert',
    {
      professor_subject_id: assignment.id,
      activities: [
        {
          activity_name: 'Ensayo',
          type_activity: 'Ensayo',
          evaluation_instrument: 'Rúbrica',
          ponderation: 60,
          attribute_ids: [x.id],
        },
        {
          activity_name: 'Exposición',
          type_activity: 'Exposición',
          evaluation_instrument: 'Lista de cotejo',
          ponderation: 40,
          attribute_ids: [x.id, y.id],
        },
      ],
    },
  );
  const essay = saved.activities.find((act) => act.activity_name === 'Ensayo')!.id;
  const talk = saved.activities.find((act) => act.activity_name === 'Exposición')!.id;
  await ok(teacher.page, 'POST', '/profesor/calificar/actividades/batch', {
    calificaciones: [
      { user_id: studentId, activity_id: essay, qualification: 90 },
      { user_id: studentId, activity_id: talk, qualification: 75 },
    ],
  });
  const note = `Argumenta con evidencia (${tag}).`;
  await ok(teacher.page, 'POST', '/userattribute-observations/batch', {
    observaciones: [
      { user_id: studentId, attribute_id: x.id, subject_id: a.id, activity_id: essay, observation: note },
    ],
  });

  // Grades page: the activities, the attribute ratings in Spanish order, the observation.
  await goTo(page, '/SubjectsSelection', 'Mis calificaciones');
  await pickOption(page, page.getByRole('textbox', { name: 'Materia' }), names.a);
  await page.getByTestId(`grade-${essay}`).getByText('90.0', { exact: true }).waitFor();
  await page.getByTestId(`grade-${talk}`).getByText('75.0', { exact: true }).waitFor();
  await page.getByTestId(`rating-${x.id}`).getByText('84.0', { exact: true }).waitFor();
  await page.getByTestId(`rating-${y.id}`).getByText('75.0', { exact: true }).waitFor();
  const attributeNames = await page
    .getByRole('list', { name: 'Atributos de la materia' })
    .getByRole('listitem')
    .locator('p')
    .first()
    .allTextContents();
  assert(attributeNames.length >= 1, 'no attribute cards');
  await expectAccessible(page, 'calificaciones del alumno');
  await shot(ctx, page, 'student-grades-desktop');
  await page.getByRole('button', { name: `Ver observaciones de ${names.x}` }).click();
  const dialog = page.getByRole('dialog', { name: `Observaciones: ${names.x}` });
  await dialog.getByText(note).waitFor();
  await dialog.getByText(new RegExp(`Actividad: Ensayo · Profesor\\(a\\): ${TEACHER.name}`)).waitFor();
  await shot(ctx, page, 'student-observations-desktop');
  await dialog.getByRole('button', { name: 'Cerrar' }).click();

  // Reports: the chart's table, the profile and its explanation.
  await goTo(page, '/StudentReports', 'Reportes Generales');
  await page.getByRole('heading', { name: 'Promedios Globales por Atributo de Egreso' }).waitFor();
  const chartRow = (name: string) =>
    page
      .getByTestId('global-chart-table')
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name, exact: true }) });
  await chartRow(names.x).getByRole('cell', { name: '84.0', exact: true }).waitFor();
  await chartRow(names.y).getByRole('cell', { name: '75.0', exact: true }).waitFor();
  const card = page.getByTestId(`profile-${x.id}`);
  await card.getByText('Promedio global: 84.0 (Suficiente)').waitFor();
  await card.getByText('¿Cómo se calcula?').click();
  await card.getByText('(90 × 60 + 75 × 40) / (60 + 40) = 84.0').waitFor();
  await card.getByText('84.0 (una sola materia) = 84.0').waitFor();
  await card.getByText('Ensayo: calificación 90, peso 60').waitFor();
  await expectAccessible(page, 'reportes del alumno');
  await shot(ctx, page, 'student-reports-desktop');

  // The download holds the new grades.
  const downloadDir = mkdtempSync(join(tmpdir(), 'mis-datos-'));
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Descargar mis datos' }).click(),
  ]);
  assert(download.suggestedFilename() === 'mis-datos.xlsx', `download name ${download.suggestedFilename()}`);
  const file = join(downloadDir, 'mis-datos.xlsx');
  await download.saveAs(file);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(file);
  const gradesSheet = book.getWorksheet('Calificaciones')!;
  const rows: unknown[][] = [];
  gradesSheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  assert(
    rows.some((r) => r[0] === names.a && r[2] === 'Ensayo' && r[5] === 90),
    'the download lacks the essay grade',
  );
  const ratingRows: unknown[][] = [];
  book.getWorksheet('Atributos')!.eachRow((row) => ratingRows.push((row.values as unknown[]).slice(1)));
  assert(
    ratingRows.some((r) => r[0] === names.x && r[3] === 84 && r[4] === 84),
    'the download lacks the attribute rating',
  );

  // The dashboard counts the two new subjects (five of the demo plus two).
  await goTo(page, '/StudentDashboard', '¡Hola, Sofía Hernández Castillo!');
  await page.getByText('Materias inscritas').locator('..').getByText('7', { exact: true }).waitFor();
  await expectAccessible(page, 'tablero del alumno');
  await shot(ctx, page, 'student-dashboard-desktop');

  // Phone screenshots of the grades and reports.
  await goTo(phone.page, '/SubjectsSelection', 'Mis calificaciones');
  await pickOption(phone.page, phone.page.getByRole('textbox', { name: 'Materia' }), names.a);
  await phone.page.getByTestId(`rating-${x.id}`).getByText('84.0', { exact: true }).waitFor();
  await shot(ctx, phone.page, 'student-grades-phone');
  await goTo(phone.page, '/StudentReports', 'Reportes Generales');
  await phone.page.getByTestId('global-chart-table').waitFor();
  await shot(ctx, phone.page, 'student-reports-phone');
  await goTo(phone.page, '/StudentDashboard', '¡Hola, Sofía Hernández Castillo!');
  await shot(ctx, phone.page, 'student-dashboard-phone');

  for (const c of [context, phone.context, teacher.context, chief.context]) await c.close();
  void SCREENSHOTS;
}

export const flows: Flow[] = [
  {
    name: 'student: enrolment, grades, ratings, observations, profile, chart and data download',
    lock: 'demo-teacher',
    run: studentWorkflow,
  },
];

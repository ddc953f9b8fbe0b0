import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import type { GradeSheet, TeacherAssignment } from '@egreso/domain';
import {
  classroomCsv,
  moodleXlsx,
  type FixtureItem,
  type FixtureStudent,
} from '../../apps/server/src/test/gradebook-fixtures.js';
import { PHONE, SCREENSHOTS, assert, loginAs, type Flow, type FlowContext } from '../harness.js';
import { apiCall, settle } from './shared.js';

const TEACHER = { email: 'laura.mendoza@demo.edu.mx', password: 'profe1234' };
const WIDE = { width: 1280, height: 800 };
const DIALOG = 'Importar calificaciones de Moodle o Classroom';

/** The flow's own activities on one of the teacher's sheets (names no other flow uses), removed at the end. */
interface Setup {
  assignment: TeacherAssignment;
  sheet: GradeSheet;
  names: { practica: string; examen: string };
  activityIds: number[];
  students: FixtureStudent[];
}

async function setUp(page: Page): Promise<Setup> {
  const tag = randomBytes(3).toString('hex');
  const names = { practica: `Práctica Moodle ${tag}`, examen: `Examen Classroom ${tag}` };
  const mine = (await apiCall(page, 'GET', '/profesor/materias?current=true')).json as TeacherAssignment[];
  // From the end of the list: the other flows take the teacher's first sheets, and the activities added here would
  // change the columns they count on.
  for (const assignment of mine.filter((a) => a.group).reverse()) {
    const before = (await apiCall(page, 'GET', `/grade-sheets/${assignment.id}`)).json as GradeSheet;
    if (before.students.length < 4) continue;
    const created = await apiCall(page, 'POST', '/activities/bulk-upsert', {
      professor_subject_id: assignment.id,
      activities: [
        { activity_name: names.practica, ponderation: 0, attribute_ids: [] },
        { activity_name: names.examen, ponderation: 0, attribute_ids: [] },
      ],
    });
    assert(created.status === 200, `the flow's activities are created: ${created.status}`);
    const activityIds = (created.json as { activities: Array<{ id: number; activity_name: string }> }).activities
      .filter((a) => a.activity_name === names.practica || a.activity_name === names.examen)
      .map((a) => a.id);
    const sheet = (await apiCall(page, 'GET', `/grade-sheets/${assignment.id}`)).json as GradeSheet;
    const students = sheet.students.slice(0, 4).map((s) => {
      const words = s.full_name.split(' ');
      return {
        first: words.slice(0, -2).join(' ') || words[0]!,
        last: words.slice(-2).join(' '),
        email: `${(s.controlnumber ?? '').toLowerCase()}@demo.edu.mx`,
        idnumber: s.controlnumber ?? '',
      };
    });
    return { assignment, sheet, names, activityIds, students };
  }
  throw new Error('no sheet of the teacher with four students');
}

async function tearDown(page: Page, s: Setup) {
  for (const id of s.activityIds) await apiCall(page, 'DELETE', `/activities/${id}`);
}

async function chooseFile(dialog: Locator, name: string, buffer: Buffer) {
  await dialog.locator('input[type=file]').setInputFiles({ name, mimeType: 'application/octet-stream', buffer });
  await dialog.getByRole('button', { name: 'Revisar archivo' }).click();
}

/** The screen as the teacher sees it (at 375 px the dialog fills it; at 1280 the page around it is shown too). */
async function shot(ctx: FlowContext, page: Page, name: string) {
  await settle(page);
  if ((page.viewportSize()?.width ?? 0) <= PHONE.width)
    await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
  else await ctx.screenshot(page, name);
}

/**
 * At 1280 px: a Spanish Moodle export (.xlsx) of the sheet's course: the points column asks for its maximum, the
 * letters column is refused cell by cell, a student matched by control number, one by name, a stranger listed; applied.
 */
async function moodle(ctx: FlowContext, page: Page, s: Setup) {
  const [a, b, c, d] = s.students;
  const items: FixtureItem[] = [
    { name: s.names.practica, module: 'Tarea', max: 10, display: 'real', values: [8, 9.5, null, 12, 7] },
    { name: s.names.examen, module: 'Cuestionario', max: 100, display: 'letter', values: [88, 91, 75, 60, 50] },
  ];
  const file = await moodleXlsx({
    lang: 'es',
    students: [
      a!,
      { ...b!, email: '' },
      { ...c!, email: '', idnumber: '' },
      d!,
      { first: 'Persona', last: 'Ajena', email: 'ajena@otra.edu.mx', idnumber: 'X1' },
    ],
    items,
  });
  await page.goto(`/app/Ratings?asignacion=${s.assignment.id}`);
  await page.getByRole('button', { name: 'Importar de Moodle o Classroom' }).click();
  const dialog = page.getByRole('dialog', { name: DIALOG });
  await shot(ctx, page, 'gradebook-1-choose-1280');
  await chooseFile(dialog, 'ISC Calificaciones.xlsx', file);
  await dialog.getByText(/Vista previa \(Moodle, ISC Calificaciones.xlsx\)/).waitFor();
  await dialog.getByText('Falta la calificación máxima de la columna.').first().waitFor();
  await dialog.getByText(/En el archivo pero no en el grupo: Persona Ajena/).waitFor();
  await dialog.getByText(/por correo, 1 por matrícula, 1 por nombre/).waitFor();
  await shot(ctx, page, 'gradebook-2-moodle-needs-max-1280');

  await dialog
    .getByRole('textbox', { name: new RegExp(`Calificación máxima de «Tarea: ${s.names.practica}`) })
    .fill('10');
  await dialog.getByRole('button', { name: 'Actualizar vista previa' }).click();
  await dialog.getByText(/3 calificaciones nuevas/).waitFor();
  const cells = dialog.getByRole('table', { name: 'Calificaciones del archivo' });
  await cells.getByText('Es una letra o escala: solo se importan puntos o porcentajes.').first().waitFor();
  await cells.getByText('12 se ajustó a 100: las calificaciones van de 0 a 100.').waitFor();
  await shot(ctx, page, 'gradebook-3-moodle-preview-1280');

  await dialog.getByRole('button', { name: 'Aplicar importación' }).click();
  await dialog.getByRole('status').filter({ hasText: 'Importación completada' }).waitFor();
  await shot(ctx, page, 'gradebook-4-moodle-done-1280');
  await dialog.getByRole('button', { name: 'Cerrar', exact: true }).last().click();
  const sheet = (await apiCall(page, 'GET', `/grade-sheets/${s.assignment.id}`)).json as GradeSheet;
  const practica = s.activityIds[0]!;
  const got = s.sheet.students
    .slice(0, 4)
    .map((st) => sheet.grades.find((g) => g.user_id === st.id && g.activity_id === practica)?.qualification ?? null);
  assert(JSON.stringify(got) === JSON.stringify([80, 95, null, 100]), `Moodle's grades landed: ${JSON.stringify(got)}`);
}

/** At 375 px: Classroom's CSV (Spanish, semicolons, decimal commas) of the same course; applied, then undone. */
async function classroom(ctx: FlowContext, s: Setup) {
  const { page, context } = await ctx.newPage(PHONE);
  try {
    await loginAs(page, TEACHER.email, TEACHER.password, '/TeacherDashboard');
    const file = classroomCsv({
      lang: 'es',
      students: s.students,
      items: [
        { name: s.names.examen, max: 40, values: [34.5, 'Sin calificar', 20, 41] },
        { name: 'Participación', max: 10, values: [10, 9, 8, 7] },
      ],
      separator: 'semicolon',
      decimalComma: true,
      bom: true,
    });
    await page.goto(`/app/Ratings?asignacion=${s.assignment.id}`);
    await page.getByRole('button', { name: 'Importar de Moodle o Classroom' }).click();
    const dialog = page.getByRole('dialog', { name: DIALOG });
    await chooseFile(dialog, 'Calificaciones.csv', file);
    await dialog.getByText(/Vista previa \(Google Classroom, Calificaciones.csv\)/).waitFor();
    await dialog.getByText(/4 alumnos encontrados: 4 por correo/).waitFor();
    const width = await dialog.evaluate((el) => el.scrollWidth);
    assert(width <= PHONE.width, `the preview fits 375 px: ${width}`);
    await shot(ctx, page, 'gradebook-5-classroom-preview-375');
    await dialog.getByRole('button', { name: 'Aplicar importación' }).click();
    await dialog.getByRole('status').filter({ hasText: 'Importación completada' }).waitFor();
    await shot(ctx, page, 'gradebook-6-classroom-done-375');
    const sheet = (await apiCall(page, 'GET', `/grade-sheets/${s.assignment.id}`)).json as GradeSheet;
    const examen = s.activityIds[1]!;
    const got = s.sheet.students
      .slice(0, 4)
      .map((st) => sheet.grades.find((g) => g.user_id === st.id && g.activity_id === examen)?.qualification ?? null);
    assert(
      JSON.stringify(got) === JSON.stringify([86.25, null, 50, 100]),
      `Classroom's grades landed: ${JSON.stringify(got)}`,
    );

    // 'Deshacer importación' from the result: the Classroom grades go back to none.
    await dialog.getByRole('button', { name: 'Deshacer importación' }).click();
    const confirm = page.getByRole('dialog', { name: 'Deshacer importación' });
    await confirm.getByText(/Calificaciones.csv/).waitFor();
    await shot(ctx, page, 'gradebook-7-undo-375');
    await confirm.getByRole('button', { name: 'Deshacer' }).click();
    await confirm.waitFor({ state: 'detached' });
    const after = (await apiCall(page, 'GET', `/grade-sheets/${s.assignment.id}`)).json as GradeSheet;
    assert(
      after.grades.filter((g) => g.activity_id === examen && g.qualification !== null).length === 0,
      'the undo took the Classroom grades back',
    );
  } finally {
    await context.close();
  }
}

async function gradebookFlow(ctx: FlowContext) {
  const { page, context } = await ctx.newPage(WIDE);
  let setup: Setup | null = null;
  try {
    await loginAs(page, TEACHER.email, TEACHER.password, '/TeacherDashboard');
    setup = await setUp(page);
    await moodle(ctx, page, setup);
    await classroom(ctx, setup);
  } finally {
    if (setup) await tearDown(page, setup);
    await context.close();
  }
}

export const flows: Flow[] = [
  {
    name: 'gradebook: a Moodle export and a Classroom export previewed and imported into a sheet at 1280 and 375 px, then undone',
    run: gradebookFlow,
  },
];

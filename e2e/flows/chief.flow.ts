import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, SCREENSHOTS, assert, loginAs, type Flow, type FlowContext } from '../harness.js';
import { apiCall, closeResult, goTo, pickOption, settle } from './shared.js';

const CHIEF = { email: 'jefe.sistemas@demo.edu.mx', password: 'jefe1234' };
const HOME = '/DivisionChiefDashboard';

/** A modal on a phone is judged by what the screen shows, not by the whole page behind it. */
async function viewportShot(page: Page, name: string) {
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
}

async function closeDropdown(page: Page) {
  await page.keyboard.press('Escape');
}

/** Confirms the dialog that asks before deleting, and waits for it to close. */
async function confirmDelete(page: Page, title: string, confirm = 'Eliminar') {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.getByRole('button', { name: confirm }).click();
  await dialog.waitFor({ state: 'detached' });
}

async function chiefWorkflow(ctx: FlowContext) {
  const { page, context } = await ctx.newPage(DESKTOP);
  const tag = String(Date.now()).slice(-7);
  const attrA = `Atributo E2E ${tag} A`;
  const attrB = `Atributo E2E ${tag} B`;
  const subjectName = `Materia E2E ${tag}`;
  const subjectKey = `E2E-${tag}`;
  const groupName = `G-E2E-${tag}`;
  const teacherName = `Profesor E2E ${tag}`;
  let teacherId: number | null = null;
  try {
    await loginAs(page, CHIEF.email, CHIEF.password, HOME);

    // Dashboard: three entries.
    await page.getByRole('heading', { name: 'Panel del jefe de división' }).waitFor();
    for (const name of ['Ir a profesores', 'Ir a materias', 'Ir a atributos'])
      await page.getByRole('link', { name }).waitFor();
    await ctx.screenshot(page, 'chief-dashboard-desktop');

    // Attributes: the empty form is refused, then two attributes are created.
    await page.getByRole('link', { name: 'Ir a atributos' }).click();
    await page.waitForURL('**/app/Attributes');
    await page.getByRole('heading', { name: 'Alta de atributos' }).waitFor();
    await page.getByRole('cell', { name: 'Comunicación efectiva', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Registrar atributo' }).click();
    await page.getByText('Por favor, llena todos los campos.').waitFor();
    for (const [name, code] of [
      [attrA, 'E2EA'],
      [attrB, 'E2EB'],
    ] as const) {
      await page.locator('#new-attribute-name').fill(name);
      await page.locator('#new-attribute-description').fill(`Descripción de ${name}`);
      await page.locator('#new-attribute-code').fill(code);
      await page.getByRole('button', { name: 'Registrar atributo' }).click();
      await page.getByText('Atributo registrado correctamente.').waitFor();
      await closeResult(page);
      await page.getByRole('cell', { name, exact: true }).waitFor();
    }
    await settle(page);
    await ctx.screenshot(page, 'chief-attributes-desktop');

    // Subjects: a subject with a prerequisite, a semester and two attributes with levels.
    await goTo(page, '/Subjects', 'Alta de materias');
    await page.getByRole('cell', { name: /^Cálculo Diferencial/ }).waitFor();
    await page.locator('#new-subject-name').fill(subjectName);
    await page.locator('#new-subject-key').fill(subjectKey);
    await page.locator('#new-subject-theory').fill('4');
    await page.locator('#new-subject-practice').fill('2');
    await pickOption(page, page.locator('#new-subject-prerequisites'), 'ACF-0901 · Cálculo Diferencial', {
      filter: 'ACF-0901',
    });
    await closeDropdown(page);
    await pickOption(page, page.locator('#new-subject-semesters'), 'Quinto semestre');
    await closeDropdown(page);
    // A chief of one career finds it already chosen (a subject of theirs needs one of their careers).
    await page.locator('.mantine-Pill-label', { hasText: 'ISC · Ingeniería en Sistemas Computacionales' }).waitFor();
    await pickOption(page, page.locator('#new-subject-attributes'), `E2EA · ${attrA}`, { filter: tag });
    await pickOption(page, page.locator('#new-subject-attributes'), `E2EB · ${attrB}`, { filter: tag });
    await closeDropdown(page);
    await page.getByLabel(`Nivel de E2EA · ${attrA}`).selectOption('M');
    await page.getByLabel(`Nivel de E2EB · ${attrB}`).selectOption('A');
    await settle(page);
    await ctx.screenshot(page, 'chief-subjects-form-desktop');
    await page.getByRole('button', { name: 'Registrar materia' }).click();
    await page.getByText('Materia registrada correctamente.').waitFor();
    await closeResult(page);
    await page.getByLabel('Buscar materia').fill(tag);
    const subjectRow = page.getByRole('row').filter({ hasText: subjectKey });
    await subjectRow.waitFor();
    const rowText = await subjectRow.innerText();
    assert(rowText.includes('T 4 | P 2'), `credits shown as 'T 4 | P 2': ${rowText}`);
    assert(
      rowText.includes(`${attrA} (M)`) && rowText.includes(`${attrB} (A)`),
      `attributes shown with their levels: ${rowText}`,
    );
    assert(rowText.includes('Requiere: Cálculo Diferencial'), `the prerequisite is shown: ${rowText}`);
    assert(rowText.includes('Quinto semestre'), `the semester is shown: ${rowText}`);
    await ctx.screenshot(page, 'chief-subjects-desktop');
    await page.getByLabel('Buscar materia').fill('');

    // Groups: a fifth-semester group.
    await goTo(page, '/Groups', 'Alta de grupos');
    await page.getByRole('cell', { name: '501', exact: true }).waitFor();
    await page.locator('#new-group-name').fill(groupName);
    await pickOption(page, page.locator('#new-group-semester'), 'Quinto semestre');
    await page.getByRole('button', { name: 'Registrar grupo' }).click();
    await page.getByText('Grupo registrado correctamente.').waitFor();
    await closeResult(page);
    const groupRow = page.getByRole('row').filter({ hasText: groupName });
    assert((await groupRow.innerText()).includes('Quinto semestre'), 'the group shows its semester');
    await ctx.screenshot(page, 'chief-groups-desktop');

    // The flow's own teacher, so the demo teachers' assignments stay as they are.
    const created = await apiCall(page, 'POST', '/users', {
      full_name: teacherName,
      controlnumber: `E2E${tag}`,
      email: `profesor.e2e.${tag}@demo.edu.mx`,
      gender: 1,
      role: '2',
    });
    assert(created.status === 201, `the teacher is created (${created.status})`);
    teacherId = (created.json as { id: number }).id;

    // Assignments: the subject selector waits for a group and offers the group's semester subjects.
    await goTo(page, '/Assignments', 'Asignación de materias');
    const subjectSelect = page.locator('#assign-subject');
    assert(await subjectSelect.isDisabled(), 'the subject selector is disabled until a group is chosen');
    await pickOption(page, page.locator('#assign-professor'), teacherName, { filter: tag });
    await pickOption(page, page.locator('#assign-group'), `${groupName} · Quinto semestre`, { filter: groupName });
    assert(await subjectSelect.isEnabled(), 'the subject selector is enabled once a group is chosen');
    await subjectSelect.click();
    const options = await page.getByRole('option').allInnerTexts();
    assert(
      options.includes(subjectName) && options.includes('Arquitectura de Computadoras'),
      `fifth-semester subjects offered: ${options.join(', ')}`,
    );
    assert(
      !options.includes('Cálculo Diferencial'),
      'a first-semester subject is not offered for a fifth-semester group',
    );
    await page.getByRole('option', { name: subjectName, exact: true }).click();
    await page.getByRole('button', { name: 'Asignar materia' }).click();
    await page.getByText('Asignación registrada correctamente.').waitFor();
    await closeResult(page);
    const card = page.getByTestId(`professor-${teacherId}`);
    await card.getByText(`${subjectName} - ${groupName}`, { exact: true }).waitFor();
    await ctx.screenshot(page, 'chief-assignments-desktop');

    // Edit by comparison: add a row, remove the first, save; the chips follow.
    await card.getByRole('button', { name: `Editar asignaciones de ${teacherName}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Editar asignaciones' });
    await dialog.getByRole('button', { name: 'Agregar asignación' }).click();
    await dialog.getByRole('textbox', { name: 'Grupo (fila 2)' }).click();
    await dialog.getByRole('textbox', { name: 'Grupo (fila 2)' }).fill(groupName);
    await page.getByRole('option', { name: `${groupName} · Quinto semestre`, exact: true }).click();
    await dialog.getByRole('textbox', { name: 'Materia (fila 2)' }).click();
    await page.getByRole('option', { name: 'Arquitectura de Computadoras', exact: true }).click();
    await settle(page);
    await ctx.screenshot(page, 'chief-assignments-edit-desktop');
    await dialog.getByRole('button', { name: 'Quitar fila 1' }).click();
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await dialog.waitFor({ state: 'detached' });
    await card.getByText(`Arquitectura de Computadoras - ${groupName}`, { exact: true }).waitFor();
    assert(
      (await card.getByText(`${subjectName} - ${groupName}`, { exact: true }).count()) === 0,
      'the removed row is gone from the chips',
    );
    await ctx.screenshot(page, 'chief-assignments-after-edit-desktop');

    // Phone width: the same screens with their data.
    await phoneScreens(ctx, tag);

    // Eliminar: every assignment of the teacher, after the confirmation.
    await card.getByRole('button', { name: `Eliminar asignaciones de ${teacherName}` }).click();
    await page.getByText('¿Estás seguro que deseas eliminar TODAS las asignaciones de este profesor?').waitFor();
    await confirmDelete(page, 'Eliminar asignaciones', 'Sí, eliminar');
    await card.waitFor({ state: 'detached' });

    // The subject, group and attributes go away again (they are no longer in use).
    await goTo(page, '/Subjects', 'Alta de materias');
    await page.getByRole('button', { name: `Eliminar ${subjectName}` }).click();
    await page.getByText('¿Estás seguro que deseas eliminar esta materia?').waitFor();
    await confirmDelete(page, 'Eliminar materia');
    await page.getByRole('button', { name: `Eliminar ${subjectName}` }).waitFor({ state: 'detached' });
    await goTo(page, '/Groups', 'Alta de grupos');
    await page.getByRole('button', { name: `Eliminar grupo ${groupName}` }).click();
    await confirmDelete(page, 'Eliminar grupo');
    await goTo(page, '/Attributes', 'Alta de atributos');
    for (const name of [attrA, attrB]) {
      await page.getByRole('button', { name: `Eliminar ${name}` }).click();
      await confirmDelete(page, 'Eliminar atributo');
      await page.getByRole('cell', { name, exact: true }).waitFor({ state: 'detached' });
    }
    // An attribute in use is refused with the reason.
    await page.getByRole('button', { name: 'Eliminar Comunicación efectiva' }).click();
    await confirmDelete(page, 'Eliminar atributo');
    await page.getByText(/Error eliminando atributo/).waitFor();
    await page.getByText(/El atributo no puede eliminarse porque tiene/).waitFor();
    await settle(page);
    await ctx.screenshot(page, 'chief-attributes-delete-refused-desktop');
    await page.getByRole('dialog', { name: 'Error' }).getByRole('button', { name: 'Cerrar' }).click();
  } finally {
    if (teacherId !== null) {
      await apiCall(page, 'DELETE', `/professorsubjects/by-professor/${teacherId}`);
      await apiCall(page, 'DELETE', `/users/${teacherId}`);
    }
    await context.close();
  }
}

/** Every chief catalogue screen at 375 px, while the flow's data exists. */
async function phoneScreens(ctx: FlowContext, tag: string) {
  const { page, context } = await ctx.newPage(PHONE);
  try {
    await loginAs(page, CHIEF.email, CHIEF.password, HOME);
    await page.getByRole('link', { name: 'Ir a materias' }).waitFor();
    await ctx.screenshot(page, 'chief-dashboard-phone');
    await goTo(page, '/Attributes', 'Alta de atributos');
    await page.getByText('Comunicación efectiva').first().waitFor();
    await ctx.screenshot(page, 'chief-attributes-phone');
    await goTo(page, '/Subjects', 'Alta de materias');
    await page.getByLabel('Buscar materia').fill(tag);
    await page.getByText(`E2E-${tag}`, { exact: true }).waitFor();
    await ctx.screenshot(page, 'chief-subjects-phone');
    await page.getByLabel('Buscar materia').fill('');
    await page.getByRole('button', { name: 'Editar Cálculo Integral' }).click();
    await page.getByRole('dialog', { name: 'Editar materia' }).waitFor();
    await settle(page);
    await viewportShot(page, 'chief-subjects-edit-phone');
    await page.getByRole('dialog', { name: 'Editar materia' }).getByRole('button', { name: 'Cancelar' }).click();
    await goTo(page, '/Groups', 'Alta de grupos');
    await page.getByText('Grupo 501').waitFor();
    await ctx.screenshot(page, 'chief-groups-phone');
    await goTo(page, '/Assignments', 'Asignación de materias');
    await page.getByText(`Arquitectura de Computadoras - G-E2E-${tag}`).waitFor();
    await ctx.screenshot(page, 'chief-assignments-phone');
    await page.getByRole('button', { name: `Editar asignaciones de Profesor E2E ${tag}` }).click();
    await page.getByRole('dialog', { name: 'Editar asignaciones' }).waitFor();
    await settle(page);
    await viewportShot(page, 'chief-assignments-edit-phone');
  } finally {
    await context.close();
  }
}

/**
 * DESIGN §5: the Industrial chief does not reach the Systems career's people. Laura Mendoza (Systems only) is not in
 * their Teachers list and opening her by id is refused; Adriana Solís (both careers) is listed; the Students list,
 * all of Systems, is empty. The Systems chief still sees them all.
 */
async function otherCareerRefused(ctx: FlowContext) {
  const { page, context } = await ctx.newPage(DESKTOP);
  let laura: { id: number } | undefined;
  try {
    await loginAs(page, CHIEF.email, CHIEF.password, HOME);
    const found = await apiCall(page, 'GET', '/users?role=2&search=Laura%20Mendoza');
    laura = (found.json as Array<{ id: number }>)[0];
    assert(found.status === 200 && laura !== undefined, 'the Systems chief finds Laura Mendoza');
    const students = await apiCall(page, 'GET', '/users?role=3&page=1&per_page=1');
    assert(
      (students.json as { meta: { total: number } }).meta.total >= 35,
      'the Systems chief sees the 35 demo students',
    );
  } finally {
    await context.close();
  }
  const other = await ctx.newPage(DESKTOP);
  try {
    const page = other.page;
    await loginAs(page, 'jefa.industrial@demo.edu.mx', 'PatriciaJD-0102', HOME);
    await goTo(page, '/Teachers', 'Alta de profesores');
    await page.locator('#teachers-search').fill('Laura Mendoza');
    await page.getByText('No hay profesores que coincidan con la búsqueda.').first().waitFor();
    await page.locator('#teachers-search').fill('Adriana');
    await page.getByText('Adriana Solís Benavides').first().waitFor();
    await ctx.screenshot(page, 'chief-other-career-teachers');
    const opened = await apiCall(page, 'GET', `/users/${laura!.id}`);
    assert(opened.status === 403, `opening a teacher of another career by id answers 403 (got ${opened.status})`);
    const edited = await apiCall(page, 'PUT', `/users/${laura!.id}`, {
      full_name: 'Laura Cambiada',
      email: 'laura.mendoza@demo.edu.mx',
    });
    assert(edited.status === 403, `editing a teacher of another career answers 403 (got ${edited.status})`);
    await goTo(page, '/Students', 'Alta de alumnos');
    await page.getByText('No hay alumnos registrados.').first().waitFor();
  } finally {
    await other.context.close();
  }
}

export const flows: Flow[] = [
  {
    name: 'chief: attributes, subject with prerequisite and levels, group, assignment edited by comparison',
    run: chiefWorkflow,
  },
  { name: 'chief: a chief of another career is refused the Systems people', run: otherCareerRefused },
];

import type { Locator, Page } from 'playwright-core';
import {
  attributeDisplayName,
  gradeBand,
  initialPassword,
  type AttributeProfile,
  type EvidenceAnswer,
  type GradeSheet,
  type GroupReport,
  type PerformanceAnswer,
  type RatingRecord,
  type StudentDashboard,
  type StudentReport,
  type TeacherAssignment,
} from '@egreso/domain';
import { PHONE, assert, loginAs, type Flow, type FlowContext } from '../harness.js';
import { apiCall, goTo, pickOption, settle } from './shared.js';

/*
 * One student's and one generation's figures, read off every screen that shows them, must agree with each other, with
 * the API's answers for the same filters and, where cheap, with a computation from the grades (DESIGN §3).
 *
 * The demo's 2025 generation (group 301 now) has grades in three periods; the demo teacher taught it Programación
 * Orientada a Objetos in ENE-JUN 2026 and teaches it Estructura de Datos now. The student is the first of that group.
 * Every disagreement is collected and the flow fails once, at the end, with all of them listed.
 */

const TEACHER = { email: 'laura.mendoza@demo.edu.mx', password: 'profe1234', home: '/TeacherDashboard' };
const CHIEF = { email: 'jefe.sistemas@demo.edu.mx', password: 'jefe1234', home: '/DivisionChiefDashboard' };
const STUDENT_EMAIL = 'l25010015@demo.edu.mx';
const GENERATION = '2025-2030';
const WIDE = { width: 1280, height: 800 };

type Rows = string[][];

/** The disagreements found; each names the figure and the value every source gave. */
class Agreement {
  readonly problems: string[] = [];
  checked = 0;
  /** Every source must give the same text. */
  same(what: string, sources: Record<string, string | number | null | undefined>) {
    this.checked++;
    const values = Object.values(sources).map((v) => (v === null || v === undefined ? '∅' : String(v)));
    if (new Set(values).size > 1)
      this.problems.push(
        `${what}: ${Object.entries(sources)
          .map(([k, v]) => `${k} = ${v === null || v === undefined ? '∅' : String(v)}`)
          .join(', ')}`,
      );
  }
  holds(what: string, ok: boolean, detail: string) {
    this.checked++;
    if (!ok) this.problems.push(`${what}: ${detail}`);
  }
}

/** An independent computation of DESIGN §3's weighted mean: tenths, half up, exact; null when nothing is graded. */
function weighted(items: ReadonlyArray<{ value: number | null | undefined; weight: number }>): number | null {
  let sum = 0;
  let weights = 0;
  for (const { value, weight } of items) {
    if (value === null || value === undefined) continue;
    sum += Math.round(value * 10) * weight;
    weights += weight;
  }
  return weights === 0 ? null : Math.floor((2 * sum + weights) / (2 * weights)) / 10;
}
const mean = (values: readonly number[]) => weighted(values.map((value) => ({ value, weight: 1 })));
/** A share in percent with one decimal, half up. */
const share = (part: number, total: number) =>
  total === 0 ? 0 : Math.floor((2 * 1000 * part + total) / (2 * total)) / 10;
const one = (n: number | null | undefined) => (n === null || n === undefined ? null : n.toFixed(1));
const pct = (n: number) => `${n.toFixed(1)} %`;
const isGraded = (r: RatingRecord) => r.attributerating !== null;

async function ok<T>(page: Page, path: string): Promise<T> {
  const res = await apiCall(page, 'GET', path);
  assert(res.status === 200, `GET ${path} → ${res.status} ${JSON.stringify(res.json)}`);
  return res.json as T;
}

/** The text of each body row's cells (row headers included), in order; 'tfoot' reads the footer rows instead. */
function rowsOf(table: Locator, part: 'tbody' | 'tfoot' = 'tbody'): Promise<Rows> {
  return table.evaluate(
    (el, part) =>
      Array.from(el.querySelectorAll(`${part} > tr`)).map((tr) =>
        Array.from(tr.children).map((c) => (c.textContent ?? '').replace(/\s+/g, ' ').trim()),
      ),
    part,
  );
}

async function shot(ctx: FlowContext, page: Page, name: string) {
  await settle(page);
  await ctx.screenshot(page, name);
}

/** A student's per-attribute rating in one assignment, computed from the sheet's grades. */
function sheetRating(sheet: GradeSheet, userId: number, attributeId: number): number | null {
  const grade = (activityId: number) =>
    sheet.grades.find((g) => g.user_id === userId && g.activity_id === activityId)?.qualification ?? null;
  return weighted(
    sheet.activities
      .filter((a) => a.attribute_ids.includes(attributeId))
      .map((a) => ({ value: grade(a.id), weight: a.ponderation })),
  );
}

function sheetFinal(sheet: GradeSheet, userId: number): number | null {
  const grade = (activityId: number) =>
    sheet.grades.find((g) => g.user_id === userId && g.activity_id === activityId)?.qualification ?? null;
  return weighted(sheet.activities.map((a) => ({ value: grade(a.id), weight: a.ponderation })));
}

interface Course {
  assignment: TeacherAssignment;
  sheet: GradeSheet;
  /** 'Estructura de Datos (AGO-DIC 2026)' */
  label: string;
  /**
   * The subject's attributes: the students' ratings computed from the sheet, and the generation's ratings in the
   * chief's records (DESIGN §3: one rating per student, attribute and subject).
   */
  attributes: Array<{
    id: number;
    codigo: string | null;
    name: string;
    /** As the teacher's report names it: 'AE1 - Resolución de problemas de ingeniería'. */
    title: string;
    ratings: Map<number, number | null>;
    records: Map<number, number>;
  }>;
  /** Per attribute, the teacher's group report: 'Sobresaliente/Suficiente/Insuficiente/con datos'. */
  bandsOnScreen: Map<number, string>;
  /** Per attribute, the student's rating as the teacher's one-student report shows it. */
  studentOnScreen: Map<number, string>;
  /** Each student's final computed from the sheet. */
  finals: Map<number, number | null>;
}

/** Whether the sheet lists the students (a past group's sheet is empty once they moved on to another group). */
const hasSheet = (c: Course) => c.sheet.students.length > 0;

/** 'Sobresaliente/Suficiente/Insuficiente/total' of some ratings. */
function bandsText(values: readonly number[]): string {
  const n = (band: string) => values.filter((v) => gradeBand(v) === band).length;
  return [n('Sobresaliente'), n('Suficiente'), n('Insuficiente'), values.length].join('/');
}

async function figures(ctx: FlowContext) {
  const check = new Agreement();

  // ---------- The chief's session: the catalogues and the generation's records, asked once ----------
  const chief = await ctx.newPage(WIDE);
  await loginAs(chief.page, CHIEF.email, CHIEF.password, CHIEF.home);
  const careers = await ok<Array<{ id: number; name: string }>>(chief.page, '/mis-carreras');
  const career = careers[0]!;
  const generations = await ok<Array<{ id: number; generation_name: string }>>(chief.page, '/generations');
  const generation = generations.find((g) => g.generation_name === GENERATION)!;
  assert(generation, `the demo has the ${GENERATION} generation`);
  const users = await ok<Array<{ id: number; full_name: string; email: string; controlnumber: string }>>(
    chief.page,
    '/users?role=3',
  );
  const student = users.find((u) => u.email === STUDENT_EMAIL)!;
  assert(student, `the demo has ${STUDENT_EMAIL}`);
  const records = await ok<RatingRecord[]>(chief.page, `/reportes/flex?generation_id=${generation.id}`);
  const graded = records.filter(isGraded);
  const mine = graded.filter((r) => r.user.id === student.id);

  // ---------- The student's answers, asked first: they say which subjects and periods the student took ----------
  const password = initialPassword(student.full_name, student.controlnumber);
  const me = await ctx.newPage(WIDE);
  await loginAs(me.page, STUDENT_EMAIL, password, '/StudentDashboard');
  const dashboard = await ok<StudentDashboard>(me.page, `/alumno/${student.id}/tablero`);
  const profile = await ok<AttributeProfile>(me.page, `/alumno/${student.id}/perfil-atributos`);
  const global = await ok<{ atributos: Array<{ attribute_id: number; atributo: string; promedio: number }> }>(
    me.page,
    `/reportes/alumno/${student.id}/global`,
  );
  const took = (subjectId: number, period?: string) =>
    profile.atributos.some((a) =>
      a.subjects.some((s) => s.subject_id === subjectId && s.periods.includes(period ?? '')),
    );

  // ---------- The teacher: grade grid (finals) and the group and student reports ----------
  const teacher = await ctx.newPage(WIDE);
  await loginAs(teacher.page, TEACHER.email, TEACHER.password, TEACHER.home);
  const teacherCareers = await ok<Array<{ id: number }>>(teacher.page, '/mis-carreras');
  const assignments = await ok<TeacherAssignment[]>(
    teacher.page,
    `/profesor/materias?career_id=${teacherCareers[0]!.id}`,
  );
  const courses: Course[] = [];
  for (const assignment of assignments.filter((a) => took(a.subject_id, a.period?.period_name))) {
    const sheet = await ok<GradeSheet>(teacher.page, `/grade-sheets/${assignment.id}`);
    const ids = [...new Set(sheet.activities.flatMap((a) => a.attributes.map((x) => x.id)))];
    const attributes = ids.map((id) => {
      const a = sheet.activities.flatMap((x) => x.attributes).find((x) => x.id === id)!;
      // The generation's ratings of the attribute in the subject, as the chief's records hold them.
      const records = graded.filter((r) => r.subject_id === assignment.subject_id && r.attribute_id === id);
      return {
        id,
        codigo: a.codigo,
        name: a.attribute_name,
        title: a.codigo ? `${a.codigo} - ${a.attribute_name}` : a.attribute_name,
        ratings: new Map(sheet.students.map((s) => [s.id, sheetRating(sheet, s.id, id)])),
        records: new Map(records.map((r) => [r.user.id, r.attributerating!])),
      };
    });
    courses.push({
      assignment,
      sheet,
      label: `${assignment.subject.subject_name} (${assignment.period?.period_name})`,
      attributes,
      bandsOnScreen: new Map(),
      studentOnScreen: new Map(),
      finals: new Map(),
    });
  }
  assert(
    courses.length >= 2 && new Set(courses.map((c) => c.assignment.period_id)).size >= 2,
    `the demo teacher taught ${student.full_name} in two periods (${courses.map((c) => c.label).join(', ')})`,
  );

  for (const course of courses) {
    const { assignment, sheet, label } = course;
    // A sheet lists the students of the group now; once they moved on to another group, a past sheet has none.
    const listed = sheet.students.some((s) => s.id === student.id);
    const apiFinal = new Map(sheet.finals.map((f) => [f.user_id, f.final]));
    let shown: Map<number, string> | null = null;
    if (assignment.period?.is_active) {
      check.holds(`grade sheet of ${label}`, listed, `${student.full_name} is not listed`);
      // The grade grid: each row's Final, after the activities' columns.
      await teacher.page.goto(`/app/Ratings?asignacion=${assignment.id}`);
      const grid = teacher.page.getByRole('table', { name: 'Calificaciones por actividad' });
      await grid.locator('input').first().waitFor();
      const rows = await grid.evaluate((el) =>
        Array.from(el.querySelectorAll('tbody > tr')).map((tr) => ({
          name: (tr.querySelector('th')?.textContent ?? '').trim(),
          cells: Array.from(tr.querySelectorAll('input')).map((i) => i.value),
          final: (tr.children[tr.children.length - 2]?.textContent ?? '').replace('•', '').trim(),
        })),
      );
      shown = new Map();
      for (const s of sheet.students) {
        const row = rows.find((r) => r.name === s.full_name);
        check.holds(`grade grid of ${label}`, row !== undefined, `no row for ${s.full_name}`);
        if (!row) continue;
        shown.set(s.id, row.final);
        if (s.id === student.id) {
          // The cells of the student's row are the grades the sheet answers.
          const expected = sheet.activities.map((a) =>
            one(sheet.grades.find((g) => g.user_id === s.id && g.activity_id === a.id)?.qualification ?? null),
          );
          check.same(`${s.full_name}'s grades in the grid of ${label}`, {
            grid: row.cells.join(' | '),
            api: expected.map((v) => v ?? '').join(' | '),
          });
        }
      }
      await shot(ctx, teacher.page, 'figures-teacher-grid-1280');

      // 'Ver calificaciones' of the student: each attribute's rating in this subject.
      const row = grid
        .getByRole('row')
        .filter({ has: teacher.page.getByRole('rowheader', { name: student.full_name }) });
      await row.getByRole('button', { name: 'Ver calificaciones' }).click();
      const dialog = teacher.page.getByRole('dialog', { name: `Atributos de egreso - ${student.full_name}` });
      await dialog.waitFor();
      for (const a of course.attributes) {
        const badge = dialog.getByRole('region', { name: a.name }).getByLabel(/^Calificación del atributo /);
        const text = (await badge.getAttribute('aria-label'))?.replace('Calificación del atributo ', '');
        check.same(`${student.full_name}'s ${a.name} in ${label}, the grid's 'Ver calificaciones'`, {
          window: text,
          'computed from the sheet': one(a.ratings.get(student.id)) ?? 'S/C',
          "chief's record": one(a.records.get(student.id)) ?? 'S/C',
        });
      }
      await teacher.page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    }
    for (const s of sheet.students) {
      const computed = sheetFinal(sheet, s.id);
      course.finals.set(s.id, computed);
      check.same(`final of ${s.full_name} in ${label}`, {
        ...(shown ? { grid: shown.get(s.id) } : {}),
        api: one(apiFinal.get(s.id)) ?? 'S/C',
        computed: one(computed) ?? 'S/C',
      });
    }
  }

  // The teacher's report: the group's bands per attribute, then the student's averages.
  for (const course of courses) {
    const { assignment, label } = course;
    const scope = `subject_id=${assignment.subject_id}&group_id=${assignment.group_id}&period_id=${assignment.period_id}`;
    const group = await ok<GroupReport>(teacher.page, `/reportes/grupo?${scope}`);
    await goTo(teacher.page, '/ViewReport', 'Reporte gráfico');
    await pickOption(teacher.page, 'Materia', assignment.subject.subject_name);
    await pickOption(teacher.page, 'Grupo', `${assignment.group!.group_name} – ${assignment.period!.period_name}`);
    const bands = teacher.page.getByRole('table', { name: 'Datos de la gráfica por atributo' });
    await bands.waitFor();
    const bandRows = await rowsOf(bands);
    for (const a of course.attributes) {
      const row = bandRows.find((r) => r[0] === a.title);
      const fromApi = group.atributos.find((x) => x.attribute_id === a.id);
      const screen = row ? [row[1], row[2], row[3], row[7]].join('/') : 'no row';
      course.bandsOnScreen.set(a.id, screen);
      const sheetValues = [...a.ratings.values()].filter((v): v is number => v !== null);
      check.same(`teacher's group report, ${a.title} in ${label} (Sobresaliente/Suficiente/Insuficiente/con datos)`, {
        screen,
        api: fromApi
          ? [
              fromApi.sobresaliente,
              fromApi.suficiente,
              fromApi.insuficiente,
              fromApi.sobresaliente + fromApi.suficiente + fromApi.insuficiente,
            ].join('/')
          : 'no attribute',
        ...(hasSheet(course) ? { 'computed from the sheet': bandsText(sheetValues) } : {}),
        "chief's records": bandsText([...a.records.values()]),
      });
    }
    await shot(ctx, teacher.page, `figures-teacher-group-${assignment.subject.subject_key}-1280`);
    const offered = group.alumnos.some((s) => s.id === student.id);
    check.holds(`teacher's report of ${label}`, offered, `${student.full_name} is not among its students`);
    if (!offered) continue;
    const oneReport = await ok<StudentReport>(teacher.page, `/reportes/grupo/alumno?${scope}&user_id=${student.id}`);
    await pickOption(teacher.page, 'Alumno', student.full_name);
    const averages = teacher.page.getByRole('table', { name: 'Datos de la gráfica del alumno' });
    await averages.waitFor();
    const averageRows = await rowsOf(averages);
    for (const a of course.attributes) {
      const row = averageRows.find((r) => r[0] === a.title);
      course.studentOnScreen.set(a.id, row?.[1] ?? 'no row');
      check.same(`teacher's report of ${student.full_name}, ${a.title} in ${label}`, {
        screen: row?.[1] ?? 'no row',
        api: one(oneReport.atributos.find((x) => x.attribute_id === a.id)?.promedio ?? 0),
        ...(hasSheet(course) ? { 'computed from the sheet': one(a.ratings.get(student.id) ?? 0) } : {}),
        "chief's record": one(a.records.get(student.id) ?? 0),
      });
    }
    await shot(ctx, teacher.page, `figures-teacher-student-${assignment.subject.subject_key}-1280`);
  }
  await teacher.context.close();

  // ---------- The student: dashboard and profile ----------
  const dash = await readDashboard(me.page, student.full_name, 'table');
  await shot(ctx, me.page, 'figures-student-dashboard-1280');
  const dashAverages = new Map<number, string>();
  const averageSelect = me.page.getByRole('textbox', { name: 'Promedio por atributo' });
  for (const a of dashboard.attributes) {
    await pickOption(me.page, averageSelect, a.attribute_name);
    dashAverages.set(a.attribute_id, (await me.page.getByTestId('attribute-average').innerText()).trim());
  }

  check.same('Materias inscritas (student dashboard)', { screen: dash.enrolled, api: dashboard.enrolled_subjects });
  // 'Mis actividades' lists graded and pending activities: the counter counts its graded rows, its hint all of them.
  const pending = dash.activities.filter((a) => a.grade === 'Sin calificar');
  check.same("'Actividades calificadas' counter against its table (student dashboard)", {
    counter: dash.graded,
    'graded rows': dash.activities.length - pending.length,
    api: dashboard.graded_activities,
  });
  check.same("'de N actividades' against the rows of 'Mis actividades' (student dashboard)", {
    hint: dash.total,
    rows: dash.activities.length,
    api: dashboard.total_activities,
  });
  const unreadable = dash.activities.filter((a) => a.grade !== 'Sin calificar' && !/^\d+(\.\d)?$/.test(a.grade));
  check.holds(
    "rows of 'Mis actividades' show a grade or 'Sin calificar' (student dashboard)",
    unreadable.length === 0,
    `${unreadable.length} rows show neither (${unreadable
      .slice(0, 4)
      .map((a) => `${a.subject} · ${a.name}: ${a.grade}`)
      .join('; ')})`,
  );
  // The dashboard's rows of a subject the teacher grades now are the grid's grades of the student.
  for (const course of courses.filter((c) => c.assignment.period?.is_active)) {
    const name = course.assignment.subject.subject_name;
    for (const act of course.sheet.activities) {
      const grade = course.sheet.grades.find((g) => g.user_id === student.id && g.activity_id === act.id);
      const row = dash.activities.find((r) => r.subject === name && r.name === act.activity_name);
      if (grade?.qualification === null || grade === undefined) continue;
      check.same(`${name} · ${act.activity_name} (student dashboard vs teacher's sheet)`, {
        dashboard: row?.grade ?? 'no row',
        sheet: one(grade.qualification),
      });
    }
  }

  await goTo(me.page, '/StudentReports', 'Reportes Generales');
  const chart = me.page.getByTestId('global-chart-table');
  await chart.waitFor();
  const chartRows = await rowsOf(chart);
  await me.page.getByTestId(`profile-${profile.atributos[0]!.attribute_id}`).waitFor();
  for (const a of profile.atributos) {
    const card = me.page.getByTestId(`profile-${a.attribute_id}`);
    const heading = (await card.getByText(/^Promedio global: /).innerText()).trim();
    const subjects = await rowsOf(card.getByRole('table'));
    const fromChart = chartRows.find((r) => r[0] === a.attribute_name);
    const fromGlobal = global.atributos.find((g) => g.attribute_id === a.attribute_id)?.promedio;
    const ratings = subjects.map((r) => Number(r[2]));
    const fromRecords = mean(mine.filter((r) => r.attribute_id === a.attribute_id).map((r) => r.attributerating!));
    check.same(`${student.full_name}'s global average of ${a.attribute_name}`, {
      chart: fromChart?.[1] ?? 'no row',
      profile: heading.replace(/^Promedio global: ([\d.]+) .*$/, '$1'),
      dashboard: dashAverages.get(a.attribute_id) ?? 'not offered',
      api: one(fromGlobal),
      'mean of the profile rows': one(mean(ratings)),
      "mean of the chief's records": one(fromRecords),
    });
    check.same(`band of ${a.attribute_name} (student reports)`, {
      chart: fromChart?.[2],
      profile: heading.replace(/^.*\((.*)\)$/, '$1'),
      computed: gradeBand(Number(fromChart?.[1])),
    });
    for (const s of a.subjects) {
      const row = subjects.find((r) => r[0] === s.subject_name);
      const record = mine.find((r) => r.attribute_id === a.attribute_id && r.subject_id === s.subject_id);
      const taught = courses.find(
        (c) => c.assignment.subject_id === s.subject_id && s.periods.includes(c.assignment.period?.period_name ?? ''),
      );
      check.same(`${student.full_name}'s ${a.attribute_name} in ${s.subject_name}`, {
        profile: row?.[2] ?? 'no row',
        'profile api': one(s.rating),
        'from its activities': one(
          weighted(s.activities.map((x) => ({ value: x.qualification, weight: x.ponderation }))),
        ),
        "chief's record": one(record?.attributerating),
        ...(taught?.studentOnScreen.has(a.attribute_id)
          ? { "teacher's report": taught.studentOnScreen.get(a.attribute_id) }
          : {}),
      });
    }
  }
  // Attributes the dashboard offers without an average are those with no rating anywhere.
  for (const a of dashboard.attributes) {
    if (profile.atributos.some((p) => p.attribute_id === a.attribute_id)) continue;
    check.same(`${a.attribute_name}, not rated yet (student dashboard)`, {
      dashboard: dashAverages.get(a.attribute_id),
      expected: '—',
      "chief's records": mine.filter((r) => r.attribute_id === a.attribute_id).length ? 'has records' : '—',
    });
  }
  await shot(ctx, me.page, 'figures-student-reports-1280');

  // The dashboard at 375 px (the same session, narrowed): the same counters and the same activities, as cards.
  await me.page.setViewportSize(PHONE);
  const phone = me;
  const small = await readDashboard(phone.page, student.full_name, 'list');
  check.same('Materias inscritas at 375 px and 1280 px', { phone: small.enrolled, desktop: dash.enrolled });
  check.same('Actividades calificadas at 375 px and 1280 px', { phone: small.graded, desktop: dash.graded });
  check.same('the activities listed at 375 px and 1280 px', {
    phone: small.activities.map((a) => `${a.name}:${a.grade}`).join(', '),
    desktop: dash.activities.map((a) => `${a.name}:${a.grade}`).join(', '),
  });
  const firstAverage = (await phone.page.getByTestId('attribute-average').innerText()).trim();
  check.same('the preselected attribute average at 375 px', {
    phone: firstAverage,
    desktop: dashAverages.get(dashboard.attributes[0]!.attribute_id),
  });
  await shot(ctx, phone.page, 'figures-student-dashboard-375');
  await me.context.close();

  // ---------- The chief: division report, evidence and performance indices ----------
  const page = chief.page;
  /** Per subject and attribute, the chief's report: 'Sobresaliente/Suficiente/Insuficiente/Registros'. */
  const chiefBands = new Map<string, string>();
  await goTo(page, '/Report', 'Reportes avanzados');
  await pickOption(page, 'Generación', GENERATION);
  for (const course of courses) {
    const subject = course.assignment.subject;
    await pickOption(page, 'Materia', `${subject.subject_key} · ${subject.subject_name}`);
    await page.getByRole('button', { name: 'Consultar' }).click();
    await page.getByTestId('applied-filters').filter({ hasText: subject.subject_name }).waitFor();
    const table = page.getByRole('table', { name: 'Registros por banda de cada atributo' });
    await table.waitFor();
    const counter = async (label: string) =>
      (await page.getByText(label, { exact: true }).locator('xpath=following-sibling::*[1]').innerText()).trim();
    const api = (
      await ok<RatingRecord[]>(page, `/reportes/flex?generation_id=${generation.id}&subject_id=${subject.id}`)
    ).filter(isGraded);
    const genders = new Map(api.map((r) => [r.user.id, r.user.gender]));
    // The teacher's group report counts, per attribute, the students with a rating: one record each.
    const teacherTotals = course.attributes.map((a) => Number(course.bandsOnScreen.get(a.id)?.split('/')[3] ?? 0));
    const what = `chief's report, ${GENERATION} · ${subject.subject_name}`;
    check.same(`${what}: Registros (evaluaciones)`, {
      screen: await counter('Registros (evaluaciones)'),
      api: api.length,
      "teacher's group report": teacherTotals.reduce((x, y) => x + y, 0),
    });
    check.same(`${what}: Alumnos con datos`, {
      screen: await counter('Alumnos con datos'),
      api: genders.size,
      "teacher's group report": Math.max(0, ...teacherTotals),
    });
    check.same(`${what}: Hombres`, {
      screen: await counter('Hombres'),
      api: [...genders.values()].filter((g) => g === 1).length,
    });
    check.same(`${what}: Mujeres`, {
      screen: await counter('Mujeres'),
      api: [...genders.values()].filter((g) => g === 2).length,
    });
    const rows = await rowsOf(table);
    for (const a of course.attributes) {
      const fromApi = api.filter((r) => r.attribute_id === a.id).map((r) => r.attributerating!);
      const row = rows.find((r) => r[0] === a.name);
      const screen = row ? row.slice(1, 5).join('/') : 'no row';
      chiefBands.set(`${subject.id}:${a.id}`, screen);
      if (!fromApi.length && !row && course.bandsOnScreen.get(a.id)?.endsWith('/0')) continue;
      check.same(`${what}: ${a.name} (Sobresaliente/Suficiente/Insuficiente/Registros)`, {
        screen,
        api: bandsText(fromApi),
        "teacher's group report": course.bandsOnScreen.get(a.id),
      });
      const [sob, suf, , total] = bandsText(fromApi).split('/').map(Number);
      check.same(`${what}: ${a.name}, % Suficiente o más`, {
        screen: row?.[5],
        computed: `${(((sob! + suf!) / total!) * 100).toLocaleString('es-MX', { maximumFractionDigits: 1 })} %`,
      });
    }
    await shot(ctx, page, `figures-chief-report-${subject.subject_key}-1280`);
  }

  // The evidence: students by the band of their global average, and the share at Suficiente or above.
  const evidence = await ok<EvidenceAnswer>(
    page,
    `/reportes/evidencia?career_id=${career.id}&generation_id=${generation.id}`,
  );
  await goTo(page, '/ReportEvidence', 'Evidencia por generación');
  await pickOption(page, 'Generación', GENERATION);
  await page.getByRole('button', { name: 'Consultar' }).click();
  await page.getByRole('region', { name: 'Datos de la evidencia' }).waitFor();
  const header = await page.getByRole('region', { name: 'Datos de la evidencia' }).innerText();
  const cohort = Number(/Alumnos de la generación:\s*(\d+)/.exec(header)?.[1]);
  for (const a of evidence.attributes) {
    // Each student's global average of the attribute from the chief's records: the mean of their subject ratings.
    const byStudent = new Map<number, number[]>();
    for (const r of graded.filter((x) => x.attribute_id === a.attribute_id))
      byStudent.set(r.user.id, [...(byStudent.get(r.user.id) ?? []), r.attributerating!]);
    const averages = [...byStudent.values()].map((v) => mean(v)!);
    const count = (band: string) => averages.filter((v) => gradeBand(v) === band).length;
    const title = a.codigo ? `${a.codigo} · ${a.attribute_name}` : a.attribute_name;
    const section = page.getByRole('region', { name: title, exact: true });
    if (a.students.total === 0) {
      check.same(`evidence, ${title}: students with data`, { api: 0, records: averages.length });
      continue;
    }
    const table = section.getByRole('table', { name: `Alumnos por nivel en ${a.attribute_name}` });
    const rows = await rowsOf(table);
    const foot = await rowsOf(table, 'tfoot');
    const screenBands = rows.map((r) => r[1]).join('/');
    check.same(`evidence, ${title}: students Sobresaliente/Suficiente/Insuficiente/con datos`, {
      screen: `${screenBands}/${foot[0]?.[1]}`,
      api: [a.students.sobresaliente, a.students.suficiente, a.students.insuficiente, a.students.total].join('/'),
      "from the chief's records": [
        count('Sobresaliente'),
        count('Suficiente'),
        count('Insuficiente'),
        averages.length,
      ].join('/'),
    });
    const verdict = await section.getByText(/en Suficiente o más · Meta/).innerText();
    check.same(`evidence, ${title}: share at Suficiente or above`, {
      screen: verdict.split(' en Suficiente')[0],
      api: pct(a.verdict.share),
      computed: pct(share(count('Sobresaliente') + count('Suficiente'), averages.length)),
    });
    // The subjects the teacher taught: their records by band are those of the chief's report, with their shares.
    const subjectRows = await rowsOf(section.getByRole('table', { name: `Materias que evalúan ${a.attribute_name}` }));
    for (const course of courses) {
      const subject = course.assignment.subject;
      const reported = chiefBands.get(`${subject.id}:${a.attribute_id}`);
      if (!course.attributes.some((x) => x.id === a.attribute_id) || reported === undefined) continue;
      const row = subjectRows.find((r) => r[1] === subject.subject_name);
      const [sob, suf, ins, total] = reported.split('/').map(Number);
      const cellOf = (k: number) => `(${k}) ${pct(share(k, total!))}`;
      check.same(`evidence, ${title}: records of ${subject.subject_name}`, {
        screen: row ? [row[3], row[4], row[5], row[6]].join(' / ') : 'no row',
        "chief's report":
          reported === 'no row' ? reported : [cellOf(sob!), cellOf(suf!), cellOf(ins!), total].join(' / '),
      });
    }
  }
  await shot(ctx, page, 'figures-chief-evidence-1280');

  // A Baja undone within the active period (another student of the generation): no dropout (DESIGN §3).
  const links = await ok<Array<{ user_id: number; generation_id: number; active: number }>>(page, '/usergenerations');
  const cohortLinks = links.filter((l) => l.generation_id === generation.id);
  const other = cohortLinks.find((l) => l.user_id !== student.id && l.active === 1)!;
  for (const active of [0, 1]) {
    const res = await apiCall(page, 'PUT', `/students/${other.user_id}/status`, { active });
    assert(res.status === 200, `status ${active}: ${res.status} ${JSON.stringify(res.json)}`);
  }
  const activeNow = cohortLinks.filter((l) => l.active === 1).length;

  const indices = await ok<PerformanceAnswer>(
    page,
    `/reportes/rendimiento?career_id=${career.id}&generation_id=${generation.id}`,
  );
  await goTo(page, '/ReportPerformance', 'Índices de rendimiento');
  await pickOption(page, 'Generación', GENERATION);
  await page.getByRole('button', { name: 'Consultar' }).click();
  const indexTable = page.getByRole('table', { name: 'Índices por periodo' });
  await indexTable.waitFor();
  const summary = await page.getByRole('region', { name: 'Índices de la generación' }).innerText();
  check.same(`${GENERATION}: students of the generation`, {
    performance: /Tamaño inicial: (\d+) alumnos/.exec(summary)?.[1],
    'performance api': indices.starting_size,
    evidence: cohort,
    'evidence api': evidence.cohort_size,
    'generation links': cohortLinks.length,
  });
  const indexRows = await rowsOf(indexTable);
  indices.periods.forEach((p, i) => {
    const row = indexRows.find((r) => r[0] === p.period_name);
    check.same(`indices of ${p.period_name} (al inicio/bajas/deserción/graduados/al final)`, {
      screen: row ? row.slice(1, 6).join('/') : 'no row',
      api: [p.students_at_start, p.dropouts, pct(p.dropout_rate), p.graduations, p.students_at_end].join('/'),
    });
    // At the start = dropouts + graduations + at the end; the end is the next period's start, and after the last
    // period, the generation's Activo links now (read from the links, not from the indices).
    const end = i + 1 < indices.periods.length ? indices.periods[i + 1]!.students_at_start : activeNow;
    check.same(`indices of ${p.period_name}: students at the end`, { api: p.students_at_end, 'next start': end });
    check.same(
      `indices of ${p.period_name}: at the start = dropouts + graduations + at the end (${p.dropouts} + ${p.graduations} + ${p.students_at_end})`,
      {
        'at the start': p.students_at_start,
        'dropouts + graduations + at the end': p.dropouts + p.graduations + p.students_at_end,
      },
    );
    check.holds(`indices of ${p.period_name}: balanced`, p.balanced, 'the answer says the period does not add up');
  });
  for (const p of indices.periods) {
    const section = page.getByRole('region', { name: `Reprobación en ${p.period_name}` });
    const subjects = p.subjects.length
      ? await rowsOf(section.getByRole('table', { name: `Materias de ${p.period_name}` }))
      : [];
    for (const s of p.subjects) {
      const row = subjects.find((r) => r[1] === s.subject_name);
      const course = courses.find(
        (c) => c.assignment.subject_id === s.subject_id && c.assignment.period_id === p.period_id,
      );
      const finals =
        course && hasSheet(course) ? [...course.finals.values()].filter((f): f is number => f !== null) : null;
      check.same(`failures of ${s.subject_name} in ${p.period_name} (con final/reprobados/reprobación)`, {
        screen: row ? row.slice(2, 5).join('/') : 'no row',
        api: [s.students_with_final, s.failed, pct(s.failure_rate)].join('/'),
        ...(finals
          ? {
              "teacher's finals": [
                finals.length,
                finals.filter((f) => f < 70).length,
                pct(share(finals.filter((f) => f < 70).length, finals.length)),
              ].join('/'),
            }
          : {}),
      });
    }
    // Under 'Materias con mayor reprobación', each attribute's share is that subject's records at Suficiente or above.
    const lines = p.top_failures.length
      ? await section
          .getByText('Materias con mayor reprobación y sus atributos')
          .locator('xpath=following-sibling::*')
          .allInnerTexts()
      : [];
    for (const s of p.top_failures) {
      const line = lines.find((l) => l.startsWith(`${s.subject_name} (`)) ?? 'no line';
      for (const a of s.attributes) {
        const values = graded
          .filter((r) => r.subject_id === s.subject_id && r.attribute_id === a.attribute_id)
          .map((r) => r.attributerating!);
        // The code, or the name of an uncoded attribute; a shared one reads '… (compartido)'.
        const code = attributeDisplayName(a.codigo ?? a.attribute_name, a.shared);
        const label = code.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        const screen = new RegExp(`${label} ([\\d.]+ %|sin calificaciones)`).exec(line)?.[1];
        check.same(`top failures of ${p.period_name}: ${s.subject_name}, ${code} at Suficiente or above`, {
          screen: screen ?? 'not shown',
          api: a.share === null ? 'sin calificaciones' : pct(a.share),
          "the subject's records": values.length
            ? pct(share(values.filter((v) => v >= 70).length, values.length))
            : 'sin calificaciones',
        });
      }
    }
  }
  await shot(ctx, page, 'figures-chief-performance-1280');
  await chief.context.close();

  console.log(`    (${check.checked} figures compared, ${check.problems.length} disagreements)`);
  assert(
    check.problems.length === 0,
    `${check.problems.length} figures disagree:\n      - ${check.problems.join('\n      - ')}`,
  );
}

/** The dashboard's counters and its activities, from the table (1280 px) or the cards (375 px). */
async function readDashboard(page: Page, name: string, as: 'table' | 'list') {
  await goTo(page, '/StudentDashboard', `¡Hola, ${name}!`);
  // A counter's figures: its value, then its hint's ('Actividades calificadas 35 de 39 actividades').
  const numbers = async (label: string) =>
    ((await page.getByRole('link', { name: new RegExp(`^${label}`) }).innerText()).match(/\d+/g) ?? []).map(Number);
  const counter = async (label: string) => (await numbers(label))[0] ?? NaN;
  let activities: Array<{ name: string; subject: string; grade: string }>;
  if (as === 'table') {
    const table = page.getByRole('table', { name: 'Mis actividades' });
    await table.waitFor();
    activities = (await rowsOf(table)).map((r) => ({ name: r[0]!, subject: r[2]!, grade: r[3]! }));
  } else {
    const list = page.getByRole('list', { name: 'Mis actividades' });
    await list.waitFor();
    const cards = await list.evaluate((el) =>
      Array.from(el.querySelectorAll('[role="listitem"]')).map((card) =>
        Array.from(card.children).map((c) => (c.textContent ?? '').trim()),
      ),
    );
    const field = (lines: string[], label: string) =>
      lines
        .find((l) => l.startsWith(`${label}:`))
        ?.slice(label.length + 1)
        .trim() ?? '';
    activities = cards.map((lines) => ({
      name: lines[0] ?? '',
      subject: field(lines, 'Materia'),
      grade: field(lines, 'Calificación'),
    }));
  }
  return {
    enrolled: await counter('Materias inscritas'),
    graded: await counter('Actividades calificadas'),
    total: (await numbers('Actividades calificadas'))[1] ?? 0,
    activities,
  };
}

export const flows: Flow[] = [
  {
    name: "figures: one student's and one generation's figures agree on every screen, with the API and the grades",
    // Compares the screens with the rows: another flow's grades would move the figures between the two reads.
    alone: true,
    run: figures,
  },
];

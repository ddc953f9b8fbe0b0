import type { PerformanceAnswer, PeriodsPage } from '@egreso/domain';
import type { Page } from 'playwright-core';
import { assert, loginAs, type Flow, type FlowContext } from '../harness.js';
import { closeResult, pickOption } from './shared.js';

const ADMIN = { email: 'admin@demo.edu.mx', password: 'admin1234' };
const CHIEF = { email: 'jefe.sistemas@demo.edu.mx', password: 'jefe1234' };
const LAPTOP = { width: 1280, height: 900 };
const OWN_PASSWORD = 'Marea-lluvia-2026-tilde';
/** Within the cache's 30 s freshness: a screen that was not invalidated would still show its old answer. */
const AT_ONCE = { timeout: 6000 };

type Api = <T>(method: string, path: string, body?: unknown) => Promise<T>;

/** Calls the API from the test (not the page, whose cache is what is under test) with a token. */
function client(ctx: FlowContext, token: string): Api {
  return async <T>(method: string, path: string, body?: unknown) => {
    const res = await fetch(`${ctx.baseUrl}/api${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json().catch(() => null)) as T;
    assert(res.ok, `${method} ${path} → ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
}

async function signIn(ctx: FlowContext, account: { email: string; password: string }): Promise<string> {
  const res = await fetch(`${ctx.baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(account),
  });
  assert(res.ok, `sign-in of ${account.email}: ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}

/** Signs in with the one-time password, sets the account's own (a first sign-in allows nothing else) and signs in again. */
async function firstSignIn(ctx: FlowContext, email: string, created: { id: number; initial_password: string }) {
  const first = client(ctx, await signIn(ctx, { email, password: created.initial_password }));
  await first('POST', `/users/${created.id}/password`, {
    current_password: created.initial_password,
    password: OWN_PASSWORD,
    password_confirmation: OWN_PASSWORD,
  });
  return client(ctx, await signIn(ctx, { email, password: OWN_PASSWORD }));
}

/**
 * The flow's own data, beside the demo's: a generation whose name no other has, a career attribute, a subject on it,
 * two groups, a teacher of the subject in both, and two students of the generation in the first group with a grade
 * each on an activity of the attribute (80 and 60: half of them at Suficiente or more).
 */
async function ownData(ctx: FlowContext) {
  const tag = String(Date.now()).slice(-6);
  const admin = client(ctx, await signIn(ctx, ADMIN));
  const chief = client(ctx, await signIn(ctx, CHIEF));
  const active = (await chief<PeriodsPage>('GET', '/periods?is_active=1&per_page=1')).data[0]!;
  // Starting on or before the active period, ending six years later: its name ('2025-2031') is its own.
  let generation: { id: number; generation_name: string } | undefined;
  for (let back = Number(tag) % 200; !generation; back++) {
    const start = new Date(Date.parse(`${active.start_date}T00:00:00Z`) - back * 86_400_000).toISOString();
    const end = `${Number(start.slice(0, 4)) + 6}-07-31`;
    generation = await admin<{ id: number; generation_name: string }>('POST', '/generations', {
      start_date: start.slice(0, 10),
      end_date: end,
    }).catch(() => undefined);
  }
  const [career] = await chief<Array<{ id: number }>>('GET', '/mis-carreras');
  const attribute = await chief<{ id: number; attribute_name: string }>('POST', '/attributes', {
    attribute_name: `Frescura ${tag}`,
    description: 'Atributo de la prueba de frescura',
    career_id: career!.id,
  });
  const subject = await chief<{ id: number; subject_name: string }>('POST', '/subjects', {
    subject_name: `Frescura ${tag}`,
    subject_key: `FR-${tag}`,
    theory_credits: 2,
    practice_credits: 2,
    semesters: [1],
    careers: [career!.id],
    attributes: [{ id: attribute.id, knowledge_level: 'I' }],
  });
  const groups = [];
  for (const suffix of ['A', 'B'])
    groups.push(
      await chief<{ id: number; group_name: string }>('POST', '/groups', {
        group_name: `F${tag}${suffix}`,
        semester_id: 1,
      }),
    );
  const teacherEmail = `frescura.${tag}@demo.edu.mx`;
  const created = await chief<{ id: number; initial_password: string }>('POST', '/users', {
    full_name: `Profesora Frescura ${tag}`,
    controlnumber: `FP${tag}`,
    email: teacherEmail,
    gender: 2,
    role: 2,
  });
  const teacher = await firstSignIn(ctx, teacherEmail, created);
  const assignments = [];
  for (const g of groups)
    assignments.push(
      await chief<{ id: number }>('POST', '/professorsubjects', {
        user_id: created.id,
        subject_id: subject.id,
        group_id: g.id,
      }),
    );
  const students = [];
  for (const n of [1, 2]) {
    const s = await chief<{ id: number; full_name: string; email: string; initial_password: string }>(
      'POST',
      '/users',
      {
        full_name: `Alumna Frescura ${tag} ${n}`,
        controlnumber: `FA${tag}${n}`,
        email: `alumna.frescura.${tag}.${n}@demo.edu.mx`,
        gender: 2,
        role: 3,
      },
    );
    await chief('POST', '/usergroups', { user_id: s.id, group_id: groups[0]!.id });
    await chief('POST', '/usergenerations', {
      user_id: s.id,
      generation_id: generation.id,
      active: 1,
      current_semester_id: 1,
    });
    // The student enrols in the subject (only a student enrols, and only themselves).
    const student = await firstSignIn(ctx, s.email, s);
    await student('POST', '/alumno/inscribir', {
      user_id: s.id,
      subject_id: subject.id,
      semester_id: 1,
      group_id: groups[0]!.id,
    });
    students.push(s);
  }
  const saved = await teacher<{ activities: Array<{ id: number }> }>('POST', '/activities/bulk-upsert', {
    professor_subject_id: assignments[0]!.id,
    activities: [{ activity_name: 'Proyecto', ponderation: 100, attribute_ids: [attribute.id] }],
  });
  await teacher('POST', '/profesor/calificar/actividades/batch', {
    calificaciones: students.map((s, i) => ({
      user_id: s.id,
      activity_id: saved.activities[0]!.id,
      qualification: [80, 60][i],
    })),
  });
  return { active, generation, attribute, subject, groups, students, teacherEmail, chief };
}

/**
 * Moves inside the single-page app (no document load, so its query cache stays as it is). The router keeps the
 * previous screen on view while the next one's chunk loads, so with `heading` it waits for the new screen's title.
 */
async function spaGo(page: Page, path: string, heading?: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', `/app${to}`);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  if (heading) await page.getByRole('heading', { name: heading, exact: true }).first().waitFor();
}

/** Marks the document; `sameDocument` then proves no reload happened in between. */
const markDocument = (page: Page) => page.evaluate(() => ((window as unknown as { spa: number }).spa = 1));
async function sameDocument(page: Page) {
  assert((await page.evaluate(() => (window as unknown as { spa?: number }).spa)) === 1, 'the page was reloaded');
}

async function consult(page: Page, generationName: string) {
  await pickOption(page, 'Generación', generationName);
  await page.getByRole('button', { name: 'Consultar' }).click();
}

/**
 * Each write a screen used to miss, made in the UI, and the screen that reads it showing the change at once, in the
 * same single-page session: targets → the evidence's verdict; a student's status → the performance indices; a new
 * rubric with a criterion → another assignment's copy sources.
 */
async function freshness(ctx: FlowContext) {
  const data = await ownData(ctx);
  const { page, context } = await ctx.newPage(LAPTOP);
  try {
    await loginAs(page, CHIEF.email, CHIEF.password, '/DivisionChiefDashboard');
    await markDocument(page);

    // Targets → the evidence's verdict.
    await spaGo(page, '/ReportEvidence', 'Evidencia por generación');
    await consult(page, data.generation.generation_name);
    const section = page.getByRole('region', { name: new RegExp(data.attribute.attribute_name) });
    await section.getByText('50.0 % en Suficiente o más · Meta: 70 %', { exact: false }).waitFor();
    await spaGo(page, '/ReportTargets', 'Metas por atributo');
    const target = page.getByLabel(`Meta de ${data.attribute.attribute_name}`);
    await target.fill('40');
    await page.getByRole('button', { name: 'Guardar metas' }).click();
    await page.getByText('Metas guardadas correctamente.').waitFor();
    await closeResult(page);
    await spaGo(page, '/ReportEvidence', 'Evidencia por generación');
    await consult(page, data.generation.generation_name);
    await section.getByText('50.0 % en Suficiente o más · Meta: 40 %', { exact: false }).waitFor(AT_ONCE);
    await ctx.screenshot(page, 'freshness-evidence-1280');

    // A student's status → the performance indices (they read the status history).
    await spaGo(page, '/ReportPerformance', 'Índices de rendimiento');
    await consult(page, data.generation.generation_name);
    const indices = page.getByRole('table', { name: 'Índices por periodo' });
    const periodRow = indices.getByRole('row').filter({ hasText: data.active.period_name });
    await periodRow.waitFor();
    const before = await periodRow.innerText();
    await spaGo(page, '/Students', 'Alta de alumnos');
    const [student] = data.students;
    // The search is debounced: the list is asked for again and redrawn after typing. The status is picked once the
    // searched list is on screen, or the redraw could take the select away from under the pick.
    const searched = page.waitForResponse((r) => r.url().includes('/api/users?') && r.url().includes('search='));
    await page.getByLabel('Buscar alumno').fill(student!.full_name);
    await searched;
    await page.getByRole('textbox', { name: `Estatus de ${student!.full_name}` }).waitFor();
    await pickOption(page, page.getByRole('textbox', { name: `Estatus de ${student!.full_name}` }), 'Baja');
    await closeResult(page);
    await spaGo(page, '/ReportPerformance', 'Índices de rendimiento');
    await consult(page, data.generation.generation_name);
    const expected = (
      await data.chief<PerformanceAnswer>(
        'GET',
        `/reportes/rendimiento?career_id=${1}&generation_id=${data.generation.id}`,
      )
    ).periods.find((p) => p.period_name === data.active.period_name)!;
    assert(expected.dropouts === 1, `the API counts the Baja: ${JSON.stringify(expected)}`);
    // The row's visible text, cells apart, until it shows the API's rate (a locator's text filter reads the cells run
    // together, so it cannot tell the old row from the new one).
    const rate = expected.dropout_rate.toFixed(1);
    assert(!before.includes(rate), `the rate before the Baja differs from after: ${before}, ${rate}`);
    const deadline = Date.now() + AT_ONCE.timeout;
    let after = await periodRow.innerText();
    while (!after.includes(rate) && Date.now() < deadline) {
      await page.waitForTimeout(100);
      after = await periodRow.innerText();
    }
    assert(after.includes(rate), `the indices show the Baja: ${before} → ${after}`);
    await ctx.screenshot(page, 'freshness-performance-1280');
    await sameDocument(page);
  } finally {
    await context.close();
  }

  // A new rubric with a criterion → the copy sources of the teacher's other group.
  const teacher = await ctx.newPage(LAPTOP);
  try {
    await loginAs(teacher.page, data.teacherEmail, OWN_PASSWORD, '/TeacherDashboard');
    const p = teacher.page;
    await markDocument(p);
    const label = (g: { group_name: string }) =>
      `${data.subject.subject_name} – ${g.group_name} – ${data.active.period_name}`;
    await spaGo(p, '/Criteria');
    await pickOption(p, 'Materia', label(data.groups[1]!));
    await p.getByRole('button', { name: 'Copiar de otra asignación' }).click();
    const copy = p.getByRole('dialog', { name: 'Copiar rúbrica de otra asignación' });
    await copy.getByText('No tienes otra asignación de esta materia con rúbrica para copiar.').waitFor();
    await p.keyboard.press('Escape');
    await copy.waitFor({ state: 'detached' });

    await pickOption(p, 'Materia', label(data.groups[0]!));
    await p
      .getByRole('button', { name: /^Agregar criterio a / })
      .first()
      .click();
    const form = p.getByRole('dialog', { name: 'Agregar criterio' });
    await form.getByLabel('Criterio').fill('entrega completa');
    await form.getByLabel('Peso (%)').fill('100');
    await form.getByRole('button', { name: 'Guardar' }).click();
    await p.getByRole('dialog', { name: 'Confirmación' }).getByRole('button', { name: 'Guardar' }).click();
    await p.getByRole('dialog', { name: 'Éxito' }).waitFor({ state: 'detached' });

    await pickOption(p, 'Materia', label(data.groups[1]!));
    await p.getByRole('button', { name: 'Copiar de otra asignación' }).click();
    await copy.getByRole('textbox', { name: 'Copiar de' }).waitFor(AT_ONCE);
    await ctx.screenshot(p, 'freshness-copy-sources-1280');
    await sameDocument(p);
  } finally {
    await teacher.context.close();
  }
}

export const flows: Flow[] = [
  {
    name: 'freshness: targets, a status change and a new rubric show at once on the screens that read them',
    run: freshness,
  },
];

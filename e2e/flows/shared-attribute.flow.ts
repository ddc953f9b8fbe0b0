import type { EvidenceAnswer, GradeSheet, PerformanceAnswer, RatingRecord, TeacherAssignment } from '@egreso/domain';
import { DESKTOP, PHONE, assert, loginAs, type Flow, type FlowContext } from '../harness.js';
import { apiCall, closeResult, pickOption, settle } from './shared.js';

const CHIEF = { email: 'jefe.sistemas@demo.edu.mx', password: 'jefe1234' };
const TEACHER = { email: 'laura.mendoza@demo.edu.mx', password: 'profe1234' };
const NAME = 'Ética en la práctica profesional';
const SHARED = `${NAME} (compartido)`;
/** Grades on the attribute's activity: two of seven under 70 (28.6 %), so it is critical (25 % or more). */
const GRADES = [95, 60, 75, 85, 50, 92, 71];

interface Subject {
  id: number;
  subject_name: string;
  subject_key: string;
  theory_credits: number;
  practice_credits: number;
  prerequisites: Array<{ id: number }>;
  semesters: Array<{ semester?: number; id?: number } | number>;
  careers: Array<{ id: number }>;
  attributes: Array<{ id: number; knowledge_level: string }>;
}

/**
 * An attribute with no career, created on the chief's Attributes screen with just a name and a description, linked
 * to a subject and graded: it counts, labelled as shared, in the division report, the evidence (which offers an
 * improvement action, since it is critical) and the curriculum map; the performance indices list it after the coded
 * attributes. At 1280 px with a mouse, then the evidence on a phone by touch.
 */
async function sharedAttribute(ctx: FlowContext) {
  const { page, context } = await ctx.newPage(DESKTOP);
  try {
    await loginAs(page, CHIEF.email, CHIEF.password, '/DivisionChiefDashboard');
    await page.goto('/app/Attributes');
    await page.getByLabel(/^Nombre del atributo/).fill(NAME);
    await page.getByLabel(/^Descripción/).fill('Actúa con ética en su ejercicio profesional.');
    await page.getByRole('button', { name: 'Registrar atributo' }).click();
    await closeResult(page);
    await page
      .getByRole('row')
      .filter({ hasText: NAME })
      .filter({ hasText: 'Compartido por todas las carreras' })
      .waitFor();
    const attributes = (await apiCall(page, 'GET', '/attributes')).json as Array<{
      id: number;
      attribute_name: string;
      career_id: number | null;
    }>;
    const created = attributes.find((a) => a.attribute_name === NAME);
    assert(created && created.career_id === null, `created with no career: ${JSON.stringify(created)}`);

    // The teacher's current group of a subject; the chief links the attribute to that subject.
    const { page: teacher, context: teacherContext } = await ctx.newPage(DESKTOP);
    await loginAs(teacher, TEACHER.email, TEACHER.password, '/TeacherDashboard');
    const mine = (await apiCall(teacher, 'GET', '/profesor/materias?current=true')).json as TeacherAssignment[];
    const assignment = mine.find((a) => a.group)!;
    const subject = (await apiCall(page, 'GET', `/subjects/${assignment.subject.id}`)).json as Subject;
    const linked = await apiCall(page, 'PUT', `/subjects/${subject.id}`, {
      subject_name: subject.subject_name,
      subject_key: subject.subject_key,
      theory_credits: subject.theory_credits,
      practice_credits: subject.practice_credits,
      prerequisites: subject.prerequisites.map((p) => p.id),
      semesters: subject.semesters.map((s) => (typeof s === 'number' ? s : (s.semester ?? s.id))),
      careers: subject.careers.map((c) => c.id),
      attributes: [
        ...subject.attributes.map((a) => ({ id: a.id, knowledge_level: a.knowledge_level })),
        { id: created.id, knowledge_level: 'M' },
      ],
    });
    assert(linked.status === 200, `the subject works the attribute: ${linked.status} ${JSON.stringify(linked.json)}`);
    const activities = (await apiCall(teacher, 'GET', `/activities?professor_subject_id=${assignment.id}`))
      .json as Array<{
      id: number;
      activity_name: string;
      ponderation: number;
      type_activity: string | null;
      evaluation_instrument: string | null;
      attributes: Array<{ id: number }>;
    }>;
    const upsert = await apiCall(teacher, 'POST', '/activities/bulk-upsert', {
      professor_subject_id: assignment.id,
      activities: [
        ...activities.map((a) => ({
          id: a.id,
          activity_name: a.activity_name,
          ponderation: a.ponderation,
          type_activity: a.type_activity,
          evaluation_instrument: a.evaluation_instrument,
          attribute_ids: a.attributes.map((x) => x.id),
        })),
        { activity_name: 'Caso ético', ponderation: 10, attribute_ids: [created.id] },
      ],
    });
    assert(upsert.status === 200, `an activity on the attribute: ${upsert.status} ${JSON.stringify(upsert.json)}`);
    const sheet = (await apiCall(teacher, 'GET', `/grade-sheets/${assignment.id}`)).json as GradeSheet;
    const activity = sheet.activities.find((a) => a.activity_name === 'Caso ético')!;
    const saved = await apiCall(teacher, 'POST', '/profesor/calificar/actividades/batch', {
      calificaciones: sheet.students.map((s, i) => ({
        user_id: s.id,
        activity_id: activity.id,
        qualification: GRADES[i % GRADES.length],
        version: 0,
      })),
    });
    assert(saved.status === 200, `grades saved: ${saved.status}`);
    await teacherContext.close();

    // The generation whose records hold the attribute, and what the division report must count.
    const generations = (await apiCall(page, 'GET', '/generations')).json as Array<{
      id: number;
      generation_name: string;
    }>;
    let found: { id: number; generation_name: string; records: RatingRecord[] } | undefined;
    for (const g of generations) {
      const records = (
        (await apiCall(page, 'GET', `/reportes/flex?generation_id=${g.id}&subject_id=${subject.id}`))
          .json as RatingRecord[]
      ).filter((r) => r.attribute_id === created.id);
      if (records.length) found = { ...g, records };
    }
    assert(found, 'a generation with records of the shared attribute');
    const bands = [90, 70, 0].map(
      (low, i, all) =>
        found.records.filter((r) => r.attributerating >= low && (i === 0 || r.attributerating < all[i - 1]!)).length,
    );

    await page.goto('/app/Report');
    await pickOption(page, 'Generación', found.generation_name);
    await pickOption(page, 'Materia', `${subject.subject_key} · ${subject.subject_name}`);
    await page.getByRole('button', { name: 'Consultar' }).click();
    const row = page.getByRole('row').filter({ hasText: SHARED });
    await row.waitFor();
    const cells = (await row.getByRole('cell').allInnerTexts()).map((t) => t.trim());
    assert(
      cells.slice(1, 5).join(',') === [...bands, found.records.length].join(','),
      `the report counts the shared attribute as its records: ${cells.join(' | ')} vs ${bands.join(',')}`,
    );

    await page.goto('/app/ReportEvidence');
    await pickOption(page, 'Generación', found.generation_name);
    await page.getByRole('button', { name: 'Consultar' }).click();
    const evidence = (
      await apiCall(page, 'GET', `/reportes/evidencia?career_id=${subject.careers[0]!.id}&generation_id=${found.id}`)
    ).json as EvidenceAnswer;
    const listed = evidence.attributes.map((a) => a.codigo ?? a.attribute_name);
    // Other flows may have added attributes without a code of their own: the shared one is among those, after every
    // coded attribute.
    const uncoded = evidence.attributes.findIndex((a) => !a.codigo);
    assert(
      uncoded >= 0 &&
        evidence.attributes.slice(uncoded).every((a) => !a.codigo) &&
        evidence.attributes.slice(uncoded).some((a) => a.attribute_name === NAME),
      `the evidence lists coded attributes first, then the shared one: ${listed.join(', ')}`,
    );
    const section = page.getByRole('heading', { name: SHARED }).locator('xpath=ancestor::section[1]');
    await section.getByRole('button', { name: 'Registrar acción de mejora' }).waitFor();
    await settle(page);
    await ctx.screenshot(page, 'shared-attribute-evidence-1280');

    await page.goto('/app/CurriculumMap');
    await page.getByText(SHARED).first().waitFor();

    const indices = (
      await apiCall(page, 'GET', `/reportes/rendimiento?generation_id=${found.id}&career_id=${subject.careers[0]!.id}`)
    ).json as PerformanceAnswer;
    for (const p of indices.periods)
      for (const f of p.top_failures) {
        const codes = f.attributes.map((a) => a.codigo);
        const firstUncoded = codes.indexOf(null);
        assert(
          firstUncoded === -1 || codes.slice(firstUncoded).every((c) => c === null),
          `${f.subject_name} lists coded attributes first: ${codes.join(', ')}`,
        );
      }

    // A phone, by touch: the evidence still names it as shared and fits the screen.
    const phone = await ctx.browser.newContext({
      viewport: PHONE,
      baseURL: ctx.baseUrl,
      locale: 'es-MX',
      isMobile: true,
      hasTouch: true,
    });
    phone.setDefaultTimeout(15_000);
    try {
      const p = await phone.newPage();
      await loginAs(p, CHIEF.email, CHIEF.password, '/DivisionChiefDashboard');
      await p.goto('/app/ReportEvidence');
      await pickOption(p, 'Generación', found.generation_name);
      await p.getByRole('button', { name: 'Consultar' }).tap();
      await p.getByRole('heading', { name: SHARED }).waitFor();
      const width = await p.evaluate(() => document.documentElement.scrollWidth);
      assert(width <= PHONE.width, `the evidence fits 375 px: ${width}`);
      await settle(p);
      await ctx.screenshot(p, 'shared-attribute-evidence-375');
    } finally {
      await phone.close();
    }
  } finally {
    await context.close();
  }
}

export const flows: Flow[] = [
  {
    name: 'shared attribute: created with no career, linked and graded, it counts as shared in the report, evidence, map and indices',
    // A shared attribute counts in every career's report, evidence, map and indices.
    alone: true,
    run: sharedAttribute,
  },
];

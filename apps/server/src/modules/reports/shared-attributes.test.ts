import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ROLE,
  SHARED_ATTRIBUTE_CAREER,
  type Attribute,
  type CurriculumMapAnswer,
  type EvidenceAnswer,
  type ImprovementAction,
  type PerformanceAnswer,
  type RatingRecord,
  type TargetsAnswer,
} from '@egreso/domain';
import { nowIso } from '../../lib/time.js';
import {
  makeActivity,
  makeAssignment,
  makeAttribute,
  makeCareer,
  makeGeneration,
  makePeriod,
  makeSubject,
} from '../../test/factories.js';
import { as, createUser, useTestApp, type TestUser } from '../../test/harness.js';

const ctx = useTestApp();

/*
 * Careers A and B share 'Ética profesional', an attribute created as the Attributes screen creates it (a name and a
 * description, no career). Each has an attribute of its own. Subject S (both careers) works the three at level I; its
 * activity in P1 is linked to all three. Generation G: Ana (A) 90, Beto (B) 60, Ciro (no career yet) 80, Dora (A,
 * another generation) 100.
 */
let admin: TestUser;
let chiefA: TestUser;
let chiefB: TestUser;
const ids = { a: 0, b: 0, g: 0, shared: 0, ownA: 0, ownB: 0, s: 0, p1: 0, p2: 0, ana: 0, beto: 0, ciro: 0 };

beforeAll(async () => {
  const c = ctx();
  const db = c.database.db;
  const now = nowIso();
  admin = await createUser(c, ROLE.ADMIN);
  chiefA = await createUser(c, ROLE.CHIEF);
  chiefB = await createUser(c, ROLE.CHIEF);
  ids.a = (await makeCareer(c, { career_key: 'ISC', name: 'Ingeniería en Sistemas' })).id;
  ids.b = (await makeCareer(c, { career_key: 'IC', name: 'Ingeniería Civil' })).id;
  await db
    .insertInto('user_careers')
    .values([
      { user_id: chiefA.id, career_id: ids.a },
      { user_id: chiefB.id, career_id: ids.b },
    ])
    .execute();
  const created = await as(c, chiefA, {
    method: 'POST',
    url: '/api/attributes',
    payload: { attribute_name: 'Ética profesional', description: 'Actúa con ética en su ejercicio profesional.' },
  });
  expect(created.statusCode, created.body).toBe(201);
  const shared = created.json() as Attribute;
  expect(shared.career_id).toBeNull();
  ids.shared = shared.id;
  ids.ownA = (await makeAttribute(c, { attribute_name: 'Análisis de sistemas', career_id: ids.a })).id;
  ids.ownB = (await makeAttribute(c, { attribute_name: 'Cálculo estructural', career_id: ids.b })).id;
  ids.s = (
    await makeSubject(c, {
      subject_name: 'Ética y sociedad',
      careers: [ids.a, ids.b],
      attributes: [ids.shared, ids.ownA, ids.ownB],
    })
  ).id;
  ids.g = (await makeGeneration(c, '2030-08-01')).id;
  const g2 = (await makeGeneration(c, '2031-08-01')).id;
  ids.p1 = (await makePeriod(c, { period_name: 'ENE-JUN 2031', start_date: '2031-01-20', end_date: '2031-06-10' })).id;
  ids.p2 = (
    await makePeriod(c, { period_name: 'AGO-DIC 2031', start_date: '2031-08-10', end_date: '2031-12-10', is_active: 1 })
  ).id;
  const ps = await makeAssignment(c, { subject_id: ids.s, period_id: ids.p1 });
  const act = (await makeActivity(c, ps.id, [ids.shared, ids.ownA, ids.ownB])).id;
  const enrol = async (name: string, gender: number, generation: number, career: number | null) => {
    const u = await createUser(c, ROLE.STUDENT, { full_name: name, gender });
    await db
      .insertInto('user_generations')
      .values({
        user_id: u.id,
        generation_id: generation,
        current_semester_id: 3,
        active: 1,
        created_at: now,
        updated_at: now,
      })
      .execute();
    if (career !== null) await db.insertInto('user_careers').values({ user_id: u.id, career_id: career }).execute();
    return u.id;
  };
  ids.ana = await enrol('Ana', 2, ids.g, ids.a);
  ids.beto = await enrol('Beto', 1, ids.g, ids.b);
  ids.ciro = await enrol('Ciro', 1, ids.g, null);
  const dora = await enrol('Dora', 2, g2, ids.a);
  const grade = (user_id: number, qualification: number) => ({
    user_id,
    activity_id: act,
    qualification,
    updated_by: null,
    updated_at: now,
  });
  await db
    .insertInto('user_activities')
    .values([grade(ids.ana, 90), grade(ids.beto, 60), grade(ids.ciro, 80), grade(dora, 100)])
    .execute();
});

const get = async <T>(user: TestUser, url: string): Promise<T> => {
  const res = await as(ctx(), user, { method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
};
/** The records as [attribute, student, rating], in the answer's order. */
const flex = async (user: TestUser, qs = '') =>
  (await get<RatingRecord[]>(user, `/api/reportes/flex?generation_id=${ids.g}&subject_id=${ids.s}${qs}`)).map((r) => [
    r.attribute_id,
    r.attribute.career_id,
    r.user.id,
    r.attributerating,
  ]);

describe('an attribute with no career (shared) in the division report', () => {
  it("counts for each chief's career students, the student without a career for every chief", async () => {
    // Attributes in their order (no code: by name): Análisis (A), Cálculo (B), Ética (shared); then students by id.
    expect(await flex(chiefA)).toEqual([
      [ids.ownA, ids.a, ids.ana, 90],
      [ids.ownA, ids.a, ids.ciro, 80],
      [ids.shared, null, ids.ana, 90],
      [ids.shared, null, ids.ciro, 80],
    ]);
    expect(await flex(chiefB)).toEqual([
      [ids.ownB, ids.b, ids.beto, 60],
      [ids.ownB, ids.b, ids.ciro, 80],
      [ids.shared, null, ids.beto, 60],
      [ids.shared, null, ids.ciro, 80],
    ]);
    // The administrator (every career): each student once in the shared attribute, in a career's own attribute when
    // linked to that career or to none.
    expect(await flex(admin)).toEqual([
      [ids.ownA, ids.a, ids.ana, 90],
      [ids.ownA, ids.a, ids.ciro, 80],
      [ids.ownB, ids.b, ids.beto, 60],
      [ids.ownB, ids.b, ids.ciro, 80],
      [ids.shared, null, ids.ana, 90],
      [ids.shared, null, ids.beto, 60],
      [ids.shared, null, ids.ciro, 80],
    ]);
    expect(await flex(admin, `&career_id=${ids.a}&attribute_id=${ids.shared}`)).toEqual([
      [ids.shared, null, ids.ana, 90],
      [ids.shared, null, ids.ciro, 80],
    ]);
  });

  it('once the student is linked to a career, only that career counts them', async () => {
    const db = ctx().database.db;
    await db.insertInto('user_careers').values({ user_id: ids.ciro, career_id: ids.b }).execute();
    try {
      expect((await flex(chiefA)).map((r) => r[2])).toEqual([ids.ana, ids.ana]);
      expect((await flex(chiefB)).map((r) => r[2])).toEqual([ids.beto, ids.ciro, ids.beto, ids.ciro]);
    } finally {
      await db.deleteFrom('user_careers').where('user_id', '=', ids.ciro).execute();
    }
  });

  it("sums the shared attribute up for every career's students, labelled '(compartido)'", async () => {
    type Summary = { students: number; attributes: Array<{ attribute_id: number; label: string; students: number }> };
    const url = `/api/reportes/flex/resumen?generation_id=${ids.g}&subject_id=${ids.s}`;
    const row = (a: Summary['attributes'][number]) => [a.attribute_id, a.label, a.students];
    const a = await get<Summary>(chiefA, url);
    expect([a.students, a.attributes.map(row)]).toEqual([
      2,
      [
        [ids.ownA, 'Análisis de sistemas', 2],
        [ids.shared, 'Ética profesional (compartido)', 2],
      ],
    ]);
    const b = await get<Summary>(chiefB, url);
    expect(b.attributes.map(row)).toEqual([
      [ids.ownB, 'Cálculo estructural', 2],
      [ids.shared, 'Ética profesional (compartido)', 2],
    ]);
    // Every career: each student once in the shared attribute, which has no career key to add.
    const all = await get<Summary>(admin, url);
    expect([all.students, all.attributes.map(row)]).toEqual([
      3,
      [
        [ids.ownA, 'Análisis de sistemas (ISC)', 2],
        [ids.ownB, 'Cálculo estructural (IC)', 2],
        [ids.shared, 'Ética profesional (compartido)', 3],
      ],
    ]);
  });

  it('exports the shared attribute with its label, in the summary and the records', async () => {
    const res = await as(ctx(), chiefA, {
      method: 'GET',
      url: `/api/reportes/flex/export?generation_id=${ids.g}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows = (name: string) => {
      const out: unknown[][] = [];
      wb.getWorksheet(name)!.eachRow((row) => out.push((row.values as unknown[]).slice(1)));
      return out.slice(1);
    };
    expect(rows('Resumen').map((r) => [r[0], r[1], r[2], r.at(-1)])).toEqual([
      ['Análisis de sistemas', 2, 2, 'Ingeniería en Sistemas'],
      ['Ética profesional (compartido)', 2, 2, SHARED_ATTRIBUTE_CAREER],
    ]);
    // Students by name (Ana, Ciro), then subject, then attribute.
    expect(rows('Calificaciones').map((r) => [r[1], r[5], r[6], r[7]])).toEqual([
      ['Ana', 'Análisis de sistemas', 'Ingeniería en Sistemas', 90],
      ['Ana', 'Ética profesional (compartido)', SHARED_ATTRIBUTE_CAREER, 90],
      ['Ciro', 'Análisis de sistemas', 'Ingeniería en Sistemas', 80],
      ['Ciro', 'Ética profesional (compartido)', SHARED_ATTRIBUTE_CAREER, 80],
    ]);
    // The career column is as wide as its longest value (33 characters, more than the former fixed 30).
    expect(wb.getWorksheet('Resumen')!.getColumn(10).width).toBe(SHARED_ATTRIBUTE_CAREER.length + 1);
    expect(wb.getWorksheet('Calificaciones')!.getColumn(7).width).toBe(SHARED_ATTRIBUTE_CAREER.length + 1);
  });

  it("shows in each career's evidence for the career's cohort", async () => {
    const evidence = (user: TestUser, career: number) =>
      get<EvidenceAnswer>(user, `/api/reportes/evidencia?career_id=${career}&generation_id=${ids.g}`);
    const a = await evidence(chiefA, ids.a);
    expect(a.cohort_size).toBe(1);
    expect(a.attributes.map((x) => [x.attribute_name, x.shared])).toEqual([
      ['Análisis de sistemas', false],
      ['Ética profesional', true],
    ]);
    // Ana alone: 90 Sobresaliente (the cohort is the career's students).
    expect(a.attributes[1]!.students).toMatchObject({ total: 1, sobresaliente: 1, insuficiente: 0 });
    expect(a.attributes[1]!.subjects.map((s) => [s.subject_name, s.knowledge_level, s.records.total])).toEqual([
      ['Ética y sociedad', 'I', 1],
    ]);
    expect(a.attributes[1]!.subjects[0]!.activities).toHaveLength(1);
    const b = await evidence(chiefB, ids.b);
    expect(b.attributes.map((x) => x.attribute_name)).toEqual(['Cálculo estructural', 'Ética profesional']);
    // Beto alone: 60 Insuficiente.
    expect(b.attributes[1]!.students).toMatchObject({ total: 1, sobresaliente: 0, insuficiente: 1 });
  });

  it("shows in each career's curriculum map with the career's subjects", async () => {
    for (const [user, career, own] of [
      [chiefA, ids.a, 'Análisis de sistemas'],
      [chiefB, ids.b, 'Cálculo estructural'],
    ] as const) {
      const map = await get<CurriculumMapAnswer>(
        user,
        `/api/reportes/mapa-curricular?career_id=${career}&period_id=${ids.p1}`,
      );
      expect(map.attributes.map((x) => [x.attribute_name, x.shared, x.levels, x.graded_activities])).toEqual([
        [own, false, { I: 1, M: 0, A: 0 }, 1],
        ['Ética profesional', true, { I: 1, M: 0, A: 0 }, 1],
      ]);
      expect(map.subjects[0]!.levels.map((l) => l.attribute_id)).toContain(ids.shared);
    }
  });

  it('takes a target per career', async () => {
    const put = await as(ctx(), chiefA, {
      method: 'PUT',
      url: '/api/reportes/metas',
      payload: { career_id: ids.a, period_id: ids.p1, targets: [{ attribute_id: ids.shared, target: 85 }] },
    });
    expect(put.statusCode, put.body).toBe(200);
    const targets = async (user: TestUser, career: number) =>
      (await get<TargetsAnswer>(user, `/api/reportes/metas?career_id=${career}&period_id=${ids.p1}`)).targets.map(
        (t) => [t.attribute_name, t.shared, t.target],
      );
    expect(await targets(chiefA, ids.a)).toEqual([
      ['Análisis de sistemas', false, 70],
      ['Ética profesional', true, 85],
    ]);
    expect(await targets(chiefB, ids.b)).toEqual([
      ['Cálculo estructural', false, 70],
      ['Ética profesional', true, 70],
    ]);
    // Another career's own attribute is still refused.
    const foreign = await as(ctx(), chiefA, {
      method: 'PUT',
      url: '/api/reportes/metas',
      payload: { career_id: ids.a, period_id: ids.p1, targets: [{ attribute_id: ids.ownB, target: 80 }] },
    });
    expect(foreign.statusCode).toBe(422);
  });

  it('takes an improvement action for one career, measured on that career', async () => {
    const payload = {
      career_id: ids.a,
      generation_id: ids.g,
      attribute_id: ids.shared,
      finding_period_id: ids.p1,
      period_id: ids.p2,
      cause: 'Poca reflexión sobre casos reales.',
      action: 'Análisis de casos en cada unidad.',
      subject_ids: [ids.s],
    };
    const res = await as(ctx(), chiefA, { method: 'POST', url: '/api/reportes/acciones-mejora', payload });
    expect(res.statusCode, res.body).toBe(201);
    const action = res.json() as ImprovementAction;
    expect(action.attribute).toMatchObject({ attribute_name: 'Ética profesional', shared: true });
    // Its workbook labels it as the screens do.
    const book = await as(ctx(), chiefA, {
      method: 'GET',
      url: `/api/reportes/acciones-mejora/export?career_id=${ids.a}`,
    });
    expect(book.statusCode, book.body).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(book.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets[0]!.getCell('C2').value).toBe('Ética profesional (compartido)');
    // Ana alone in P1, 90: all at Suficiente or above, against career A's target for the period (85).
    expect(action.finding).toMatchObject({ students: 1, share: 100, target: 85, met: true });
    const foreign = await as(ctx(), chiefA, {
      method: 'POST',
      url: '/api/reportes/acciones-mejora',
      payload: { ...payload, attribute_id: ids.ownB },
    });
    expect(foreign.statusCode).toBe(422);
  });
});

describe('an attribute with no career (shared) in the performance indices', () => {
  it("gives a failed subject's shared attribute the share of the career's cohort", async () => {
    const res = await get<PerformanceAnswer>(
      chiefB,
      `/api/reportes/rendimiento?generation_id=${ids.g}&career_id=${ids.b}`,
    );
    const p1 = res.periods.find((p) => p.period_id === ids.p1)!;
    // Beto's final in S is 60: S is the failure of P1, with career B's attributes and the shared one (Beto: 60).
    expect(p1.top_failures.map((f) => [f.subject_id, f.failed])).toEqual([[ids.s, 1]]);
    expect(p1.top_failures[0]!.attributes.map((a) => [a.attribute_id, a.shared, a.share, a.met])).toEqual([
      [ids.ownB, false, 0, false],
      [ids.shared, true, 0, false],
    ]);
  });
});

describe('the order of attributes', () => {
  it('is by code (AE2 before AE10), those without a code last by name, in the catalogue, evidence, map and targets', async () => {
    const c = ctx();
    const career = (await makeCareer(c)).id;
    const chief = await createUser(c, ROLE.CHIEF);
    await c.database.db.insertInto('user_careers').values({ user_id: chief.id, career_id: career }).execute();
    const codes = ['AE6', 'AE10', 'AE4', 'AE2', 'ae5', 'AE3', 'AE1', 'AE7', 'AE9', 'AE8'];
    for (const [i, codigo] of codes.entries()) {
      const res = await as(c, chief, {
        method: 'POST',
        url: '/api/attributes',
        // Names in the reverse of the codes' order, so ordering by name would fail.
        payload: {
          attribute_name: `Atributo ${String.fromCharCode(90 - i)}`,
          description: 'D',
          codigo,
          career_id: career,
        },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    await as(c, chief, {
      method: 'POST',
      url: '/api/attributes',
      payload: { attribute_name: 'Zeta sin código', description: 'D', career_id: career },
    });
    await as(c, chief, {
      method: 'POST',
      url: '/api/attributes',
      payload: { attribute_name: 'Alfa sin código', description: 'D', career_id: career },
    });
    const expected = ['AE1', 'AE2', 'AE3', 'AE4', 'ae5', 'AE6', 'AE7', 'AE8', 'AE9', 'AE10', null, null];
    const catalogue = (await get<Attribute[]>(chief, '/api/attributes')).filter((a) => a.career_id === career);
    expect(catalogue.map((a) => a.codigo)).toEqual(expected);
    expect(catalogue.slice(-2).map((a) => a.attribute_name)).toEqual(['Alfa sin código', 'Zeta sin código']);
    // The career's own, then the shared 'Ética profesional' (no code) by name among those without one.
    const withShared = [...expected.slice(0, 10), null, null, null];
    const evidence = await get<EvidenceAnswer>(
      chief,
      `/api/reportes/evidencia?career_id=${career}&generation_id=${ids.g}`,
    );
    expect(evidence.attributes.map((a) => a.codigo)).toEqual(withShared);
    expect(evidence.attributes.slice(-3).map((a) => a.attribute_name)).toEqual([
      'Alfa sin código',
      'Ética profesional',
      'Zeta sin código',
    ]);
    const map = await get<CurriculumMapAnswer>(chief, `/api/reportes/mapa-curricular?career_id=${career}`);
    expect(map.attributes.map((a) => a.codigo)).toEqual(withShared);
    const targets = await get<TargetsAnswer>(chief, `/api/reportes/metas?career_id=${career}&period_id=${ids.p1}`);
    expect(targets.targets.map((t) => t.codigo)).toEqual(withShared);
  });
});

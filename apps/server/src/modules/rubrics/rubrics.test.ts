import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { RUBRIC_MSG, ROLE, type RubricTree } from '@egreso/domain';
import { as, createUser, useTestApp, type TestUser } from '../../test/harness.js';
import {
  makeAssignment,
  makeAttribute,
  makeCareer,
  makeChief,
  makeGroup,
  makePeriod,
  makeSubject,
  makeTeacher,
} from '../../test/factories.js';

const ctx = useTestApp();
let chief: TestUser;
let admin: TestUser;
let student: TestUser;
let otherTeacher: TestUser;
let period: { id: number };
let career: { id: number };

beforeAll(async () => {
  career = await makeCareer(ctx());
  // The assignments are of the chief's career (DESIGN §5: a chief reads their careers' rubrics).
  chief = await makeChief(ctx(), [career.id]);
  admin = await createUser(ctx(), ROLE.ADMIN);
  student = await createUser(ctx(), ROLE.STUDENT);
  otherTeacher = await makeTeacher(ctx());
  period = await makePeriod(ctx(), { is_active: 1 });
});

/** A teacher with an assignment of a subject that has two attributes. */
async function world() {
  const teacher = await makeTeacher(ctx());
  const subject = await makeSubject(ctx());
  const a1 = await makeAttribute(ctx(), { attribute_name: 'Resolver problemas' });
  const a2 = await makeAttribute(ctx(), { attribute_name: 'Comunicar ideas' });
  await ctx()
    .database.db.insertInto('subject_attributes')
    .values([
      { subject_id: subject.id, attribute_id: a1.id, knowledge_level: 'I' },
      { subject_id: subject.id, attribute_id: a2.id, knowledge_level: 'M' },
    ])
    .execute();
  const group = await makeGroup(ctx());
  const assignment = await makeAssignment(ctx(), {
    user_id: teacher.id,
    subject_id: subject.id,
    group_id: group.id,
    period_id: period.id,
    career_id: career.id,
  });
  return { teacher, subject, a1, a2, group, assignment };
}

async function withRubric() {
  const w = await world();
  const res = await as(ctx(), w.teacher, {
    method: 'POST',
    url: '/api/rubrics',
    payload: { professor_subject_id: w.assignment.id, rubric_name: 'Rúbrica' },
  });
  expect(res.statusCode).toBe(201);
  return { ...w, rubricId: res.json().rubric_id as number };
}

const post = (user: TestUser, url: string, payload: unknown) =>
  as(ctx(), user, { method: 'POST', url, payload: payload as object });
const put = (user: TestUser, url: string, payload: unknown) =>
  as(ctx(), user, { method: 'PUT', url, payload: payload as object });

async function addCriterion(user: TestUser, rubricId: number, attributeId: number, weight: number, name = 'criterio') {
  return post(user, '/api/evaluationcriterias', {
    rubric_id: rubricId,
    attribute_id: attributeId,
    name_criterion: name,
    weight,
  });
}

async function criteriaSum(rubricId: number, attributeId: number) {
  const rows = await ctx()
    .database.db.selectFrom('evaluation_criterias')
    .select('weight')
    .where('rubric_id', '=', rubricId)
    .where('attribute_id', '=', attributeId)
    .execute();
  return rows.reduce((s, r) => s + r.weight, 0);
}

async function indicatorsSum(criterionId: number) {
  const rows = await ctx()
    .database.db.selectFrom('indicators')
    .select('weight')
    .where('evaluationcriteria_id', '=', criterionId)
    .execute();
  return rows.reduce((s, r) => s + r.weight, 0);
}

async function tree(user: TestUser, assignmentId: number): Promise<RubricTree> {
  const res = await as(ctx(), user, { method: 'GET', url: `/api/profesor/materia/${assignmentId}/rubrica` });
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('GET /profesor/materia/{id}/rubrica and POST /rubrics', () => {
  it('answers 404 until the rubric is created, then every attribute of the subject with one entry per scale', async () => {
    const w = await world();
    const before = await as(ctx(), w.teacher, {
      method: 'GET',
      url: `/api/profesor/materia/${w.assignment.id}/rubrica`,
    });
    expect(before.statusCode).toBe(404);
    expect(before.json().message).toBe(RUBRIC_MSG.rubricNotCreated);

    const created = await post(w.teacher, '/api/rubrics', {
      professor_subject_id: w.assignment.id,
      rubric_name: 'Mi rúbrica',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ professor_subject_id: w.assignment.id, rubric_name: 'Mi rúbrica' });
    const rubricId = created.json().rubric_id as number;

    const crit = await addCriterion(w.teacher, rubricId, w.a1.id, 40);
    expect(crit.statusCode).toBe(201);
    const t = await tree(w.teacher, w.assignment.id);
    expect(t.rubric_id).toBe(rubricId);
    expect(t.atributos.map((a) => a.id).sort()).toEqual([w.a1.id, w.a2.id].sort());
    const a1 = t.atributos.find((a) => a.id === w.a1.id)!;
    expect(a1.evaluationcriterias).toHaveLength(1);
    expect(
      a1.evaluationcriterias[0]!.evaluation_scales.map((s) => [
        s.scale_name,
        s.max_value,
        s.min_value,
        s.custom_description,
      ]),
    ).toEqual([
      ['Insuficiente', 69, 0, null],
      ['Suficiente', 89, 70, null],
      ['Sobresaliente', 100, 90, null],
    ]);
    expect(t.atributos.find((a) => a.id === w.a2.id)!.evaluationcriterias).toEqual([]);
  });

  it('answers the existing rubric to a second POST, and five simultaneous POSTs create one rubric', async () => {
    const w = await world();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => post(w.teacher, '/api/rubrics', { professor_subject_id: w.assignment.id })),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(answers.map((r) => r.json().rubric_id)).size).toBe(1);
    const again = await post(w.teacher, '/api/rubrics', {
      professor_subject_id: w.assignment.id,
      rubric_name: 'Otro nombre',
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().rubric_id).toBe(answers[0]!.json().rubric_id);
    expect(again.json().rubric_name).toContain('Rúbrica - ');
    const rows = await ctx()
      .database.db.selectFrom('rubrics')
      .select('id')
      .where('professor_subject_id', '=', w.assignment.id)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('lets only the assignment teacher create it; chiefs and administrators read; others get 403', async () => {
    const w = await world();
    for (const user of [otherTeacher, chief, admin, student]) {
      const res = await post(user, '/api/rubrics', { professor_subject_id: w.assignment.id });
      expect(res.statusCode, `role ${user.role}`).toBe(403);
    }
    expect(
      await ctx()
        .database.db.selectFrom('rubrics')
        .select('id')
        .where('professor_subject_id', '=', w.assignment.id)
        .execute(),
    ).toEqual([]);
    await post(w.teacher, '/api/rubrics', { professor_subject_id: w.assignment.id });
    for (const user of [chief, admin])
      expect(
        (await as(ctx(), user, { method: 'GET', url: `/api/profesor/materia/${w.assignment.id}/rubrica` })).statusCode,
      ).toBe(200);
    for (const user of [otherTeacher, student])
      expect(
        (await as(ctx(), user, { method: 'GET', url: `/api/profesor/materia/${w.assignment.id}/rubrica` })).statusCode,
      ).toBe(403);
    expect(
      (await as(ctx(), null, { method: 'GET', url: `/api/profesor/materia/${w.assignment.id}/rubrica` })).statusCode,
    ).toBe(401);
    expect((await post(w.teacher, '/api/rubrics', { professor_subject_id: 987654 })).statusCode).toBe(404);
  });
});

describe('criteria', () => {
  it('trims and upper-cases the name and refuses weights outside 1-100 and missing fields with the spec message', async () => {
    const w = await withRubric();
    const res = await addCriterion(w.teacher, w.rubricId, w.a1.id, 30, '  análisis del problema ');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      name_criterion: 'ANÁLISIS DEL PROBLEMA',
      weight: 30,
      attribute_id: w.a1.id,
      indicators: [],
    });
    for (const weight of [0, 101, 1.5, 'abc']) {
      const bad = await addCriterion(w.teacher, w.rubricId, w.a1.id, weight as number);
      expect(bad.statusCode).toBe(422);
      expect(bad.json().errors.weight).toEqual([RUBRIC_MSG.weightRange]);
    }
    for (const missing of ['rubric_id', 'attribute_id', 'name_criterion', 'weight']) {
      const body: Record<string, unknown> = {
        rubric_id: w.rubricId,
        attribute_id: w.a1.id,
        name_criterion: 'X',
        weight: 10,
      };
      body[missing] = missing === 'name_criterion' ? '   ' : undefined;
      const bad = await post(w.teacher, '/api/evaluationcriterias', body);
      expect(bad.statusCode).toBe(422);
      expect(bad.json().errors[missing]).toEqual([RUBRIC_MSG.criterionFillAll]);
    }
    expect(await criteriaSum(w.rubricId, w.a1.id)).toBe(30);
  });

  it("refuses an attribute that is not the subject's", async () => {
    const w = await withRubric();
    const foreign = await makeAttribute(ctx());
    const res = await addCriterion(w.teacher, w.rubricId, foreign.id, 10);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.attribute_id).toEqual([RUBRIC_MSG.attributeNotInSubject]);
  });

  it('keeps the criteria of an attribute at 100 at most, counting each attribute apart, and excludes the edited one', async () => {
    const w = await withRubric();
    const c1 = (await addCriterion(w.teacher, w.rubricId, w.a1.id, 60)).json();
    expect((await addCriterion(w.teacher, w.rubricId, w.a1.id, 40)).statusCode).toBe(201);
    const over = await addCriterion(w.teacher, w.rubricId, w.a1.id, 1);
    expect(over.statusCode).toBe(422);
    expect(over.json()).toEqual({ message: RUBRIC_MSG.criteriaSum, errors: { weight: [RUBRIC_MSG.criteriaSum] } });
    // Another attribute has its own 100.
    expect((await addCriterion(w.teacher, w.rubricId, w.a2.id, 100)).statusCode).toBe(201);

    const same = await put(w.teacher, `/api/evaluationcriterias/${c1.id}`, {
      name_criterion: 'renombrado',
      weight: 60,
    });
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({ name_criterion: 'RENOMBRADO', weight: 60 });
    const up = await put(w.teacher, `/api/evaluationcriterias/${c1.id}`, { name_criterion: 'renombrado', weight: 61 });
    expect(up.statusCode).toBe(422);
    expect(up.json().message).toBe(RUBRIC_MSG.criteriaSum);
    expect(await criteriaSum(w.rubricId, w.a1.id)).toBe(100);
  });

  it('refuses lowering a criterion below what its indicators add up to', async () => {
    const w = await withRubric();
    const c = (await addCriterion(w.teacher, w.rubricId, w.a1.id, 50)).json();
    expect(
      (await post(w.teacher, '/api/indicators', { evaluationcriteria_id: c.id, description: 'uno', weight: 30 }))
        .statusCode,
    ).toBe(201);
    const res = await put(w.teacher, `/api/evaluationcriterias/${c.id}`, { name_criterion: 'x', weight: 29 });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.weight).toEqual([RUBRIC_MSG.criterionBelowIndicators(30)]);
    expect(
      (await put(w.teacher, `/api/evaluationcriterias/${c.id}`, { name_criterion: 'x', weight: 30 })).statusCode,
    ).toBe(200);
  });

  it('never lets simultaneous saves push an attribute past 100', async () => {
    const w = await withRubric();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => addCriterion(w.teacher, w.rubricId, w.a1.id, 30, `c${i}`)),
    );
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(3);
    expect(answers.filter((r) => r.statusCode === 422).every((r) => r.json().message === RUBRIC_MSG.criteriaSum)).toBe(
      true,
    );
    expect(await criteriaSum(w.rubricId, w.a1.id)).toBe(90);

    // Two edits each fitting alone, not together: one wins.
    const ids = answers.filter((r) => r.statusCode === 201).map((r) => r.json().id as number);
    const edits = await Promise.all(
      ids
        .slice(0, 2)
        .map((id) => put(w.teacher, `/api/evaluationcriterias/${id}`, { name_criterion: 'editado', weight: 40 })),
    );
    expect(edits.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    expect(await criteriaSum(w.rubricId, w.a1.id)).toBe(100);
  });

  it('lets only the teacher write criteria and deletes one with its indicators and descriptions', async () => {
    const w = await withRubric();
    const c = (await addCriterion(w.teacher, w.rubricId, w.a1.id, 50)).json();
    for (const user of [otherTeacher, chief, admin, student]) {
      expect((await addCriterion(user, w.rubricId, w.a1.id, 10)).statusCode).toBe(403);
      expect(
        (await put(user, `/api/evaluationcriterias/${c.id}`, { name_criterion: 'x', weight: 10 })).statusCode,
      ).toBe(403);
      expect((await as(ctx(), user, { method: 'DELETE', url: `/api/evaluationcriterias/${c.id}` })).statusCode).toBe(
        403,
      );
      expect(
        (await post(user, `/api/evaluationcriterias/${c.id}/assign-scale`, { scale_id: 1, custom_description: 'x' }))
          .statusCode,
      ).toBe(403);
    }
    await post(w.teacher, '/api/indicators', { evaluationcriteria_id: c.id, description: 'uno', weight: 10 });
    await post(w.teacher, `/api/evaluationcriterias/${c.id}/assign-scale`, {
      scale_id: 1,
      custom_description: 'No identifica',
    });
    const del = await as(ctx(), w.teacher, { method: 'DELETE', url: `/api/evaluationcriterias/${c.id}` });
    expect(del.statusCode).toBe(200);
    expect(del.json().message).toBe(RUBRIC_MSG.criterionDeleted);
    const db = ctx().database.db;
    expect(await db.selectFrom('indicators').select('id').where('evaluationcriteria_id', '=', c.id).execute()).toEqual(
      [],
    );
    expect(
      await db.selectFrom('criteria_scales').select('id').where('evaluationcriteria_id', '=', c.id).execute(),
    ).toEqual([]);
    expect((await as(ctx(), w.teacher, { method: 'DELETE', url: `/api/evaluationcriterias/${c.id}` })).statusCode).toBe(
      404,
    );
  });
});

describe('scale descriptions', () => {
  it('writes, replaces and clears a criterion description per scale', async () => {
    const w = await withRubric();
    const c = (await addCriterion(w.teacher, w.rubricId, w.a1.id, 50)).json();
    const first = await post(w.teacher, `/api/evaluationcriterias/${c.id}/assign-scale`, {
      scale_id: 3,
      custom_description: '  Resuelve sin ayuda ',
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().evaluation_scales.find((s: { scale_id: number }) => s.scale_id === 3).custom_description).toBe(
      'Resuelve sin ayuda',
    );
    await post(w.teacher, `/api/evaluationcriterias/${c.id}/assign-scale`, {
      scale_id: 3,
      custom_description: 'Resuelve y explica',
    });
    let t = await tree(w.teacher, w.assignment.id);
    expect(
      t.atributos
        .find((a) => a.id === w.a1.id)!
        .evaluationcriterias[0]!.evaluation_scales.map((s) => s.custom_description),
    ).toEqual([null, null, 'Resuelve y explica']);
    await post(w.teacher, `/api/evaluationcriterias/${c.id}/assign-scale`, { scale_id: 3, custom_description: '' });
    t = await tree(w.teacher, w.assignment.id);
    expect(
      t.atributos
        .find((a) => a.id === w.a1.id)!
        .evaluationcriterias[0]!.evaluation_scales.map((s) => s.custom_description),
    ).toEqual([null, null, null]);
    const bad = await post(w.teacher, `/api/evaluationcriterias/${c.id}/assign-scale`, {
      scale_id: 99,
      custom_description: 'x',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.scale_id).toEqual([RUBRIC_MSG.scaleMissing]);
  });

  it('lists the three scales to any signed-in user', async () => {
    const res = await as(ctx(), student, { method: 'GET', url: '/api/evaluationscales' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { id: 1, scale_name: 'Insuficiente', min_value: 0, max_value: 69 },
      { id: 2, scale_name: 'Suficiente', min_value: 70, max_value: 89 },
      { id: 3, scale_name: 'Sobresaliente', min_value: 90, max_value: 100 },
    ]);
  });
});

describe('indicators', () => {
  it('upper-cases, keeps their sum within the criterion weight with its message, and excludes the edited one', async () => {
    const w = await withRubric();
    const c = (await addCriterion(w.teacher, w.rubricId, w.a1.id, 40)).json();
    const i1 = await post(w.teacher, '/api/indicators', {
      evaluationcriteria_id: c.id,
      description: ' identifica datos ',
      weight: 25,
    });
    expect(i1.statusCode).toBe(201);
    expect(i1.json()).toMatchObject({ description: 'IDENTIFICA DATOS', weight: 25, evaluationcriteria_id: c.id });
    const over = await post(w.teacher, '/api/indicators', {
      evaluationcriteria_id: c.id,
      description: 'dos',
      weight: 16,
    });
    expect(over.statusCode).toBe(422);
    expect(over.json()).toEqual({
      message: RUBRIC_MSG.indicatorsSum(40),
      errors: { weight: [RUBRIC_MSG.indicatorsSum(40)] },
    });
    expect(over.json().message).toBe(
      'La suma de los pesos de los indicadores no puede ser mayor al peso del criterio (40%)',
    );
    expect(
      (await post(w.teacher, '/api/indicators', { evaluationcriteria_id: c.id, description: 'dos', weight: 15 }))
        .statusCode,
    ).toBe(201);
    expect(
      (await put(w.teacher, `/api/indicators/${i1.json().id}`, { description: 'uno', weight: 25 })).statusCode,
    ).toBe(200);
    expect(
      (await put(w.teacher, `/api/indicators/${i1.json().id}`, { description: 'uno', weight: 26 })).statusCode,
    ).toBe(422);
    const missing = await post(w.teacher, '/api/indicators', {
      evaluationcriteria_id: c.id,
      description: '',
      weight: 5,
    });
    expect(missing.json().errors.description).toEqual([RUBRIC_MSG.indicatorFillAll]);
    expect(await indicatorsSum(c.id)).toBe(40);
  });

  it('never lets simultaneous saves push the indicators past the criterion weight', async () => {
    const w = await withRubric();
    const c = (await addCriterion(w.teacher, w.rubricId, w.a1.id, 50)).json();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        post(w.teacher, '/api/indicators', { evaluationcriteria_id: c.id, description: `i${i}`, weight: 20 }),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(2);
    expect(await indicatorsSum(c.id)).toBe(40);
    // Raising an indicator and lowering the criterion at once: the invariant holds whichever lands first.
    const indicatorId = answers.find((r) => r.statusCode === 201)!.json().id as number;
    await Promise.all([
      put(w.teacher, `/api/indicators/${indicatorId}`, { description: 'subido', weight: 30 }),
      put(w.teacher, `/api/evaluationcriterias/${c.id}`, { name_criterion: 'bajado', weight: 40 }),
    ]);
    const weight = (
      await ctx()
        .database.db.selectFrom('evaluation_criterias')
        .select('weight')
        .where('id', '=', c.id)
        .executeTakeFirstOrThrow()
    ).weight;
    expect(await indicatorsSum(c.id)).toBeLessThanOrEqual(weight);
  });

  it('lets only the teacher write indicators', async () => {
    const w = await withRubric();
    const c = (await addCriterion(w.teacher, w.rubricId, w.a1.id, 40)).json();
    const i = (
      await post(w.teacher, '/api/indicators', { evaluationcriteria_id: c.id, description: 'uno', weight: 10 })
    ).json();
    for (const user of [otherTeacher, chief, admin, student]) {
      expect(
        (await post(user, '/api/indicators', { evaluationcriteria_id: c.id, description: 'x', weight: 1 })).statusCode,
      ).toBe(403);
      expect((await put(user, `/api/indicators/${i.id}`, { description: 'x', weight: 1 })).statusCode).toBe(403);
      expect((await as(ctx(), user, { method: 'DELETE', url: `/api/indicators/${i.id}` })).statusCode).toBe(403);
    }
    expect(await indicatorsSum(c.id)).toBe(10);
    expect((await as(ctx(), w.teacher, { method: 'DELETE', url: `/api/indicators/${i.id}` })).json().message).toBe(
      RUBRIC_MSG.indicatorDeleted,
    );
    expect(await indicatorsSum(c.id)).toBe(0);
  });
});

describe('copying a rubric', () => {
  async function sourceAndTarget() {
    const w = await withRubric();
    const c = (await addCriterion(w.teacher, w.rubricId, w.a1.id, 60, 'planteamiento')).json();
    await post(w.teacher, '/api/indicators', {
      evaluationcriteria_id: c.id,
      description: 'identifica datos',
      weight: 30,
    });
    await post(w.teacher, '/api/indicators', {
      evaluationcriteria_id: c.id,
      description: 'propone modelo',
      weight: 30,
    });
    await post(w.teacher, `/api/evaluationcriterias/${c.id}/assign-scale`, {
      scale_id: 2,
      custom_description: 'Con ayuda',
    });
    await addCriterion(w.teacher, w.rubricId, w.a2.id, 100, 'exposición');
    const lastGroup = await makeGroup(ctx());
    const lastPeriod = await makePeriod(ctx());
    const target = await makeAssignment(ctx(), {
      user_id: w.teacher.id,
      subject_id: w.subject.id,
      group_id: lastGroup.id,
      period_id: lastPeriod.id,
    });
    return { ...w, target };
  }

  const shape = (t: RubricTree) =>
    t.atributos.map((a) => ({
      id: a.id,
      criteria: a.evaluationcriterias.map((c) => ({
        name: c.name_criterion,
        weight: c.weight,
        indicators: c.indicators.map((i) => [i.description, i.weight]),
        scales: c.evaluation_scales.map((s) => s.custom_description),
      })),
    }));

  it("lists the teacher's other assignments of the subject with a rubric and copies one whole, replacing what was there", async () => {
    const w = await sourceAndTarget();
    const sources = await as(ctx(), w.teacher, {
      method: 'GET',
      url: `/api/rubrics/copy-sources?professor_subject_id=${w.target.id}`,
    });
    expect(sources.statusCode).toBe(200);
    expect(sources.json()).toEqual([
      expect.objectContaining({ professor_subject_id: w.assignment.id, rubric_id: w.rubricId, criteria_count: 2 }),
    ]);

    // The target already had a criterion: the copy replaces it.
    const own = (await post(w.teacher, '/api/rubrics', { professor_subject_id: w.target.id })).json();
    await addCriterion(w.teacher, own.rubric_id, w.a1.id, 10, 'viejo');
    const res = await post(w.teacher, '/api/rubrics/copy', {
      from_professor_subject_id: w.assignment.id,
      to_professor_subject_id: w.target.id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ rubric_id: own.rubric_id, criteria: 2, indicators: 2 });
    expect(shape(await tree(w.teacher, w.target.id))).toEqual(shape(await tree(w.teacher, w.assignment.id)));
  });

  it('creates the target rubric when missing, and refuses other subjects, empty sources and other teachers', async () => {
    const w = await sourceAndTarget();
    const res = await post(w.teacher, '/api/rubrics/copy', {
      from_professor_subject_id: w.assignment.id,
      to_professor_subject_id: w.target.id,
    });
    expect(res.statusCode).toBe(200);
    expect((await tree(w.teacher, w.target.id)).atributos.flatMap((a) => a.evaluationcriterias)).toHaveLength(2);

    const otherSubject = await makeSubject(ctx());
    const foreign = await makeAssignment(ctx(), {
      user_id: w.teacher.id,
      subject_id: otherSubject.id,
      group_id: (await makeGroup(ctx())).id,
      period_id: period.id,
    });
    const wrong = await post(w.teacher, '/api/rubrics/copy', {
      from_professor_subject_id: w.assignment.id,
      to_professor_subject_id: foreign.id,
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.from_professor_subject_id).toEqual([RUBRIC_MSG.copyOtherSubject]);

    const empty = await makeAssignment(ctx(), {
      user_id: w.teacher.id,
      subject_id: w.subject.id,
      group_id: (await makeGroup(ctx())).id,
      period_id: period.id,
    });
    const none = await post(w.teacher, '/api/rubrics/copy', {
      from_professor_subject_id: empty.id,
      to_professor_subject_id: w.target.id,
    });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.from_professor_subject_id).toEqual([RUBRIC_MSG.copySourceEmpty]);

    const self = await post(w.teacher, '/api/rubrics/copy', {
      from_professor_subject_id: w.target.id,
      to_professor_subject_id: w.target.id,
    });
    expect(self.statusCode).toBe(422);

    for (const user of [otherTeacher, chief, admin]) {
      expect(
        (
          await post(user, '/api/rubrics/copy', {
            from_professor_subject_id: w.assignment.id,
            to_professor_subject_id: w.target.id,
          })
        ).statusCode,
      ).toBe(403);
    }
    expect(
      (
        await as(ctx(), otherTeacher, {
          method: 'GET',
          url: `/api/rubrics/copy-sources?professor_subject_id=${w.target.id}`,
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('GET /rubrics/{id}/export', () => {
  it('answers the rubric as a spreadsheet with a row per criterion and indicator and a column per scale', async () => {
    const w = await withRubric();
    const c = (await addCriterion(w.teacher, w.rubricId, w.a1.id, 60, 'planteamiento')).json();
    await post(w.teacher, '/api/indicators', {
      evaluationcriteria_id: c.id,
      description: 'identifica datos',
      weight: 30,
    });
    await post(w.teacher, '/api/indicators', {
      evaluationcriteria_id: c.id,
      description: 'propone modelo',
      weight: 20,
    });
    await post(w.teacher, `/api/evaluationcriterias/${c.id}/assign-scale`, {
      scale_id: 3,
      custom_description: 'Sin errores',
    });
    const res = await as(ctx(), chief, { method: 'GET', url: `/api/rubrics/${w.rubricId}/export` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="rubrica_.*\.xlsx"/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows = book
      .getWorksheet('Rúbrica')!
      .getSheetValues()
      .filter(Boolean)
      .map((r) => (r as unknown[]).slice(1));
    expect(rows[0]).toEqual([`Rúbrica y Matriz de Evaluación - ${w.subject.subject_name}`]);
    expect(rows[2]).toEqual([
      'Atributo',
      'Criterio',
      'Peso del criterio (%)',
      'Indicador',
      'Peso del indicador (%)',
      'Insuficiente (69-0)',
      'Suficiente (89-70)',
      'Sobresaliente (100-90)',
    ]);
    expect(rows).toContainEqual([
      'Resolver problemas',
      'PLANTEAMIENTO',
      60,
      'IDENTIFICA DATOS',
      30,
      'Sin descripción',
      'Sin descripción',
      'Sin errores',
    ]);
    expect(rows).toContainEqual(['Resolver problemas', 'PLANTEAMIENTO', 60, 'PROPONE MODELO', 20]);
    expect(rows).toContainEqual(['Comunicar ideas', 'Sin criterios']);
    expect(
      (await as(ctx(), otherTeacher, { method: 'GET', url: `/api/rubrics/${w.rubricId}/export` })).statusCode,
    ).toBe(403);
  });
});

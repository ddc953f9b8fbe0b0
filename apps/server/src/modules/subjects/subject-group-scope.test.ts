import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE, SCOPE_MSG } from '@egreso/domain';
import {
  addStudentToGroup,
  makeAssignment,
  makeAttribute,
  makeChief,
  makeGroup,
  makeSheet,
  makeSubject,
  type SheetFixture,
} from '../../test/factories.js';
import { as, createUser, useTestApp, type TestUser } from '../../test/harness.js';

/*
 * DESIGN §5 "A chief's careers" for subjects and groups: two careers (X and Y) with a chief each, a grade sheet of each
 * (a subject of the career with two of its attributes, a group given to the career), a subject and a group shared by
 * both careers, a subject and a group of no career, and the administrator. A chief changes only what is wholly theirs;
 * what is shared is the administrator's; a refusal is a 403 in Spanish that changes nothing.
 */
const ctx = useTestApp();
let admin: TestUser;
let chiefX: TestUser;
let x: SheetFixture;
let y: SheetFixture;
let sharedSubject: number;
let looseSubject: number;
let sharedGroup: number;
let emptyGroup: number;
let sharedAttribute: number;

beforeAll(async () => {
  const c = ctx();
  admin = await createUser(c, ROLE.ADMIN);
  x = await makeSheet(c, { students: 1 });
  y = await makeSheet(c, { students: 1 });
  chiefX = await makeChief(c, [x.careerId]);
  await makeChief(c, [y.careerId]);
  sharedSubject = (await makeSubject(c, { careers: [x.careerId, y.careerId] })).id;
  looseSubject = (await makeSubject(c)).id;
  sharedAttribute = (await makeAttribute(c, { career_id: null })).id;
  // Shared through its people: an assignment of career X and a student of career Y.
  sharedGroup = (await makeGroup(c)).id;
  await makeAssignment(c, { subject_id: x.subjectId, group_id: sharedGroup, career_id: x.careerId });
  const studentY = await addStudentToGroup(c, sharedGroup);
  await c.database.db.insertInto('user_careers').values({ user_id: studentY.id, career_id: y.careerId }).execute();
  emptyGroup = (await makeGroup(c)).id;
});

async function subjectRow(id: number) {
  const res = await as(ctx(), admin, { method: 'GET', url: `/api/subjects/${id}` });
  return res.statusCode === 404 ? null : res.json<Record<string, unknown>>();
}

async function groupRow(id: number) {
  return ctx()
    .database.db.selectFrom('groups')
    .select(['id', 'group_name', 'semester_id'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The subject's body as a PUT sends it, from its current state, with `changes`. */
async function bodyOf(id: number, changes: Record<string, unknown> = {}) {
  const s = (await subjectRow(id)) as {
    subject_name: string;
    subject_key: string;
    theory_credits: number;
    practice_credits: number;
    prerequisites: { id: number }[];
    semesters: { id: number }[];
    careers: { id: number }[];
    attributes: { id: number; knowledge_level: string }[];
  };
  return {
    subject_name: s.subject_name,
    subject_key: s.subject_key,
    theory_credits: s.theory_credits,
    practice_credits: s.practice_credits,
    prerequisites: s.prerequisites.map((p) => p.id),
    semesters: s.semesters.map((p) => p.id),
    careers: s.careers.map((p) => p.id),
    attributes: s.attributes.map((a) => ({ id: a.id, knowledge_level: a.knowledge_level })),
    ...changes,
  };
}

async function expectRefused(
  user: TestUser,
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload: unknown,
  message: string,
  status = 403,
) {
  const res = await as(ctx(), user, { method, url, ...(payload === undefined ? {} : { payload: payload as object }) });
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json<{ message: string }>().message).toBe(message);
}

/** `can_edit` of the rows of a list, by id. */
async function canEdit(user: TestUser, list: 'subjects' | 'groups', ids: number[]) {
  const res = await as(ctx(), user, { method: 'GET', url: `/api/${list}` });
  expect(res.statusCode, res.body).toBe(200);
  const rows = res.json<{ id: number; can_edit: boolean }[]>();
  return ids.map((id) => rows.find((r) => r.id === id)?.can_edit);
}

describe('the lists say which rows the viewer may change (the rule of the writes)', () => {
  it("marks a chief's own subjects editable, and shared, other and careerless ones not", async () => {
    const ids = [x.subjectId, y.subjectId, sharedSubject, looseSubject];
    expect(await canEdit(chiefX, 'subjects', ids)).toEqual([true, false, false, false]);
    expect(await canEdit(admin, 'subjects', ids)).toEqual([true, true, true, true]);
    expect(await canEdit(x.teacher, 'subjects', ids)).toEqual([false, false, false, false]);
    const careerless = await makeChief(ctx(), []);
    expect(await canEdit(careerless, 'subjects', ids)).toEqual([false, false, false, false]);
  });

  it("marks a chief's own groups and groups of no career editable, and shared and other ones not", async () => {
    const ids = [x.groupId, y.groupId, sharedGroup, emptyGroup];
    expect(await canEdit(chiefX, 'groups', ids)).toEqual([true, false, false, true]);
    expect(await canEdit(admin, 'groups', ids)).toEqual([true, true, true, true]);
    expect(await canEdit(x.teacher, 'groups', ids)).toEqual([false, false, false, false]);
    const careerless = await makeChief(ctx(), []);
    expect(await canEdit(careerless, 'groups', ids)).toEqual([false, false, false, true]);
  });

  it('agrees with the writes: every row marked not editable is refused, every one marked editable is allowed', async () => {
    const rows = (await as(ctx(), chiefX, { method: 'GET', url: '/api/groups' })).json<
      { id: number; group_name: string; semester_id: number; can_edit: boolean }[]
    >();
    for (const g of rows) {
      const res = await as(ctx(), chiefX, {
        method: 'PUT',
        url: `/api/groups/${g.id}`,
        payload: { group_name: g.group_name, semester_id: g.semester_id },
      });
      expect(res.statusCode === 200, `${g.group_name}: ${res.body}`).toBe(g.can_edit);
    }
  });
});

describe("a chief's subjects (DESIGN §5)", () => {
  it('lets a chief rename, re-link within their careers and keep the attribute links of their own subject', async () => {
    const res = await as(ctx(), chiefX, {
      method: 'PUT',
      url: `/api/subjects/${x.subjectId}`,
      payload: await bodyOf(x.subjectId, { subject_name: 'Programación de la carrera X' }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ subject_name: string }>().subject_name).toBe('Programación de la carrera X');
    const shared = await as(ctx(), chiefX, {
      method: 'PUT',
      url: `/api/subjects/${x.subjectId}`,
      payload: await bodyOf(x.subjectId, {
        attributes: [...(await bodyOf(x.subjectId)).attributes, { id: sharedAttribute, knowledge_level: 'M' }],
      }),
    });
    expect(shared.statusCode, shared.body).toBe(200);
  });

  it("refuses to edit, re-link or delete another career's subject, and changes nothing", async () => {
    const before = await subjectRow(y.subjectId);
    await expectRefused(
      chiefX,
      'PUT',
      `/api/subjects/${y.subjectId}`,
      await bodyOf(y.subjectId, { subject_name: 'Otra' }),
      SCOPE_MSG.subject,
    );
    await expectRefused(
      chiefX,
      'PUT',
      `/api/subjects/${y.subjectId}`,
      await bodyOf(y.subjectId, { careers: [], attributes: [], semesters: [] }),
      SCOPE_MSG.subject,
    );
    await expectRefused(chiefX, 'DELETE', `/api/subjects/${y.subjectId}`, undefined, SCOPE_MSG.subject);
    expect(await subjectRow(y.subjectId)).toEqual(before);
  });

  it('leaves a subject shared with another chief, or of no career, to the administrator', async () => {
    const shared = await subjectRow(sharedSubject);
    await expectRefused(
      chiefX,
      'PUT',
      `/api/subjects/${sharedSubject}`,
      await bodyOf(sharedSubject, { subject_name: 'X' }),
      SCOPE_MSG.subjectShared,
    );
    await expectRefused(
      chiefX,
      'PUT',
      `/api/subjects/${sharedSubject}`,
      await bodyOf(sharedSubject, { careers: [x.careerId] }),
      SCOPE_MSG.subjectShared,
    );
    await expectRefused(chiefX, 'DELETE', `/api/subjects/${sharedSubject}`, undefined, SCOPE_MSG.subjectShared);
    expect(await subjectRow(sharedSubject)).toEqual(shared);
    await expectRefused(chiefX, 'DELETE', `/api/subjects/${looseSubject}`, undefined, SCOPE_MSG.subjectNoCareer);
    expect(await subjectRow(looseSubject)).not.toBeNull();

    const res = await as(ctx(), admin, {
      method: 'PUT',
      url: `/api/subjects/${sharedSubject}`,
      payload: await bodyOf(sharedSubject, { subject_name: 'Materia común' }),
    });
    expect(res.statusCode, res.body).toBe(200);
    // Both careers kept (the answer lists them in the careers' order, by name).
    expect(
      res
        .json<{ careers: { id: number }[] }>()
        .careers.map((c) => c.id)
        .sort((a, b) => a - b),
    ).toEqual([x.careerId, y.careerId].sort((a, b) => a - b));
  });

  it("refuses to link a subject to another chief's career, or to link or unlink another career's attribute", async () => {
    const before = await subjectRow(x.subjectId);
    await expectRefused(
      chiefX,
      'PUT',
      `/api/subjects/${x.subjectId}`,
      await bodyOf(x.subjectId, { careers: [x.careerId, y.careerId] }),
      SCOPE_MSG.subjectCareerOutside,
    );
    const own = (await bodyOf(x.subjectId)).attributes;
    await expectRefused(
      chiefX,
      'PUT',
      `/api/subjects/${x.subjectId}`,
      await bodyOf(x.subjectId, { attributes: [...own, { id: y.attributeIds[0], knowledge_level: 'I' }] }),
      SCOPE_MSG.subjectAttribute,
    );
    expect(await subjectRow(x.subjectId)).toEqual(before);

    // An attribute of Y that the administrator linked to X's subject stays linked, at its level, unless Y's chief or
    // the administrator changes it.
    const withY = await as(ctx(), admin, {
      method: 'PUT',
      url: `/api/subjects/${x.subjectId}`,
      payload: await bodyOf(x.subjectId, { attributes: [...own, { id: y.attributeIds[0], knowledge_level: 'I' }] }),
    });
    expect(withY.statusCode, withY.body).toBe(200);
    const kept = await as(ctx(), chiefX, {
      method: 'PUT',
      url: `/api/subjects/${x.subjectId}`,
      payload: await bodyOf(x.subjectId, { subject_name: 'Programación X' }),
    });
    expect(kept.statusCode, kept.body).toBe(200);
    await expectRefused(
      chiefX,
      'PUT',
      `/api/subjects/${x.subjectId}`,
      await bodyOf(x.subjectId, { attributes: own }),
      SCOPE_MSG.subjectAttribute,
    );
    await expectRefused(
      chiefX,
      'PUT',
      `/api/subjects/${x.subjectId}`,
      await bodyOf(x.subjectId, { attributes: [...own, { id: y.attributeIds[0], knowledge_level: 'A' }] }),
      SCOPE_MSG.subjectAttribute,
    );
  });

  it("creates a chief's subject only in their careers", async () => {
    const count = async () =>
      Number(
        (
          await ctx()
            .database.db.selectFrom('subjects')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const body = {
      subject_name: 'Materia nueva',
      subject_key: 'NUEVA-1',
      theory_credits: 2,
      practice_credits: 2,
      prerequisites: [],
      semesters: [1],
      attributes: [],
    };
    await expectRefused(
      chiefX,
      'POST',
      '/api/subjects',
      { ...body, careers: [y.careerId] },
      SCOPE_MSG.subjectCareerOutside,
    );
    await expectRefused(
      chiefX,
      'POST',
      '/api/subjects',
      { ...body, careers: [x.careerId, y.careerId] },
      SCOPE_MSG.subjectCareerOutside,
    );
    await expectRefused(
      chiefX,
      'POST',
      '/api/subjects',
      { ...body, careers: [] },
      SCOPE_MSG.subjectCareerRequired,
      422,
    );
    await expectRefused(
      chiefX,
      'POST',
      '/api/subjects',
      { ...body, careers: [x.careerId], attributes: [{ id: y.attributeIds[1], knowledge_level: 'I' }] },
      SCOPE_MSG.subjectAttribute,
    );
    expect(await count()).toBe(before);
    const res = await as(ctx(), chiefX, {
      method: 'POST',
      url: '/api/subjects',
      payload: { ...body, careers: [x.careerId] },
    });
    expect(res.statusCode, res.body).toBe(201);
    const made = await as(ctx(), admin, {
      method: 'POST',
      url: '/api/subjects',
      payload: { ...body, subject_key: 'NUEVA-2', careers: [] },
    });
    expect(made.statusCode, made.body).toBe(201);
  });
});

describe("a chief's groups (DESIGN §5)", () => {
  it('lets a chief rename their group and fix or remove a group of no career yet', async () => {
    const res = await as(ctx(), chiefX, {
      method: 'PUT',
      url: `/api/groups/${x.groupId}`,
      payload: { group_name: 'X-101', semester_id: 1 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await groupRow(x.groupId))?.group_name).toBe('X-101');
    const fixed = await as(ctx(), chiefX, {
      method: 'PUT',
      url: `/api/groups/${emptyGroup}`,
      payload: { group_name: 'Vacío', semester_id: 2 },
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    const gone = await as(ctx(), chiefX, { method: 'DELETE', url: `/api/groups/${emptyGroup}` });
    expect(gone.statusCode, gone.body).toBe(200);
    expect(await groupRow(emptyGroup)).toBeUndefined();
  });

  it("refuses another career's group and leaves a shared one to the administrator, changing nothing", async () => {
    const ofY = await groupRow(y.groupId);
    const shared = await groupRow(sharedGroup);
    await expectRefused(
      chiefX,
      'PUT',
      `/api/groups/${y.groupId}`,
      { group_name: 'Robado', semester_id: 1 },
      SCOPE_MSG.group,
    );
    await expectRefused(chiefX, 'DELETE', `/api/groups/${y.groupId}`, undefined, SCOPE_MSG.group);
    await expectRefused(
      chiefX,
      'PUT',
      `/api/groups/${sharedGroup}`,
      { group_name: 'Mío', semester_id: 1 },
      SCOPE_MSG.groupShared,
    );
    await expectRefused(chiefX, 'DELETE', `/api/groups/${sharedGroup}`, undefined, SCOPE_MSG.groupShared);
    expect(await groupRow(y.groupId)).toEqual(ofY);
    expect(await groupRow(sharedGroup)).toEqual(shared);

    const res = await as(ctx(), admin, {
      method: 'PUT',
      url: `/api/groups/${sharedGroup}`,
      payload: { group_name: 'Común', semester_id: 1 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await groupRow(sharedGroup))?.group_name).toBe('Común');
  });
});

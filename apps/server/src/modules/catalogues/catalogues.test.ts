import { describe, expect, it } from 'vitest';
import { ROLE } from '@egreso/domain';
import { as, createUser, useTestApp } from '../../test/harness.js';
import { makeSubject } from '../../test/factories.js';

const ctx = useTestApp();

describe('catalogues', () => {
  it('answers the nine semesters in order to any signed-in user', async () => {
    const student = await createUser(ctx(), ROLE.STUDENT);
    const res = await as(ctx(), student, { method: 'GET', url: '/api/semesters' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(9);
    expect(res.json()[0]).toEqual({ id: 1, semester_name: 'Primer semestre' });
    expect(res.json()[8]).toEqual({ id: 9, semester_name: 'Noveno semestre' });
  });

  it('answers the subject-semester relations', async () => {
    const teacher = await createUser(ctx(), ROLE.TEACHER);
    const s = await makeSubject(ctx(), { semesters: [2, 4] });
    const res = await as(ctx(), teacher, { method: 'GET', url: '/api/subjectsemesters' });
    expect(res.statusCode).toBe(200);
    const mine = res.json().filter((r: { subject_id: number }) => r.subject_id === s.id);
    expect(mine.map((r: { semester_id: number }) => r.semester_id)).toEqual([2, 4]);
    expect(Object.keys(mine[0]).sort()).toEqual(['id', 'semester_id', 'subject_id']);
  });

  it('answers 401 without a token', async () => {
    expect((await as(ctx(), null, { method: 'GET', url: '/api/semesters' })).statusCode).toBe(401);
    expect((await as(ctx(), null, { method: 'GET', url: '/api/subjectsemesters' })).statusCode).toBe(401);
  });
});

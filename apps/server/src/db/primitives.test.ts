import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { collator } from '@egreso/domain';
import { useTestApp } from '../test/harness.js';
import { makeActivity, makeAssignment, makeAttribute, makeGroup } from '../test/factories.js';
import { nowIso } from '../lib/time.js';
import { inChunks, insertInChunks } from './chunks.js';
import { esContains, esKey } from './spanish.js';
import { countDependents, inUseMessage, refuseIfInUse, type Dependent } from './usage.js';
import { rowExists, valueTaken } from './lookups.js';

const ctx = useTestApp();

describe('Spanish order in SQL', () => {
  const tricky = [
    'Úrsula',
    'Zoe',
    'oscar',
    'Ñoño',
    'Etna',
    'Ángel',
    'ética',
    'Nora',
    'Óscar',
    'Ana',
    'Grupo 10',
    'Grupo 9',
    'nz',
    'ña',
  ];

  beforeAll(async () => {
    for (const group_name of tricky) await makeGroup(ctx(), { group_name });
  });

  it('orders names as the UI collator does: accents and case ignored, ñ after n, numbers by value, ties by id', async () => {
    const rows = await ctx()
      .database.db.selectFrom('groups')
      .select(['id', 'group_name'])
      .where('group_name', 'in', tricky)
      .orderBy(esKey('group_name'))
      .orderBy('id')
      .execute();
    const expected = rows.map((r) => r).sort((a, b) => collator.compare(a.group_name, b.group_name) || a.id - b.id);
    expect(rows.map((r) => r.group_name)).toEqual(expected.map((r) => r.group_name));
    expect(rows.map((r) => r.group_name)).toEqual([
      'Ana',
      'Ángel',
      'ética',
      'Etna',
      'Grupo 9',
      'Grupo 10',
      'Nora',
      'nz',
      'ña',
      'Ñoño',
      'oscar',
      'Óscar',
      'Úrsula',
      'Zoe',
    ]);
  });

  it("orders the brief's names exactly as Intl.Collator('es') does", async () => {
    const names = ['Ángel', 'Ana', 'Ñoño', 'Nora', 'Óscar', 'oscar', 'Úrsula', 'Zoe', 'ética', 'Etna'];
    const rows = await ctx()
      .database.db.selectFrom('groups')
      .select('group_name')
      .where('group_name', 'in', names)
      .orderBy(esKey('group_name'))
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.group_name)).toEqual([...names].sort(new Intl.Collator('es').compare));
  });

  it('matches text ignoring accents and case both ways', async () => {
    const find = async (term: string) =>
      (
        await ctx()
          .database.db.selectFrom('groups')
          .select('group_name')
          .where(esContains('group_name', term))
          .orderBy(esKey('group_name'))
          .orderBy('id')
          .execute()
      ).map((r) => r.group_name);
    expect(await find('etica')).toEqual(['ética']);
    expect(await find('ÉTICA')).toEqual(['ética']);
    expect(await find('OSC')).toEqual(['oscar', 'Óscar']);
    expect(await find('nono')).toEqual(['Ñoño']);
    expect(await find('ÑOÑO')).toEqual(['Ñoño']);
    expect(await find('Grupo 1')).toEqual(['Grupo 10']);
    expect(await find('100%')).toEqual([]);
  });
});

describe('chunked IN lists and inserts', () => {
  it('inserts 10,000 rows and reads them back through an IN list of 10,000 ids on this database', async () => {
    const db = ctx().database.db;
    const now = nowIso();
    const rows = Array.from({ length: 10_000 }, (_, i) => ({
      action: 'chunk.test',
      entity: 'test',
      entity_id: i + 1,
      user_id: null,
      details: null,
      created_at: now,
    }));
    await db.transaction().execute((trx) => insertInChunks(trx, 'audit_log', rows));
    const ids = (await db.selectFrom('audit_log').select('id').where('action', '=', 'chunk.test').execute()).map(
      (r) => r.id,
    );
    expect(ids).toHaveLength(10_000);
    const found = await inChunks(ids, (chunk) =>
      db.selectFrom('audit_log').select('entity_id').where('id', 'in', chunk).execute(),
    );
    expect(found.map((r) => r.entity_id).sort((a, b) => Number(a) - Number(b))).toEqual(rows.map((r) => r.entity_id));
  });

  it('calls nothing for an empty list', async () => {
    let calls = 0;
    expect(await inChunks([], async () => [++calls])).toEqual([]);
    expect(calls).toBe(0);
  });
});

describe('in-use counts and lookups', () => {
  const dependents: Dependent[] = [
    { table: 'activities', column: 'professor_subject_id', noun: ['actividad', 'actividades'] },
    { table: 'rubrics', column: 'professor_subject_id', noun: ['rúbrica', 'rúbricas'] },
  ];

  it('counts every dependent in one query and words the refusal both ways', async () => {
    const a = await makeAssignment(ctx());
    await makeActivity(ctx(), a.id);
    await makeActivity(ctx(), a.id);
    const usages = await countDependents(ctx().database.db, a.id, dependents);
    expect(usages.map((u) => u.count)).toEqual([2, 0]);
    expect(inUseMessage('La asignación', usages)).toBe('La asignación no puede eliminarse porque tiene 2 actividades.');
    expect(inUseMessage('La asignación', usages, 'listed')).toBe(
      'La asignación no puede eliminarse porque tiene registros asociados: actividades (2).',
    );
    await expect(refuseIfInUse(ctx().database.db, a.id, dependents, 'La asignación')).rejects.toMatchObject({
      statusCode: 409,
    });
    const free = await makeAssignment(ctx());
    await expect(refuseIfInUse(ctx().database.db, free.id, dependents, 'La asignación')).resolves.toBeUndefined();
  });

  it('finds rows by id and names taken without regard to case, except the row itself', async () => {
    const db = ctx().database.db;
    const attr = await makeAttribute(ctx(), { attribute_name: 'Pensamiento Crítico' });
    expect(await rowExists(db, 'attributes', attr.id)).toBe(true);
    expect(await rowExists(db, 'attributes', attr.id + 1000)).toBe(false);
    expect(await valueTaken(db, 'attributes', 'attribute_name', ' pensamiento crítico ', null)).toBe(true);
    expect(await valueTaken(db, 'attributes', 'attribute_name', 'Pensamiento Crítico', attr.id)).toBe(false);
    expect(
      await valueTaken(db, 'attributes', 'attribute_name', 'Pensamiento Crítico', null, {
        column: 'career_id',
        value: 99,
      }),
    ).toBe(false);
    expect(
      await valueTaken(db, 'attributes', 'attribute_name', 'Pensamiento Crítico', null, {
        column: 'career_id',
        value: null,
      }),
    ).toBe(true);
  });

  it('keeps the SQL functions deterministic on this database', async () => {
    const { rows } = await sql<{ k: string }>`select es_fold(${'Ñandú 007'}) as k`.execute(ctx().database.db);
    expect(rows[0]?.k).toBe('n~andu 0000000007');
  });
});

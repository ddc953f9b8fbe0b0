import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import {
  READERS,
  REFERENCE_FAMILIES,
  coverageProblems,
  declareWrite,
  declaredWrites,
  familiesOf,
  invalidate,
  useWrite,
  type Family,
} from './cache';
import { queryKeys } from './query-keys';

// Writes are declared where their fetchers live: every data file of every feature is loaded, so each declares.
import.meta.glob('../features/*/api/*.ts', { eager: true });

const FAMILIES = Object.keys(queryKeys);
const writeNamed = (name: string) => {
  const write = declaredWrites().find((w) => w.name === name);
  if (!write) throw new Error(`no write named '${name}'`);
  return write;
};
const readersOf = (name: string): Family[] => familiesOf(writeNamed(name).changes);

describe('the cache dependency map', () => {
  it('has every write declare what it changes, every resource changed by a write, every family covered', () => {
    // The registry really holds the app's writes (a glob that loaded nothing would pass the checks below).
    expect(declaredWrites().length).toBeGreaterThanOrEqual(40);
    expect(coverageProblems(READERS, declaredWrites(), FAMILIES, REFERENCE_FAMILIES)).toEqual([]);
  });

  it('fails on a write that declares nothing, a resource no write changes and a family no resource covers', () => {
    const problems = coverageProblems(
      { grades: ['grades'], targets: ['attributeTargets'] },
      [
        { name: 'save grades', changes: ['grades'] },
        { name: 'forgot', changes: [] },
      ],
      ['grades', 'attributeTargets', 'evidence', 'semesters'],
      ['semesters'],
    );
    expect(problems).toEqual([
      "write 'forgot' declares nothing",
      "resource 'targets' is changed by no write",
      "family 'evidence' reads no resource a write changes",
    ]);
    expect(() => declareWrite('nothing', [] as never)).toThrow('declares no resource');
  });

  it('refreshes every screen the text found stale', () => {
    // Targets: the evidence's and the improvement actions' verdicts.
    expect(readersOf('PUT /reportes/metas')).toEqual(
      expect.arrayContaining(['attributeTargets', 'evidence', 'improvementActions']),
    );
    // Status changes, people imports, the semester advance and a student's edit: the performance indices read the
    // status history (their key is under `evidence`).
    expect(queryKeys.evidence.performance(1, 2)[0]).toBe(queryKeys.evidence.all[0]);
    for (const name of [
      'PUT /students/{id}/status',
      'POST /{teachers|students}/import',
      'POST /students/advance-semester',
      'POST|PUT /users (student), /usergroups, /usergenerations',
    ])
      expect(readersOf(name)).toEqual(expect.arrayContaining(['users', 'evidence', 'improvementActions']));
    // A new rubric: every rubric view, the other assignments' copy sources among them.
    expect(queryKeys.rubrics.copySources(9)[0]).toBe(queryKeys.rubrics.all[0]);
    expect(readersOf('POST /rubrics')).toContain('rubrics');
    // The group policy: its window and the subjects enrolment offers.
    expect(readersOf('PUT /admin/group-policy')).toEqual(expect.arrayContaining(['groupPolicy', 'student']));
    // The ratings import is a write like the grade saves.
    expect(readersOf('POST /ratings/import')).toEqual(readersOf('POST /profesor/calificar/actividades/batch'));
  });

  it('marks stale exactly the families that read the changed resources', async () => {
    const client = new QueryClient();
    const keys = {
      performance: queryKeys.evidence.performance(1, 2),
      targets: queryKeys.attributeTargets.list(1, 3),
      actions: queryKeys.improvementActions.list({}),
      users: queryKeys.users.list({ role: 3 }),
      semesters: queryKeys.semesters.list(),
    };
    for (const key of Object.values(keys)) client.setQueryData(key, { cached: true });
    await invalidate(client, ['targets']);
    const stale = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;
    expect([keys.performance, keys.targets, keys.actions].map(stale)).toEqual([true, true, true]);
    expect([keys.users, keys.semesters].map(stale)).toEqual([false, false]);
  });
});

describe('useWrite', () => {
  const setup = () => {
    const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
    client.setQueryData(queryKeys.evidence.performance(1, 2), { cached: true });
    const wrapper = ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client }, children);
    const stale = () => client.getQueryState(queryKeys.evidence.performance(1, 2))?.isInvalidated;
    return { wrapper, stale };
  };
  const STATUS = { name: 'test: status', changes: ['statuses'] as const };

  it('invalidates what the write declares once it succeeds', async () => {
    const { wrapper, stale } = setup();
    const { result } = renderHook(() => useWrite(STATUS, async (n: number) => n * 2), { wrapper });
    let answer = 0;
    await act(async () => {
      answer = await result.current.mutateAsync(21);
    });
    expect(answer).toBe(42);
    expect(stale()).toBe(true);
  });

  it('leaves the cache alone after a failure, unless the write refreshes on error', async () => {
    const failing = async () => {
      throw new Error('refused');
    };
    const plain = setup();
    const a = renderHook(() => useWrite(STATUS, failing), { wrapper: plain.wrapper });
    await act(async () => {
      await a.result.current.mutateAsync().catch(() => undefined);
    });
    expect(plain.stale()).toBe(false);

    const partial = setup();
    const b = renderHook(() => useWrite(STATUS, failing, { refreshOnError: true }), { wrapper: partial.wrapper });
    await act(async () => {
      await b.result.current.mutateAsync().catch(() => undefined);
    });
    expect(partial.stale()).toBe(true);
  });
});

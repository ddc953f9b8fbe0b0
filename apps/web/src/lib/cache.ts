import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { queryKeys } from './query-keys';

/**
 * What the browser caches, declared once. Each server resource (a table or a set of tables a write changes) lists
 * the query families that read it: a family is a top-level key of `queryKeys`, whose `all` prefixes every key of it.
 * A write declares the resources it changes (`declareWrite`), and `useWrite` marks stale every family that reads
 * one of them, refetching those on screen. No other code invalidates (the lint refuses `invalidateQueries` and
 * `useMutation` elsewhere), and `cache.test.ts` fails when a write declares nothing or a family reads a resource no
 * write changes.
 */
export type Family = keyof typeof queryKeys;

/** Every view computed from attribute ratings and finals: sheets, dashboards, the student's records, reports. */
const RATING_VIEWS = [
  'grades',
  'teacherDashboard',
  'student',
  'reports',
  'divisionReport',
  'evidence',
  'improvementActions',
] as const satisfies readonly Family[];

/** Server resource → the query families that read it. */
export const READERS = {
  /** Activity grades (saves, imports and their undo, restores from the history). */
  grades: [...RATING_VIEWS],
  /** Activities: their weights and attribute links make the ratings. */
  activities: ['activities', ...RATING_VIEWS],
  /** Observations per student and attribute, shown beside the ratings. */
  observations: ['observations', 'grades', 'student', 'teacherDashboard'],
  /** Teacher assignments (subject, group, period): the sheets, the teacher's lists and every report's grouping. */
  assignments: ['assignments', 'activities', 'rubrics', ...RATING_VIEWS],
  /** Rubrics: criteria, indicators, scale descriptions; the copy sources list the assignments that have one. */
  rubrics: ['rubrics'],
  /** Attribute targets per career and period: the evidence's and the improvement actions' verdicts. */
  targets: ['attributeTargets', 'evidence', 'improvementActions'],
  /**
   * A student's status (`user_generations.active` and the `status_changes` it records): the lists, and the cohorts
   * the evidence, the performance indices (under `evidence`) and the improvement actions count.
   */
  statuses: ['users', 'evidence', 'improvementActions', 'divisionReport'],
  /** A student's groups and generation links: lists, sheets, the student's groups and every cohort count. */
  memberships: ['users', 'groups', 'student', 'assignments', ...RATING_VIEWS],
  /** People (names, e-mails, roles, careers): the lists, the signed-in user's own data, names on sheets and reports. */
  users: ['users', 'me', 'account', 'assignments', 'grades', 'evidence', 'reports', 'improvementActions'],
  /** Passwords and access tokens: the session history. */
  credentials: ['sessions'],
  /** The group policy: its window, and the subjects enrolment offers. */
  groupPolicy: ['groupPolicy', 'student'],
  /** Periods: their lists, the active period's assignments and targets, and the period names of every report. */
  periods: ['periods', 'assignments', 'attributeTargets', ...RATING_VIEWS],
  /** Generations: their list, the students' links and the cohorts. */
  generations: ['generations', 'users', 'student', 'divisionReport', 'evidence', 'improvementActions'],
  careers: ['careers', 'subjects', 'attributes', 'users', 'assignments', 'evidence', 'attributeTargets'],
  /** Subjects with their semesters, careers, prerequisites and attribute links. */
  subjects: ['subjects', 'subjectAttributes', 'assignments', 'student', ...RATING_VIEWS],
  attributes: ['attributes', 'subjects', 'subjectAttributes', 'attributeTargets', ...RATING_VIEWS],
  groups: ['groups', 'users', 'assignments', 'student', ...RATING_VIEWS],
  /** Improvement actions and their follow-ups: their list, the evidence that shows them, the teacher's dashboard. */
  improvementActions: ['improvementActions', 'evidence', 'teacherDashboard'],
  /** A student's enrolments: their screens, the sheets that list them and every count over them. */
  enrolments: [...RATING_VIEWS],
} as const satisfies Record<string, readonly Family[]>;

export type Resource = keyof typeof READERS;

/** Families of data no write of the app changes (fixed at installation, or the sign-in configuration). */
export const REFERENCE_FAMILIES = ['semesters', 'evaluationScales', 'auth'] as const satisfies readonly Family[];

/** A write and the resources it changes (at least one). */
export interface Write {
  readonly name: string;
  readonly changes: readonly Resource[];
}

const writes = new Map<string, Write>();

/**
 * Declares a write once, where its fetcher lives (at module level, so the test sees every write): `name` says what it
 * is ('PUT /reportes/metas'), `changes` the resources it changes.
 */
export function declareWrite(name: string, changes: readonly [Resource, ...Resource[]]): Write {
  if (changes.length === 0) throw new Error(`The write '${name}' declares no resource it changes.`);
  if (writes.has(name)) throw new Error(`The write '${name}' is declared twice.`);
  const write = { name, changes };
  writes.set(name, write);
  return write;
}

/** Every write declared so far (the modules that declare them must have been imported). */
export function declaredWrites(): Write[] {
  return [...writes.values()];
}

/** The families a set of resources is read by, each once, in declaration order. */
export function familiesOf(changes: readonly Resource[]): Family[] {
  return [...new Set(changes.flatMap((r) => READERS[r]))];
}

/** Marks stale every family that reads one of the resources (the ones on screen refetch at once). */
export async function invalidate(queryClient: QueryClient, changes: readonly Resource[]): Promise<void> {
  await Promise.all(
    familiesOf(changes).map((family) => queryClient.invalidateQueries({ queryKey: queryKeys[family].all })),
  );
}

/**
 * What keeps the map whole: a write that declares nothing, a resource no write changes, a family that reads no
 * declared resource (and is not reference data). Empty when every cached screen can be refreshed by the write that
 * makes it stale.
 */
export function coverageProblems(
  readers: Record<string, readonly string[]>,
  declared: readonly Write[],
  families: readonly string[],
  reference: readonly string[],
): string[] {
  const problems: string[] = [];
  for (const w of declared) if (w.changes.length === 0) problems.push(`write '${w.name}' declares nothing`);
  const changed = new Set(declared.flatMap((w) => w.changes as readonly string[]));
  for (const resource of Object.keys(readers))
    if (!changed.has(resource)) problems.push(`resource '${resource}' is changed by no write`);
  const read = new Set(Object.values(readers).flat());
  for (const family of families)
    if (!read.has(family) && !reference.includes(family))
      problems.push(`family '${family}' reads no resource a write changes`);
  for (const family of read)
    if (!families.includes(family)) problems.push(`family '${family}' is not a key of queryKeys`);
  return problems;
}

export interface WriteOptions<TData, TVariables> {
  /** Runs on success before the invalidation (e.g. putting the answer in the cache). */
  onSuccess?: (data: TData, variables: TVariables) => void;
  /** Several requests in one write: refresh even after a failure part way (what was written shows). */
  refreshOnError?: boolean;
  /**
   * The write's promise resolves without waiting for the refetches (typing on a grade sheet goes on meanwhile);
   * by default it waits, so a list shows the saved row when the success message does.
   */
  background?: boolean;
}

/** The one mutation hook: runs `mutationFn`, then invalidates what `write` declares. */
export function useWrite<TData, TVariables = void>(
  write: Write,
  mutationFn: (variables: TVariables) => Promise<TData>,
  { onSuccess, refreshOnError = false, background = false }: WriteOptions<TData, TVariables> = {},
) {
  const queryClient = useQueryClient();
  const refresh = () => {
    const done = invalidate(queryClient, write.changes);
    return background ? undefined : done;
  };
  return useMutation({
    mutationKey: [write.name],
    mutationFn,
    onSuccess: (data, variables) => {
      onSuccess?.(data, variables);
      return refreshOnError ? undefined : refresh();
    },
    onSettled: refreshOnError ? () => refresh() : undefined,
  });
}

import type { Insertable } from 'kysely';
import { nowIso } from '../lib/time.js';
import { MAX_BOUND_PARAMETERS, inChunks, insertInChunks } from './chunks.js';
import type { Database, DbOrTrx } from './types.js';

/*
 * The table writers every data builder shares (the demo institution, the scale generator, the test factories): each
 * step writes a batch of rows of one kind, with the link rows that belong to them, through a sink that is either a
 * Kysely connection or transaction (chunked inserts, ids read back) or the scale's bulk writer (ids chosen in order).
 */

/** Tables whose ids a builder reads back to refer to the rows. */
export type IdTable =
  | 'careers'
  | 'periods'
  | 'generations'
  | 'attributes'
  | 'subjects'
  | 'groups'
  | 'users'
  | 'professor_subjects'
  | 'activities';

/** Tables written without reading ids back. */
export type LinkTable =
  | 'subject_semesters'
  | 'subject_careers'
  | 'subject_prerequisites'
  | 'subject_attributes'
  | 'user_careers'
  | 'user_groups'
  | 'user_generations'
  | 'enrolments'
  | 'activity_attributes'
  | 'user_activities';

export interface RowSink {
  /** The time stamped on every row written. */
  readonly now: string;
  /** Inserts the rows in order; answers their ids in the same order. */
  add<T extends IdTable>(table: T, rows: Insertable<Database[T]>[]): Promise<number[]>;
  /** Inserts the rows. */
  put<T extends LinkTable>(table: T, rows: Insertable<Database[T]>[]): Promise<void>;
}

/** A sink on a connection or transaction: multi-row inserts split under the bound-parameter limit of both databases. */
export function kyselySink(db: DbOrTrx, now = nowIso()): RowSink {
  return {
    now,
    async add(table, rows) {
      if (rows.length === 0) return [];
      const size = Math.max(1, Math.floor(MAX_BOUND_PARAMETERS / Object.keys(rows[0] as object).length));
      // The row type of a generic table cannot be narrowed by Kysely; RowSink's signature keeps callers typed.
      const written = await inChunks(
        rows,
        (chunk) =>
          db
            .insertInto(table as 'careers')
            .values(chunk as Insertable<Database['careers']>[])
            .returning('id')
            .execute(),
        size,
      );
      return written.map((r) => r.id);
    },
    put: (table, rows) => insertInChunks(db, table, rows),
  };
}

/** A table's row as a builder gives it: without the id and the time stamps, which the writers add. */
export type Fields<T extends keyof Database> = Omit<Insertable<Database[T]>, 'id' | 'created_at' | 'updated_at'>;

const stamps = (sink: RowSink) => ({ created_at: sink.now, updated_at: sink.now });
/** The rows with the sink's time as their creation and last change. */
const stamped = <R extends object>(sink: RowSink, rows: R[]) => rows.map((r) => ({ ...r, ...stamps(sink) }));

export const writeCareers = (sink: RowSink, careers: Fields<'careers'>[]) =>
  sink.add('careers', stamped(sink, careers));

export type PeriodSpec = Fields<'periods'>;
export const writePeriods = (sink: RowSink, periods: PeriodSpec[]) => sink.add('periods', stamped(sink, periods));

export const writeGenerations = (sink: RowSink, generations: Fields<'generations'>[]) =>
  sink.add('generations', stamped(sink, generations));

export const writeAttributes = (sink: RowSink, attributes: Fields<'attributes'>[]) =>
  sink.add('attributes', stamped(sink, attributes));

export type KnowledgeLevel = 'I' | 'M' | 'A';

/** A subject with the semesters it is taught in, its careers and the attributes it develops at a level. */
export type SubjectSpec = Fields<'subjects'> & {
  semesters: number[];
  careers: number[];
  attributes: Array<{ attribute_id: number; knowledge_level: KnowledgeLevel }>;
};

export async function writeSubjects(sink: RowSink, subjects: SubjectSpec[]): Promise<number[]> {
  const ids = await sink.add(
    'subjects',
    subjects.map(({ subject_key, subject_name, theory_credits, practice_credits }) => ({
      subject_key,
      subject_name,
      theory_credits,
      practice_credits,
      ...stamps(sink),
    })),
  );
  const each = <R>(rows: (s: SubjectSpec, subject_id: number) => R[]) => subjects.flatMap((s, i) => rows(s, ids[i]!));
  await sink.put(
    'subject_semesters',
    each((s, subject_id) => s.semesters.map((semester_id) => ({ subject_id, semester_id }))),
  );
  await sink.put(
    'subject_careers',
    each((s, subject_id) => s.careers.map((career_id) => ({ subject_id, career_id }))),
  );
  await sink.put(
    'subject_attributes',
    each((s, subject_id) => s.attributes.map((a) => ({ subject_id, ...a }))),
  );
  return ids;
}

/** Prerequisite pairs: the subject needs the prerequisite first. */
export function writePrerequisites(
  sink: RowSink,
  pairs: Array<{ subject_id: number; prerequisite_id: number }>,
): Promise<void> {
  return sink.put('subject_prerequisites', pairs);
}

export const writeGroups = (sink: RowSink, groups: Fields<'groups'>[]) => sink.add('groups', stamped(sink, groups));

/** A user with its careers, groups and, for a student, the link to a generation. */
export type PersonSpec = Omit<Fields<'users'>, 'photo' | 'must_change_password'> & {
  careers?: number[];
  groups?: number[];
  generation?: Omit<Fields<'user_generations'>, 'user_id'>;
};

export async function writePeople(sink: RowSink, people: PersonSpec[]): Promise<number[]> {
  const ids = await sink.add(
    'users',
    people.map(({ full_name, email, password_hash, role, controlnumber, gender }) => ({
      full_name,
      email,
      password_hash,
      role,
      controlnumber,
      gender,
      photo: null,
      ...stamps(sink),
    })),
  );
  await writeMemberships(
    sink,
    people.map((p, i) => ({ ...p, user_id: ids[i]! })),
  );
  return ids;
}

/** Where users belong: their careers, their groups and, for a student, the link to a generation. */
export type Memberships = Pick<PersonSpec, 'careers' | 'groups' | 'generation'> & { user_id: number };

export async function writeMemberships(sink: RowSink, members: Memberships[]): Promise<void> {
  await sink.put(
    'user_careers',
    members.flatMap((m) => (m.careers ?? []).map((career_id) => ({ user_id: m.user_id, career_id }))),
  );
  await sink.put(
    'user_groups',
    members.flatMap((m) => (m.groups ?? []).map((group_id) => ({ user_id: m.user_id, group_id }))),
  );
  await sink.put(
    'user_generations',
    members.flatMap((m) => (m.generation ? [{ user_id: m.user_id, ...m.generation, ...stamps(sink) }] : [])),
  );
}

/** A teacher's assignment: a subject to a group in a period, for a career. */
export type AssignmentSpec = Fields<'professor_subjects'>;

export function writeAssignments(sink: RowSink, assignments: AssignmentSpec[]): Promise<number[]> {
  return sink.add(
    'professor_subjects',
    assignments.map((a) => ({ ...a, created_at: sink.now })),
  );
}

export type EnrolmentSpec = Omit<Fields<'enrolments'>, 'status_id'>;

/** Enrolments in the status 'inscrito'. */
export function writeEnrolments(sink: RowSink, enrolments: EnrolmentSpec[]): Promise<void> {
  return sink.put(
    'enrolments',
    enrolments.map((e) => ({ ...e, status_id: 1, created_at: sink.now })),
  );
}

/** An activity of an assignment with the attributes it rates. */
export type ActivitySpec = Fields<'activities'> & { attribute_ids: number[] };

export async function writeActivities(sink: RowSink, activities: ActivitySpec[]): Promise<number[]> {
  const ids = await sink.add(
    'activities',
    activities.map(({ attribute_ids: _links, ...activity }) => ({ ...activity, ...stamps(sink) })),
  );
  await sink.put(
    'activity_attributes',
    activities.flatMap((a, i) => a.attribute_ids.map((attribute_id) => ({ activity_id: ids[i]!, attribute_id }))),
  );
  return ids;
}

export type GradeSpec = Omit<Fields<'user_activities'>, 'version'>;

/** Grades (null: not graded yet), copied field by field: the scale writes millions. */
export function writeGrades(sink: RowSink, grades: GradeSpec[]): Promise<void> {
  const updated_at = sink.now;
  return sink.put(
    'user_activities',
    grades.map((g) => ({
      user_id: g.user_id,
      activity_id: g.activity_id,
      qualification: g.qualification,
      updated_by: g.updated_by,
      updated_at,
    })),
  );
}

import type { InjectOptions } from 'fastify';
import { DATE_OUT_OF_RANGE, ROLE } from '@egreso/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { Database } from '../db/types.js';
import { buildApp } from '../app.js';
import { connect } from '../db/connect.js';
import type { ApiRoute } from '../plugins/route-guardrails.js';
import { as, createUser, useTestApp, type TestUser } from './harness.js';
import { multipart } from './multipart.js';
import { HOSTILE_TEXTS, deepArray, deepObject } from './hostile-inputs.js';

/**
 * The contract for every input: a bad one gets a clear Spanish 4xx ({message}, plus errors per field on 422),
 * never a 5xx or a stack trace, and it changes nothing. Every /api route that takes input has one entry in ROUTES:
 * the first test compares ROUTES with the routes the app declares and names any route left out.
 */
/**
 * Each answer carries the server's own time for it, from the request's arrival to its answer: the process's CPU time
 * (what the pathological inputs are held to: other work on a shared machine does not move it) and the elapsed time.
 */
const cpuAtStart = new WeakMap<object, NodeJS.CpuUsage>();
const ctx = useTestApp((app) => {
  app.addHook('onRequest', async (request) => {
    cpuAtStart.set(request, process.cpuUsage());
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const start = cpuAtStart.get(request);
    if (start) {
      const used = process.cpuUsage(start);
      reply.header('x-server-cpu-ms', ((used.user + used.system) / 1000).toFixed(2));
    }
    reply.header('x-server-ms', reply.elapsedTime.toFixed(2));
    return payload;
  });
});

type Table = keyof Database;
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** How a field is validated, which decides the hostile values it is sent. */
type Kind =
  | 'text'
  | 'optText'
  | 'code'
  | 'secret'
  | 'id'
  | 'optId'
  | 'int'
  | 'decimal'
  | 'date'
  | 'enum'
  | 'ids'
  | 'months'
  | 'email'
  | 'flag'
  | 'password';

const LONG = 'x'.repeat(10_000);
// 2147483648 is one past PostgreSQL's integer ids: it once reached the database there and answered 500.
const BAD_IDS: unknown[] = [0, -1, 1.5, 'abc', '99999999999999999999', '1; DROP TABLE users', '2147483648'];
/** PostgreSQL cannot store a NUL character in text: it once answered 500 there while SQLite stored it. */
const NUL = 'a\u0000b';

const BAD_VALUES: Record<Kind, unknown[]> = {
  text: [null, 123, {}, [], '', '   ', LONG, NUL],
  optText: [123, {}, [], LONG, NUL],
  /** Text or number (a control number may come as a number from a spreadsheet). */
  code: [null, {}, [], '', '   ', LONG, NUL],
  /** Passwords are not trimmed: only spaces is a (wrong) password, not a missing one. */
  secret: [null, 123, {}, [], '', LONG],
  // 1e20 is the JSON number 100000000000000000000, beyond any safe integer.
  id: ['abc', 0, -1, 1.5, {}, 1e20, 2147483648],
  optId: ['abc', -1, 1.5, {}, 2147483648],
  int: ['abc', 1.5, {}, -1, 100000],
  /** A number with at most two decimals (subject credits). */
  decimal: ['abc', 1.555, {}, -1, 100000, 1e20],
  // Outside LIMITS.dateMin..dateMax: year 9999 once overflowed the generation's end date into a 500.
  date: [
    '2026-02-30',
    '2026-13-01',
    '20260101',
    'mañana',
    20260101,
    {},
    '   ',
    '9999-12-31',
    '2200-01-01',
    '1899-12-31',
    '0000-01-01',
  ],
  enum: ['desconocido', 123, {}, ''],
  ids: [{}, 'x', 123, ['abc'], [0], [1.5]],
  months: [{}, 'x', 123, [13], ['abc'], [0]],
  email: ['', '   ', 'no-es-correo', 123, {}, `${LONG}@x.mx`],
  flag: ['talvez', 2, {}],
  password: [123, {}, [], LONG],
};

interface Ids {
  career: number;
  period: number;
  generation: number;
  attribute: number;
  group: number;
  subject: number;
  teacher: number;
  assignment: number;
  admin: number;
  student: number;
  userGeneration: number;
}

interface RouteCase {
  method: Method;
  /** The route as declared (with /api); each ':param' is replaced with a real id, or with each hostile id. */
  path: string;
  idOf?: keyof Ids;
  /** The table a write would change; compared before and after each hostile request. */
  table?: Table;
  /** A valid body; each field is then replaced, one at a time, with the hostile values of its kind. */
  body?: (ids: Ids) => Record<string, unknown>;
  /** Each body field's kind; left out, the kinds are read from the route's body schema (see kindsOf). */
  fields?: Record<string, Kind>;
  /** The answers a valid request to a missing id may get (the own-password route refuses others' ids with 403). */
  missing?: number[];
  /** A partial update or an all-optional body: {} is a valid request. Left out, the body schema decides. */
  emptyOk?: boolean;
  /** Hostile query strings, each sent alone. */
  queries?: Record<string, string>[];
}

const ROUTES: RouteCase[] = [
  {
    method: 'POST',
    path: '/api/login',
    table: 'access_tokens',
    body: () => ({ email: 'admin@x.mx', password: 'secreto123' }),
    fields: { email: 'email', password: 'secret' },
  },
  {
    method: 'POST',
    path: '/api/auth/oidc/exchange',
    table: 'access_tokens',
    body: () => ({ code: 'codigo-de-un-solo-uso' }),
    fields: { code: 'text' },
  },
  { method: 'GET', path: '/api/auth/oidc/callback', queries: [{ state: LONG }, { code: LONG }, { error: LONG }] },
  {
    method: 'POST',
    path: '/api/auth/forgot-password',
    table: 'mail_links',
    body: () => ({ email: 'alguien@x.mx' }),
    fields: { email: 'email' },
  },
  {
    method: 'POST',
    path: '/api/auth/link',
    body: () => ({ token: 'enlace-de-un-solo-uso-0123456789abcdefghijk' }),
    fields: { token: 'text' },
  },
  {
    method: 'POST',
    path: '/api/auth/link/password',
    table: 'access_tokens',
    body: () => ({
      token: 'enlace-de-un-solo-uso-0123456789abcdefghijk',
      password: 'cometa-violeta-17',
      password_confirmation: 'cometa-violeta-17',
    }),
    fields: { token: 'text', password: 'secret', password_confirmation: 'password' },
  },
  {
    method: 'POST',
    path: '/api/auth/link/email',
    table: 'users',
    body: () => ({ token: 'enlace-de-un-solo-uso-0123456789abcdefghijk' }),
    fields: { token: 'text' },
  },
  {
    method: 'GET',
    path: '/api/users',
    queries: [
      { role: '9' },
      { role: 'abc' },
      { career_id: 'abc' },
      { career_id: '0' },
      { search: LONG },
      { group_id: 'abc' },
      { active: '3' },
      { active: 'activo' },
      { include_generation: 'talvez' },
      { page: '0' },
      { per_page: '1000' },
      { per_page: 'x' },
    ],
  },
  { method: 'GET', path: '/api/usergroups', queries: [{ user_id: 'abc' }, { user_id: '-1' }, { user_id: '1.5' }] },
  {
    method: 'POST',
    path: '/api/usergroups',
    table: 'user_groups',
    body: (ids) => ({ user_id: ids.student, group_id: ids.group }),
  },
  { method: 'DELETE', path: '/api/usergroups/clear/:userId', idOf: 'student', table: 'user_groups' },
  { method: 'GET', path: '/api/usergenerations', queries: [{ user_id: 'abc' }, { user_id: '0' }] },
  {
    method: 'POST',
    path: '/api/usergenerations',
    table: 'user_generations',
    body: (ids) => ({ user_id: ids.student, generation_id: ids.generation, current_semester_id: 1 }),
    fields: { user_id: 'id', generation_id: 'id', current_semester_id: 'int', active: 'int' },
  },
  {
    method: 'PUT',
    path: '/api/usergenerations/:id',
    idOf: 'userGeneration',
    table: 'user_generations',
    body: (ids) => ({ generation_id: ids.generation, active: 1 }),
    fields: { generation_id: 'id', active: 'int', current_semester_id: 'optId' },
  },
  {
    method: 'PUT',
    path: '/api/students/:id/status',
    idOf: 'student',
    table: 'user_generations',
    body: () => ({ active: 1 }),
    fields: { active: 'int' },
  },
  {
    method: 'POST',
    path: '/api/students/advance-semester',
    table: 'user_generations',
    emptyOk: true,
    body: (ids) => ({ group_id: ids.group }),
    fields: { group_id: 'optId' },
  },
  {
    method: 'GET',
    path: '/api/students/export',
    queries: [{ active: '5' }, { active: 'todos' }, { assign_generation: 'talvez' }],
  },
  { method: 'POST', path: '/api/students/import', table: 'users', queries: [{ dry_run: 'talvez' }, { dry_run: '2' }] },
  { method: 'POST', path: '/api/teachers/import', table: 'users', queries: [{ dry_run: 'talvez' }] },
  { method: 'GET', path: '/api/users/:id', idOf: 'teacher' },
  {
    method: 'POST',
    path: '/api/users',
    table: 'users',
    body: () => ({ full_name: 'Ana Pérez', controlnumber: 'Z1', email: 'ana.bad@x.mx', gender: 2, role: ROLE.TEACHER }),
    fields: {
      full_name: 'text',
      controlnumber: 'code',
      email: 'email',
      gender: 'int',
      role: 'int',
      password: 'password',
      career_id: 'optId',
    },
  },
  {
    method: 'PUT',
    path: '/api/users/:id',
    idOf: 'teacher',
    table: 'users',
    body: () => ({ full_name: 'Profesor Editado', email: 'editado.bad@x.mx' }),
    fields: {
      full_name: 'text',
      email: 'email',
      gender: 'int',
      role: 'int',
      password: 'password',
      career_id: 'optId',
      photo: 'password',
    },
  },
  { method: 'DELETE', path: '/api/users/:id', idOf: 'teacher', table: 'users' },
  { method: 'POST', path: '/api/users/:id/reset-password', idOf: 'teacher', table: 'users' },
  {
    method: 'POST',
    path: '/api/users/reset-passwords',
    table: 'users',
    body: (ids) => ({ group_id: ids.group }),
    fields: { group_id: 'id' },
  },
  {
    method: 'POST',
    path: '/api/users/:id/password',
    idOf: 'admin',
    table: 'users',
    missing: [403],
    body: () => ({ current_password: 'secreto123', password: 'nueva1234', password_confirmation: 'nueva1234' }),
    fields: { current_password: 'secret', password: 'secret', password_confirmation: 'password' },
  },
  { method: 'GET', path: '/api/usersessions', queries: [{ user_id: 'abc' }, { user_id: '-1' }, { user_id: '1.5' }] },
  {
    method: 'POST',
    path: '/api/usersessions',
    table: 'user_sessions',
    emptyOk: true,
    body: () => ({ user_agent: 'Navegador' }),
    fields: { user_agent: 'password' },
  },
  {
    method: 'POST',
    path: '/api/careers',
    table: 'careers',
    body: () => ({ career_key: 'NUEVA', name: 'Carrera Nueva' }),
    fields: { career_key: 'text', name: 'text' },
  },
  {
    method: 'PUT',
    path: '/api/careers/:id',
    idOf: 'career',
    table: 'careers',
    body: () => ({ career_key: 'EDIT', name: 'Carrera Editada' }),
    fields: { career_key: 'text', name: 'text' },
  },
  { method: 'DELETE', path: '/api/careers/:id', idOf: 'career', table: 'careers' },
  {
    method: 'GET',
    path: '/api/periods',
    queries: [
      { per_page: '0' },
      { per_page: '100000' },
      { page: '-1' },
      { page: 'x' },
      { is_active: 'talvez' },
      { status: 'desconocido' },
      { period_name: LONG },
    ],
  },
  {
    method: 'POST',
    path: '/api/periods',
    table: 'periods',
    body: () => ({ period_name: 'ENE-JUN 2031', start_date: '2031-01-10', end_date: '2031-06-30' }),
    fields: { period_name: 'text', start_date: 'date', end_date: 'date', status: 'enum', notes: 'optText' },
  },
  {
    method: 'PUT',
    path: '/api/periods/:id',
    idOf: 'period',
    table: 'periods',
    emptyOk: true,
    body: () => ({ period_name: 'Periodo Editado' }),
    fields: {
      period_name: 'text',
      start_date: 'date',
      end_date: 'date',
      status: 'enum',
      is_active: 'flag',
      notes: 'optText',
    },
  },
  { method: 'DELETE', path: '/api/periods/:id', idOf: 'period', table: 'periods' },
  { method: 'POST', path: '/api/periods/:id/activate', idOf: 'period', table: 'periods' },
  { method: 'POST', path: '/api/periods/:id/close', idOf: 'period', table: 'periods' },
  {
    method: 'PUT',
    path: '/api/admin/group-policy',
    table: 'group_policy',
    body: () => ({ mode: 'any', odd_months: [8], even_months: [1], fallback: 'any', naming_scheme: 'auto' }),
    fields: { mode: 'enum', odd_months: 'months', even_months: 'months', fallback: 'enum', naming_scheme: 'enum' },
  },
  {
    method: 'GET',
    path: '/api/generations/preview',
    queries: [
      {},
      { start_date: '2026-02-30' },
      { start_date: '2026-13-01' },
      { start_date: '20260101' },
      { start_date: 'mañana' },
    ],
  },
  {
    method: 'GET',
    path: '/api/reportes/metas',
    queries: [{}, { career_id: 'abc' }, { period_id: '0' }, { career_id: '1', period_id: '-1' }],
  },
  {
    method: 'PUT',
    path: '/api/reportes/metas',
    table: 'attribute_targets',
    body: (ids) => ({
      career_id: ids.career,
      period_id: ids.period,
      targets: [{ attribute_id: ids.attribute, target: 70 }],
    }),
    fields: { career_id: 'id', period_id: 'id', targets: 'ids' },
  },
  {
    method: 'GET',
    path: '/api/reportes/flex',
    queries: [
      {},
      { generation_id: 'abc' },
      { generation_id: '0' },
      { generation_id: '1; DROP TABLE users' },
      { subject_id: '-1' },
      { period_id: '1.5' },
      { attribute_id: 'x' },
    ],
  },
  {
    method: 'GET',
    path: '/api/reportes/flex/resumen',
    queries: [
      {},
      { generation_id: 'abc' },
      { generation_id: '0' },
      { generation_id: '1', career_id: 'x' },
      { subject_id: '-1' },
      { period_id: '1.5' },
      { attribute_id: 'x' },
    ],
  },
  {
    method: 'GET',
    path: '/api/reportes/flex/export',
    queries: [
      {},
      { generation_id: 'abc' },
      { generation_id: '99999999999999999999' },
      { subject_id: 'abc' },
      { period_id: '0' },
    ],
  },
  {
    method: 'GET',
    path: '/api/reportes/evidencia',
    queries: [
      {},
      { career_id: 'abc', generation_id: '1' },
      { career_id: '1' },
      { career_id: '1', generation_id: '0' },
      { career_id: '-1', generation_id: '1.5' },
    ],
  },
  {
    method: 'GET',
    path: '/api/reportes/mapa-curricular',
    queries: [{}, { career_id: 'abc' }, { career_id: '1', period_id: '0' }, { career_id: '1', period_id: 'x' }],
  },
  {
    method: 'GET',
    path: '/api/reportes/acciones-mejora',
    queries: [
      { career_id: 'abc' },
      { generation_id: '0' },
      { attribute_id: '-1' },
      { period_id: '1.5' },
      { status: 'hecha' },
      { status: LONG },
    ],
  },
  {
    method: 'GET',
    path: '/api/reportes/acciones-mejora/export',
    queries: [{ career_id: '0' }, { status: 'Planeada' }, { generation_id: 'x' }],
  },
  {
    method: 'POST',
    path: '/api/reportes/acciones-mejora',
    table: 'improvement_actions',
    body: (ids) => ({
      career_id: ids.career,
      generation_id: ids.generation,
      attribute_id: ids.attribute,
      finding_period_id: ids.period,
      period_id: ids.period,
      cause: 'Causa',
      action: 'Acción',
      subject_ids: [ids.subject],
    }),
  },
  // Hostile input is refused by validation before the action is looked up, so the assignment id stands in for one.
  {
    method: 'PUT',
    path: '/api/reportes/acciones-mejora/:id',
    idOf: 'assignment',
    table: 'improvement_actions',
    body: (ids) => ({
      period_id: ids.period,
      cause: 'Causa',
      action: 'Acción',
      subject_ids: [],
      expected_share: 70,
      status: 'en_curso',
    }),
  },
  { method: 'DELETE', path: '/api/reportes/acciones-mejora/:id', idOf: 'assignment', table: 'improvement_actions' },
  {
    method: 'GET',
    path: '/api/reportes/acciones-mejora/:id/medicion',
    idOf: 'assignment',
    // The id test sends no query: the required period is refused before the action is looked up.
    missing: [422],
    queries: [
      {},
      { period_id: 'abc' },
      { period_id: '1', expected_share: '101' },
      { period_id: '1', expected_share: 'x' },
    ],
  },
  {
    method: 'POST',
    path: '/api/reportes/acciones-mejora/:id/seguimientos',
    idOf: 'assignment',
    table: 'improvement_action_followups',
    body: () => ({ followup_date: '2031-09-15', text: 'Taller de modelado' }),
  },
  {
    method: 'GET',
    path: '/api/reportes/rendimiento',
    queries: [
      {},
      { career_id: '1' },
      { career_id: 'abc', generation_id: '1' },
      { career_id: '1', generation_id: '0' },
      { career_id: '1.5', generation_id: '-1' },
    ],
  },
  {
    method: 'GET',
    path: '/api/reportes/rendimiento/export',
    queries: [{}, { generation_id: '1' }, { career_id: '1', generation_id: 'x' }],
  },
  {
    method: 'GET',
    path: '/api/generations',
    queries: [{ from: '2026-02-30' }, { to: 'mañana' }, { from: '20260101' }],
  },
  { method: 'GET', path: '/api/generations/:id', idOf: 'generation' },
  {
    method: 'POST',
    path: '/api/generations',
    table: 'generations',
    body: () => ({ start_date: '2031-08-01' }),
    fields: { start_date: 'date', end_date: 'date' },
  },
  {
    method: 'PUT',
    path: '/api/generations/:id',
    idOf: 'generation',
    table: 'generations',
    body: () => ({ start_date: '2030-08-01', end_date: '2035-01-31' }),
    fields: { start_date: 'date', end_date: 'date' },
  },
  {
    method: 'PATCH',
    path: '/api/generations/:id',
    idOf: 'generation',
    table: 'generations',
    body: () => ({ end_date: '2035-07-31' }),
  },
  { method: 'DELETE', path: '/api/generations/:id', idOf: 'generation', table: 'generations' },
  { method: 'GET', path: '/api/attributes/:id', idOf: 'attribute' },
  {
    method: 'POST',
    path: '/api/attributes',
    table: 'attributes',
    body: (ids) => ({ attribute_name: 'AE9', description: 'Descripción', career_id: ids.career }),
    fields: { attribute_name: 'text', description: 'text', codigo: 'optText', career_id: 'optId' },
  },
  {
    method: 'PUT',
    path: '/api/attributes/:id',
    idOf: 'attribute',
    table: 'attributes',
    body: (ids) => ({ attribute_name: 'AE8', description: 'Editada', career_id: ids.career }),
    fields: { attribute_name: 'text', description: 'optText', codigo: 'optText', career_id: 'optId' },
  },
  { method: 'DELETE', path: '/api/attributes/:id', idOf: 'attribute', table: 'attributes' },
  { method: 'GET', path: '/api/groups/:id', idOf: 'group' },
  { method: 'GET', path: '/api/groups/subject/:id', idOf: 'subject' },
  { method: 'GET', path: '/api/groups/:id/students', idOf: 'group' },
  {
    method: 'POST',
    path: '/api/groups',
    table: 'groups',
    body: () => ({ group_name: '902', semester_id: 9 }),
    fields: { group_name: 'text', semester_id: 'int' },
  },
  {
    method: 'PUT',
    path: '/api/groups/:id',
    idOf: 'group',
    table: 'groups',
    body: () => ({ group_name: '903', semester_id: 9 }),
    fields: { group_name: 'text', semester_id: 'int' },
  },
  { method: 'DELETE', path: '/api/groups/:id', idOf: 'group', table: 'groups' },
  { method: 'GET', path: '/api/subjects/:id', idOf: 'subject' },
  { method: 'GET', path: '/api/subjects/:id/attributes', idOf: 'subject' },
  {
    method: 'POST',
    path: '/api/subjects',
    table: 'subjects',
    body: () => ({ subject_name: 'Materia Nueva', subject_key: 'MN-1', theory_credits: 2, practice_credits: 2 }),
    fields: {
      subject_name: 'text',
      subject_key: 'text',
      theory_credits: 'decimal',
      practice_credits: 'decimal',
      prerequisites: 'ids',
      semesters: 'ids',
      careers: 'ids',
      attributes: 'ids',
    },
  },
  {
    method: 'PUT',
    path: '/api/subjects/:id',
    idOf: 'subject',
    table: 'subjects',
    body: () => ({ subject_name: 'Materia Editada', subject_key: 'ME-1', theory_credits: 3, practice_credits: 1 }),
    fields: {
      subject_name: 'text',
      subject_key: 'text',
      theory_credits: 'decimal',
      practice_credits: 'decimal',
      prerequisites: 'ids',
      semesters: 'ids',
      careers: 'ids',
      attributes: 'ids',
    },
  },
  { method: 'DELETE', path: '/api/subjects/:id', idOf: 'subject', table: 'subjects' },
  {
    method: 'GET',
    path: '/api/professorsubjects',
    queries: [{ user_id: 'abc' }, { period_id: '-1' }, { period_id: '1.5' }, { current: 'talvez' }],
  },
  {
    method: 'POST',
    path: '/api/professorsubjects',
    table: 'professor_subjects',
    body: (ids) => ({ user_id: ids.teacher, subject_id: ids.subject, group_id: ids.group, period_id: ids.period }),
    fields: { user_id: 'id', subject_id: 'id', group_id: 'id', period_id: 'optId', career_id: 'optId' },
  },
  { method: 'DELETE', path: '/api/professorsubjects/:id', idOf: 'assignment', table: 'professor_subjects' },
  {
    method: 'PUT',
    path: '/api/professorsubjects/by-professor/:userId',
    idOf: 'teacher',
    table: 'professor_subjects',
    body: (ids) => ({ period_id: ids.period, rows: [{ subject_id: ids.subject, group_id: ids.group }] }),
    fields: { period_id: 'optId', rows: 'ids' },
  },
  {
    method: 'DELETE',
    path: '/api/professorsubjects/by-professor/:userId',
    idOf: 'teacher',
    table: 'professor_subjects',
    queries: [{ period_id: 'abc' }, { period_id: '0' }, { period_id: '1; DROP TABLE users' }],
  },
  {
    method: 'GET',
    path: '/api/profesor/materias',
    queries: [{ career_id: '0' }, { period_id: 'abc' }, { current: 'talvez' }],
  },
  {
    method: 'GET',
    path: '/api/activities',
    queries: [
      { subject_id: 'abc' },
      { professor_subject_id: '0' },
      { group_id: '-1' },
      { period_id: '1.5' },
      { career_id: 'x' },
      { user_id: LONG },
    ],
  },
  { method: 'GET', path: '/api/activities/by-professor/:id', idOf: 'teacher' },
  {
    method: 'POST',
    path: '/api/activities/bulk-upsert',
    table: 'activities',
    body: (ids) => ({
      professor_subject_id: ids.assignment,
      activities: [{ activity_name: 'Examen', attribute_ids: [] }],
    }),
  },
  { method: 'DELETE', path: '/api/activities/:id', idOf: 'assignment', table: 'activities' },
  {
    method: 'GET',
    path: '/api/subjects/:id/enrolled-students',
    idOf: 'subject',
    queries: [{}, { group_id: 'abc' }, { group_id: '0' }, { period_id: '-1' }, { semester_id: '1.5' }],
  },
  { method: 'GET', path: '/api/grade-sheets/:id', idOf: 'assignment' },
  {
    method: 'POST',
    path: '/api/useractivities/by-users-and-activities',
    body: (ids) => ({ user_ids: [ids.teacher], activity_ids: [1] }),
  },
  {
    method: 'POST',
    path: '/api/profesor/calificar/actividades/batch',
    table: 'user_activities',
    body: (ids) => ({ calificaciones: [{ user_id: ids.teacher, activity_id: 1, qualification: 90 }] }),
  },
  {
    method: 'GET',
    path: '/api/grades/groups/:group/subjects/:subject/finals',
    idOf: 'group',
    queries: [{ as: 'tabla' }, { period_id: 'abc' }, { period_id: '0' }],
  },
  {
    method: 'GET',
    path: '/api/userattributes',
    queries: [
      {},
      { subject_id: 'abc', group_id: '1' },
      { subject_id: '1', group_id: '0' },
      { subject_id: '1', group_id: '1', aggregate: 'suma' },
    ],
  },
  { method: 'GET', path: '/api/profesor/dashboard', queries: [{ career_id: 'abc' }, { career_id: '0' }] },
  {
    method: 'GET',
    path: '/api/grade-history',
    queries: [
      {},
      { activity_id: 'abc' },
      { user_id: '0' },
      { professor_subject_id: '-1' },
      { batch_id: LONG },
      { activity_id: '1', source: 'teclado' },
    ],
  },
  {
    method: 'GET',
    path: '/api/grade-history/imports',
    queries: [{}, { professor_subject_id: 'abc' }, { professor_subject_id: '0' }],
  },
  { method: 'POST', path: '/api/grade-history/imports/:batchId/undo', idOf: 'assignment', table: 'user_activities' },
  {
    method: 'POST',
    path: '/api/grade-history/:id/restore',
    idOf: 'assignment',
    table: 'user_activities',
    body: () => ({ version: 0 }),
    // A version is a non-negative integer in the id range (0: no stored grade), refused like an optional id.
    fields: { version: 'optId', value: 'enum' },
  },
  {
    method: 'GET',
    path: '/api/ratings/template',
    queries: [{}, { group_id: 'abc', subject_id: '1' }, { group_id: '1', subject_id: '0' }],
  },
  {
    method: 'GET',
    path: '/api/ratings/export',
    queries: [
      {},
      { group_id: '1', subject_id: 'x' },
      { group_id: '1', subject_id: '1', include_nulls: 'talvez' },
      { group_id: '1', subject_id: '1', period_id: '-1' },
    ],
  },
  { method: 'POST', path: '/api/ratings/import', table: 'user_activities', queries: [{ dry_run: 'talvez' }] },
  { method: 'POST', path: '/api/ratings/gradebook', table: 'user_activities', queries: [{ dry_run: 'talvez' }] },
  {
    method: 'POST',
    path: '/api/userattribute-observations/batch',
    table: 'observations',
    body: (ids) => ({
      observaciones: [
        { user_id: ids.teacher, attribute_id: ids.attribute, subject_id: ids.subject, observation: 'Bien' },
      ],
    }),
  },
  {
    method: 'GET',
    path: '/api/alumno/materias-inscritas',
    queries: [{}, { user_id: 'abc' }, { user_id: '0' }, { user_id: '1', semester_id: '1.5' }],
  },
  {
    method: 'GET',
    path: '/api/alumno/materias-disponibles',
    queries: [
      {},
      { user_id: '1' },
      { user_id: 'abc', semester_id: '1' },
      { user_id: '1', semester_id: '-1' },
      { user_id: '1', semester_id: '1', group_id: 'x' },
    ],
  },
  { method: 'GET', path: '/api/alumno/grupos', queries: [{}, { user_id: 'abc' }, { user_id: '-1' }] },
  {
    method: 'POST',
    path: '/api/alumno/inscribir',
    table: 'enrolments',
    body: (ids) => ({ user_id: ids.admin, subject_id: ids.subject, semester_id: 1 }),
    fields: {
      user_id: 'id',
      subject_id: 'id',
      semester_id: 'id',
      period_id: 'optId',
      group_id: 'optId',
      status_id: 'int',
    },
  },
  { method: 'GET', path: '/api/subjects/user/:id', idOf: 'admin' },
  {
    method: 'GET',
    path: '/api/userattributes/by-user/:id',
    idOf: 'admin',
    queries: [{ subject_id: 'abc' }, { subject_id: '0' }],
  },
  { method: 'GET', path: '/api/reportes/alumno/:id/global', idOf: 'admin' },
  { method: 'GET', path: '/api/alumno/:id/tablero', idOf: 'admin' },
  { method: 'GET', path: '/api/alumno/:id/perfil-atributos', idOf: 'admin' },
  { method: 'GET', path: '/api/alumno/:id/datos', idOf: 'admin' },
  {
    method: 'GET',
    path: '/api/userattribute-observations/history',
    queries: [
      {},
      { subject_id: 'abc', user_id: '1' },
      { subject_id: '1', user_id: '0' },
      { subject_id: '1', user_id: '1', attribute_id: '1.5' },
    ],
  },
  // Rubric routes: hostile input is refused by validation before any id is looked up, so the assignment id stands in.
  { method: 'GET', path: '/api/profesor/materia/:id/rubrica', idOf: 'assignment' },
  {
    method: 'POST',
    path: '/api/rubrics',
    table: 'rubrics',
    body: (ids) => ({ professor_subject_id: ids.assignment }),
    fields: { professor_subject_id: 'id', rubric_name: 'optText' },
  },
  {
    method: 'GET',
    path: '/api/rubrics/copy-sources',
    queries: [{}, { professor_subject_id: 'abc' }, { professor_subject_id: '0' }],
  },
  {
    method: 'POST',
    path: '/api/rubrics/copy',
    table: 'evaluation_criterias',
    body: (ids) => ({ from_professor_subject_id: ids.assignment, to_professor_subject_id: ids.assignment }),
    fields: { from_professor_subject_id: 'id', to_professor_subject_id: 'id' },
  },
  { method: 'GET', path: '/api/rubrics/:id/export', idOf: 'assignment' },
  {
    method: 'POST',
    path: '/api/evaluationcriterias',
    table: 'evaluation_criterias',
    body: (ids) => ({ rubric_id: ids.assignment, attribute_id: ids.attribute, name_criterion: 'Criterio', weight: 50 }),
    fields: { rubric_id: 'id', attribute_id: 'id', name_criterion: 'text', weight: 'int' },
  },
  {
    method: 'PUT',
    path: '/api/evaluationcriterias/:id',
    idOf: 'assignment',
    table: 'evaluation_criterias',
    body: () => ({ name_criterion: 'Criterio', weight: 50 }),
    fields: { name_criterion: 'text', weight: 'int' },
  },
  { method: 'DELETE', path: '/api/evaluationcriterias/:id', idOf: 'assignment', table: 'evaluation_criterias' },
  {
    method: 'POST',
    path: '/api/evaluationcriterias/:id/assign-scale',
    idOf: 'assignment',
    table: 'criteria_scales',
    body: () => ({ scale_id: 1, custom_description: 'Descripción' }),
    fields: { scale_id: 'id', custom_description: 'optText' },
  },
  {
    method: 'POST',
    path: '/api/indicators',
    table: 'indicators',
    body: (ids) => ({ evaluationcriteria_id: ids.assignment, description: 'Indicador', weight: 20 }),
    fields: { evaluationcriteria_id: 'id', description: 'text', weight: 'int' },
  },
  {
    method: 'PUT',
    path: '/api/indicators/:id',
    idOf: 'assignment',
    table: 'indicators',
    body: () => ({ description: 'Indicador', weight: 20 }),
    fields: { description: 'text', weight: 'int' },
  },
  { method: 'DELETE', path: '/api/indicators/:id', idOf: 'assignment', table: 'indicators' },
  {
    method: 'GET',
    path: '/api/reportes/grupo',
    queries: [
      {},
      { subject_id: 'abc', group_id: '1' },
      { subject_id: '1' },
      { subject_id: '1', group_id: '0' },
      { subject_id: '1', group_id: '1', period_id: '1.5' },
    ],
  },
  {
    method: 'GET',
    path: '/api/reportes/grupo/alumno',
    queries: [
      { subject_id: '1', group_id: '1' },
      { subject_id: '1', group_id: '1', user_id: 'abc' },
      { subject_id: '-1', group_id: '1', user_id: '1' },
    ],
  },
];

/** The /api routes the app declares (the route guardrail records them as they are registered); no database is needed. */
async function declaredRoutes(): Promise<readonly ApiRoute[]> {
  const database = connect('sqlite::memory:');
  const app = await buildApp({ database });
  await app.ready();
  const routes = app.apiRoutes;
  await app.close();
  await database.close();
  return routes;
}
const DECLARED = await declaredRoutes();
const keyOf = (r: { method: string; url?: string; path?: string }) => `${r.method} ${r.url ?? r.path}`;
const declaredOf = (route: RouteCase) => DECLARED.find((r) => keyOf(r) === keyOf(route));

type Zod = z.ZodType & { _zod: { def: Record<string, unknown> & { type: string } } };

/** The kind of hostile values a body field gets, read from its zod schema (and its name, for dates and e-mails). */
function kindOfField(name: string, schema: Zod): Kind | null {
  let s = schema;
  let optional = false;
  for (;;) {
    const def = s._zod.def;
    if (def.type === 'optional' || def.type === 'nullable' || def.type === 'default') {
      optional = true;
      s = def.innerType as Zod;
    } else if (def.type === 'pipe') {
      s = def.in as Zod;
    } else break;
  }
  switch (s._zod.def.type) {
    case 'string':
      if (/(^|_)date$|^(from|to)$/.test(name)) return 'date';
      if (/email/.test(name)) return 'email';
      if (/password/.test(name)) return optional ? 'password' : 'secret';
      return optional ? 'optText' : 'text';
    case 'number':
      return /(^|_)id$/.test(name) ? (optional ? 'optId' : 'id') : 'int';
    case 'array':
      return 'ids';
    case 'enum':
      return 'enum';
    case 'boolean':
      return 'flag';
    default:
      return null;
  }
}

/** Every field of a route's body schema with its kind; a field whose kind cannot be read must be listed in `fields`. */
function kindsOf(route: RouteCase): Record<string, Kind> {
  const body = declaredOf(route)?.schema.body as Zod | undefined;
  if (body?._zod.def.type !== 'object')
    throw new Error(`${keyOf(route)}: the body is not a zod object; list its fields' kinds in ROUTES`);
  const kinds: Record<string, Kind> = {};
  for (const [name, field] of Object.entries(body._zod.def.shape as Record<string, Zod>)) {
    const kind = kindOfField(name, field);
    if (!kind)
      throw new Error(
        `${keyOf(route)}: cannot tell the kind of '${name}' from its schema; list it in the entry's fields`,
      );
    kinds[name] = kind;
  }
  return kinds;
}

function acceptsEmptyBody(route: RouteCase): boolean {
  const body = declaredOf(route)?.schema.body as z.ZodType | undefined;
  return body?.safeParse({}).success ?? false;
}

/** Words of zod's and Fastify's English defaults; none may reach a user. */
const ENGLISH =
  /\b(expected|invalid input|invalid|required|must be|must have|received|too (big|small|large)|should|not found|bad request|unsupported|body|string|number|array|object|undefined|null)\b/i;
/** zod's generic wording that tells a user nothing about what to fix. */
const UNCLEAR = /(^Entrada inválida\.?$|<=|>=|\bNaN\b|\bint\b|9007199254740991)/;
const INTERNALS =
  /(\bat \S+\.(ts|js):\d+|\bstack\b|\bSELECT\b|\bINSERT INTO\b|\bUPDATE \w+ SET\b|\bDELETE FROM\b|\bDROP TABLE\b|SQLITE_|sqlite|postgres|violates|constraint|node_modules|FST_)/i;

let admin: TestUser;
let teacher: TestUser;
const ids = {} as Ids;

async function created(opts: { url: string; payload: Record<string, unknown> }): Promise<number> {
  const res = await as(ctx(), admin, { method: 'POST', ...opts });
  if (res.statusCode !== 201) throw new Error(`fixture ${opts.url}: ${res.statusCode} ${res.body}`);
  return res.json().id as number;
}

beforeAll(async () => {
  admin = await createUser(ctx(), ROLE.ADMIN);
  teacher = await createUser(ctx(), ROLE.TEACHER);
  ids.admin = admin.id;
  ids.teacher = teacher.id;
  ids.student = (await createUser(ctx(), ROLE.STUDENT)).id;
  ids.career = await created({ url: '/api/careers', payload: { career_key: 'BAD', name: 'Carrera de Entradas' } });
  ids.period = await created({
    url: '/api/periods',
    payload: { period_name: 'ENE-JUN 2030', start_date: '2030-01-10', end_date: '2030-06-30' },
  });
  ids.generation = await created({ url: '/api/generations', payload: { start_date: '2030-08-01' } });
  ids.userGeneration = await created({
    url: '/api/usergenerations',
    payload: { user_id: ids.student, generation_id: ids.generation, current_semester_id: 1 },
  });
  ids.attribute = await created({
    url: '/api/attributes',
    payload: { attribute_name: 'AE1', description: 'Resolver problemas', career_id: ids.career },
  });
  ids.group = await created({ url: '/api/groups', payload: { group_name: '901', semester_id: 9 } });
  ids.subject = await created({
    url: '/api/subjects',
    payload: {
      subject_name: 'Residencia',
      subject_key: 'RES-1',
      theory_credits: 0,
      practice_credits: 10,
      semesters: [9],
    },
  });
  ids.assignment = await created({
    url: '/api/professorsubjects',
    payload: { user_id: ids.teacher, subject_id: ids.subject, group_id: ids.group, period_id: ids.period },
  });
});

async function snapshot(table: Table | undefined): Promise<string> {
  if (!table) return '';
  const rows = await ctx().database.db.selectFrom(table).selectAll().execute();
  return JSON.stringify(rows);
}

function urlOf(route: RouteCase, id: unknown, query: Record<string, string> = {}): string {
  const path = route.path.replace(/:\w+/g, encodeURIComponent(String(id)));
  const qs = new URLSearchParams(query).toString();
  return qs ? `${path}?${qs}` : path;
}

function validUrl(route: RouteCase, query: Record<string, string> = {}): string {
  return urlOf(route, route.idOf ? ids[route.idOf] : '', query);
}

function expectSpanish(text: unknown, where: string): void {
  expect(typeof text, where).toBe('string');
  expect((text as string).trim().length, where).toBeGreaterThan(0);
  expect(text, `${where}: English in "${String(text)}"`).not.toMatch(ENGLISH);
  expect(text, `${where}: unclear "${String(text)}"`).not.toMatch(UNCLEAR);
}

/** Sends one hostile request and checks the whole contract; returns the answer's JSON for extra checks. */
async function expectRefused(
  route: RouteCase,
  opts: InjectOptions & { url: string },
  allowed: number[],
  label: string,
): Promise<{ message: string; errors?: Record<string, string[]> }> {
  const before = await snapshot(route.table);
  // A role the route does not serve is refused before its body is read (DESIGN §5, Who you are first).
  const res = await as(ctx(), senderOf(route.path), { method: route.method, ...opts });
  const where = `${route.method} ${route.path} ${label} → ${res.statusCode} ${res.body.slice(0, 300)}`;
  expect(allowed, where).toContain(res.statusCode);
  expect(res.headers['content-type'], where).toMatch(/application\/json/);
  expect(res.body, where).not.toMatch(INTERNALS);
  const json = res.json() as { message: string; errors?: Record<string, string[]> };
  expectSpanish(json.message, where);
  if (res.statusCode === 422) {
    expect(json.errors, where).toBeTypeOf('object');
    const entries = Object.entries(json.errors ?? {});
    expect(entries.length, where).toBeGreaterThan(0);
    for (const [field, messages] of entries) {
      expect(Array.isArray(messages) && messages.length > 0, `${where} [${field}]`).toBe(true);
      for (const m of messages) expectSpanish(m, `${where} [${field}]`);
    }
  }
  expect(await snapshot(route.table), `${where}: the table changed`).toBe(before);
  return json;
}

const show = (v: unknown) => {
  const s = typeof v === 'string' ? `'${v}'` : JSON.stringify(v);
  return s.length > 40 ? `${s.slice(0, 30)}…(${s.length})` : s;
};
type Payload = Pick<InjectOptions, 'payload' | 'headers'>;
const json = (payload: unknown): Payload => ({
  payload: JSON.stringify(payload),
  headers: { 'content-type': 'application/json' },
});
const INVALID = [400, 404, 413, 415, 422];

describe('the table of routes', () => {
  it('has one entry, with the inputs it takes, for every /api route that takes input', () => {
    const problems: string[] = [];
    for (const declared of DECLARED) {
      const { params, querystring, body } = declared.input;
      if (!params && !querystring && !body) continue;
      const entry = ROUTES.find((r) => keyOf(r) === keyOf(declared));
      const takes = Object.entries(declared.input)
        .filter(([, v]) => v)
        .map(([k]) => k)
        .join(', ');
      if (!entry) {
        problems.push(`${keyOf(declared)} (takes ${takes}) has no entry: add one to ROUTES in test/bad-inputs.test.ts`);
        continue;
      }
      if (params && !entry.idOf) problems.push(`${keyOf(declared)} takes path parameters: give its entry idOf`);
      if (querystring && !entry.queries?.length)
        problems.push(`${keyOf(declared)} takes a query string: give its entry queries`);
      if (body && !entry.body) problems.push(`${keyOf(declared)} takes a body: give its entry a valid body`);
    }
    for (const entry of ROUTES) {
      if (!declaredOf(entry)) problems.push(`${keyOf(entry)} is in ROUTES but the app declares no such route`);
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });
});

describe.each(ROUTES)('$method $path', (route) => {
  const validBody = () => route.body?.(ids) ?? {};

  if (route.idOf) {
    it.each(BAD_IDS.map((id) => [show(id), id]))('refuses the id %s with a Spanish 4xx', async (_, id) => {
      await expectRefused(
        route,
        { url: urlOf(route, id), ...(route.body ? json(validBody()) : {}) },
        [400, 404, 422],
        `id=${show(id)}`,
      );
    });
    it('answers 404 in Spanish for an id that does not exist', async () => {
      await expectRefused(
        route,
        { url: urlOf(route, 987654), ...(route.body ? json(validBody()) : {}) },
        route.missing ?? [404],
        'id=987654',
      );
    });
  }

  for (const query of route.queries ?? []) {
    it(`refuses the query ${show(query)}`, async () => {
      await expectRefused(route, { url: validUrl(route, query) }, [400, 422], `query=${show(query)}`);
    });
  }

  if (route.body) {
    const shapes: [string, Payload][] = [
      ['no body', {}],
      ['a null body', json(null)],
      ['an array body', json([])],
      ['a string body', json('texto')],
      ['a number body', json(42)],
      ['a malformed JSON body', { payload: '{"a": ', headers: { 'content-type': 'application/json' } }],
      ['a JSON body sent as text/plain', { payload: '{"a":1}', headers: { 'content-type': 'text/plain' } }],
      ['a JSON body sent as XML', { payload: '<a/>', headers: { 'content-type': 'application/xml' } }],
    ];
    if (!(route.emptyOk ?? acceptsEmptyBody(route))) shapes.push(['an empty object', json({})]);
    it.each(shapes)('refuses %s', async (label, opts) => {
      await expectRefused(route, { url: validUrl(route), ...opts }, [400, 415, 422], label);
    });

    it('refuses a 2 MB JSON body with 413', async () => {
      const huge = { ...validBody(), filler: 'x'.repeat(2 * 1024 * 1024) };
      await expectRefused(route, { url: validUrl(route), ...json(huge) }, [413], '2 MB body');
    });

    const fieldCases = Object.entries(route.fields ?? kindsOf(route)).flatMap(([field, kind]) =>
      BAD_VALUES[kind].map((value) => [field, show(value), value] as const),
    );
    it.each(fieldCases)('refuses %s = %s with 422 and an error for that field', async (field, _, value) => {
      const body = { ...validBody(), [field]: value };
      const answer = await expectRefused(
        route,
        { url: validUrl(route), ...json(body) },
        [422],
        `${field}=${show(value)}`,
      );
      expect(
        Object.keys(answer.errors ?? {}).some((k) => k === field || k.startsWith(`${field}.`)),
        `${field}: ${JSON.stringify(answer)}`,
      ).toBe(true);
    });
  }
});

describe('dates outside the accepted range', () => {
  const cases: [string, string, Record<string, unknown>, string][] = [
    ['POST', '/api/generations', { start_date: '9999-12-31' }, 'start_date'],
    ['PATCH', '/api/generations/:id', { end_date: '2200-01-01' }, 'end_date'],
    ['POST', '/api/periods', { period_name: 'Remoto', start_date: '1899-12-31', end_date: '2031-06-30' }, 'start_date'],
  ];
  it.each(cases)('%s %s refuses %j with a Spanish 422 on the field', async (method, path, body, field) => {
    const route = ROUTES.find((r) => r.method === method && r.path === path);
    if (!route) throw new Error(`${method} ${path} has no entry`);
    const answer = await expectRefused(route, { url: validUrl(route), ...json(body) }, [422], JSON.stringify(body));
    expect(answer.errors?.[field]).toEqual([DATE_OUT_OF_RANGE]);
  });

  it('accepts the last day of the range', async () => {
    const res = await as(ctx(), admin, { method: 'GET', url: '/api/generations/preview?start_date=2199-12-31' });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('a NUL character in a query', () => {
  it('is refused with a Spanish 422 on that field', async () => {
    const res = await as(ctx(), admin, { method: 'GET', url: '/api/periods?period_name=%00%27' });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['period_name']);
    expectSpanish(res.json().message, 'NUL in query');
  });
});

describe('request shapes outside any route', () => {
  it('answers an unknown API route with a Spanish 404', async () => {
    const res = await as(ctx(), admin, { method: 'GET', url: '/api/no-existe' });
    expect(res.statusCode).toBe(404);
    expectSpanish(res.json().message, 'unknown route');
  });

  it('answers a method the route does not have with a Spanish 4xx', async () => {
    const res = await as(ctx(), admin, { method: 'PATCH', url: `/api/careers/${ids.career}`, ...json({ name: 'x' }) });
    expect(INVALID).toContain(res.statusCode);
    expectSpanish(res.json().message, 'unknown method');
  });
});

/**
 * Pathological inputs, each sent to every route that takes text: 300 KB strings of shapes that make patterns backtrack
 * (the login bomb among them) in every body field, deep nesting, 8 KB strings in every query parameter and path
 * parameter, and malformed multipart forms to every upload route. None may answer 5xx, and none may take more than
 * SERVER_MS of the server's own time.
 */
const SERVER_MS = 100;
/** Fits in a URL (Node refuses request heads over 16 KB before the app sees them). */
const urlText = (text: string) => text.slice(0, 8_000);
const HOSTILE_JSON: Record<string, string> = {
  'an object nested 10,000 deep': deepObject(10_000),
  'an array nested 100,000 deep': deepArray(100_000),
  'an array nested 17 deep': deepArray(17),
  '5,000 empty objects': `[${Array(5000).fill('{}').join(',')}]`,
  '100,000 keys': `{${Array.from({ length: 100_000 }, (_, i) => `"k${i}":1`).join(',')}}`,
};

interface Sent {
  label: string;
  status: number;
  ms: number;
  elapsed: number;
  message: unknown;
}

async function sendTimed(
  user: TestUser,
  opts: InjectOptions & { url: string; method: Method },
  label: string,
): Promise<Sent> {
  const started = performance.now();
  const cpuStart = process.cpuUsage();
  const res = await as(ctx(), user, opts);
  const cpuUsed = process.cpuUsage(cpuStart);
  const wall = performance.now() - started;
  let message: unknown = null;
  try {
    message = (res.json() as { message?: unknown }).message;
  } catch {
    message = res.statusCode < 400 ? 'no JSON (a file)' : null;
  }
  // The router's own refusals (an over-long path parameter) run no hook: their time is the whole injected round trip's.
  const cpu = res.headers['x-server-cpu-ms'];
  const elapsed = res.headers['x-server-ms'];
  const roundTrip = (cpuUsed.user + cpuUsed.system) / 1000;
  return {
    label,
    status: res.statusCode,
    ms: cpu === undefined ? roundTrip : Number(cpu),
    elapsed: elapsed === undefined ? wall : Number(elapsed),
    message,
  };
}

/** Every broken promise of a batch of answers: a 5xx, an answer without a Spanish message, or one slower than SERVER_MS. */
function brokenPromises(sent: Sent[]): string[] {
  return sent.flatMap((s) => {
    const problems: string[] = [];
    if (s.status >= 500) problems.push(`${s.status}`);
    if (s.status >= 400 && (typeof s.message !== 'string' || ENGLISH.test(s.message) || s.message.trim() === ''))
      problems.push(`message ${String(s.message)}`);
    if (!(s.ms <= SERVER_MS)) problems.push(`${s.ms.toFixed(1)} ms of CPU (${s.elapsed.toFixed(1)} ms elapsed)`);
    return problems.length ? [`${s.label}: ${problems.join(', ')}`] : [];
  });
}

/** The user a route's hostile requests come from: the teacher for routes only a teacher may use, else the administrator. */
const TEACHER_ONLY = new Set([
  '/api/profesor/calificar/actividades/batch',
  '/api/activities/bulk-upsert',
  '/api/userattribute-observations/batch',
  '/api/ratings/import',
  '/api/ratings/gradebook',
  '/api/profesor/dashboard',
]);
const senderOf = (path: string) => (TEACHER_ONLY.has(path) ? teacher : admin);

describe('pathological inputs to every route that takes text', () => {
  it.each(ROUTES.map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s answers each in Spanish, below 500 and fast',
    async (_, route) => {
      const user = senderOf(route.path);
      const sent: Sent[] = [];
      if (route.body) {
        const valid = route.body(ids);
        const fields = Object.keys(route.fields ?? kindsOf(route));
        for (const field of fields) {
          for (const [name, text] of Object.entries(HOSTILE_TEXTS)) {
            sent.push(
              await sendTimed(
                user,
                { method: route.method, url: validUrl(route), ...json({ ...valid, [field]: text }) },
                `${field} = ${name}`,
              ),
            );
          }
          for (const [name, raw] of Object.entries(HOSTILE_JSON)) {
            const payload = `{${JSON.stringify(field)}:${raw}}`;
            sent.push(
              await sendTimed(
                user,
                {
                  method: route.method,
                  url: validUrl(route),
                  payload,
                  headers: { 'content-type': 'application/json' },
                },
                `${field} = ${name}`,
              ),
            );
          }
        }
        for (const [name, raw] of Object.entries(HOSTILE_JSON)) {
          sent.push(
            await sendTimed(
              user,
              {
                method: route.method,
                url: validUrl(route),
                payload: raw,
                headers: { 'content-type': 'application/json' },
              },
              `body = ${name}`,
            ),
          );
        }
      }
      const queryKeys = [...new Set((route.queries ?? []).flatMap((q) => Object.keys(q)))];
      for (const key of queryKeys) {
        for (const [name, text] of Object.entries(HOSTILE_TEXTS)) {
          sent.push(
            await sendTimed(
              user,
              { method: route.method, url: validUrl(route, { [key]: urlText(text) }) },
              `?${key} = ${name}`,
            ),
          );
        }
      }
      if (route.idOf) {
        for (const [name, text] of Object.entries(HOSTILE_TEXTS)) {
          sent.push(
            await sendTimed(user, { method: route.method, url: urlOf(route, urlText(text)) }, `path id = ${name}`),
          );
        }
      }
      expect(sent.length).toBeGreaterThan(0);
      const problems = brokenPromises(sent);
      expect(problems, problems.join('\n')).toEqual([]);
    },
  );
});

describe('malformed multipart to every upload route', () => {
  const uploads = DECLARED.filter((r) =>
    (r.schema as { consumes?: string[] }).consumes?.includes('multipart/form-data'),
  );
  const B = 'limite';
  const form = (body: string | Buffer, contentType = `multipart/form-data; boundary=${B}`) => ({
    payload: body,
    headers: { 'content-type': contentType },
  });
  const part = (name: string, value: string) =>
    `--${B}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const filePart = (name: string, content: string) =>
    `--${B}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n${content}\r\n`;
  const CASES: Record<string, Pick<InjectOptions, 'payload' | 'headers'>> = {
    'no boundary': form('basura', 'multipart/form-data'),
    'an empty boundary': form('basura', 'multipart/form-data; boundary='),
    'a junk body': form('esto no es un formulario'),
    'a part cut short': form(
      `--${B}\r\nContent-Disposition: form-data; name="file"; filename="a.xlsx"\r\n\r\nPK\u0003\u0004abc`,
    ),
    'a part without headers': form(`--${B}\r\n\r\nabc\r\n--${B}--\r\n`),
    'a bad part header': form(`--${B}\r\nbasura\r\n\r\nabc\r\n--${B}--\r\n`),
    '200 parts': form(`${Array.from({ length: 200 }, (_, i) => part(`f${i}`, 'v')).join('')}--${B}--\r\n`),
    'a 2 MB field': form(`${part('group_id', '9'.repeat(2_000_000))}--${B}--\r\n`),
    'a 300 KB field name': form(`${part('g'.repeat(300_000), '1')}--${B}--\r\n`),
    'two files': form(`${filePart('a.xlsx', 'abc')}${filePart('b.xlsx', 'abc')}--${B}--\r\n`),
    'a prototype field name': form(`${part('__proto__', '1')}--${B}--\r\n`),
    'an empty file': form(`${filePart('a.xlsx', '')}--${B}--\r\n`),
    'a text file named .xlsx': form(`${filePart('a.xlsx', 'hola')}--${B}--\r\n`),
    'a file over 5 MB': multipart([
      { name: 'file', filename: 'a.xlsx', content: Buffer.alloc(5 * 1024 * 1024 + 1, 0x50) },
    ]),
    'a 6 MB request': form(Buffer.alloc(6 * 1024 * 1024, 0x61)),
    'a JSON body': { payload: '{"file":1}', headers: { 'content-type': 'application/json' } },
  };

  it('finds the upload routes', () => {
    expect(uploads.map((r) => r.url).sort()).toEqual(
      expect.arrayContaining([
        '/api/ratings/import',
        '/api/ratings/gradebook',
        '/api/students/import',
        '/api/teachers/import',
      ]),
    );
  });

  it.each(uploads.map((r) => [`${r.method} ${r.url}`, r] as const))(
    '%s answers each in Spanish with a 4xx, fast',
    async (_, route) => {
      const user = senderOf(route.url);
      const sent: Sent[] = [];
      for (const [name, opts] of Object.entries(CASES)) {
        sent.push(await sendTimed(user, { method: route.method as Method, url: route.url, ...opts }, name));
      }
      const problems = [
        ...brokenPromises(sent),
        ...sent.filter((s) => s.status < 400).map((s) => `${s.label}: ${s.status}`),
      ];
      expect(problems, problems.join('\n')).toEqual([]);
    },
  );
});

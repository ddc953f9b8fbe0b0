import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { Transaction } from 'kysely';
import {
  EMAIL_PATTERN,
  GENDER_LABEL,
  LIMITS,
  MSG,
  PEOPLE_MSG,
  ROLE,
  STUDENT_STATUS_LABEL,
  calendarSemester,
  generationName,
  parseGender,
  parseStudentStatus,
  semesterFromGroupName,
  type ImportPreview,
  type ImportPreviewRow,
  type ImportResult,
  type LatestGeneration,
  type NamingScheme,
  type UserGroupRef,
  type CareerScope,
  SCOPE_MSG,
  personInScope,
} from '@egreso/domain';
import { insertInChunks } from '../../db/chunks.js';
import type { Database, DbOrTrx } from '../../db/types.js';
import { audit } from '../../lib/audit.js';
import { institutionToday, nowIso } from '../../lib/time.js';
import { readGroupPolicy } from '../group-policy/index.js';
import { listGenerations } from '../generations/index.js';
import {
  activeSemestersByGeneration,
  findOrCreateGroup,
  listGroupRefs,
  setLinksStatus,
} from './students.repository.js';
import {
  careersByUser,
  findUsersByEmails,
  findUsersByNumbers,
  groupsByUser,
  latestGenerationByUser,
  updateUsersFields,
} from '../accounts/index.js';
import { STUDENT_COLUMNS, TEACHER_COLUMNS, type SheetRow } from './workbook.js';

type Q = DbOrTrx;
export type PeopleKind = 'teachers' | 'students';
type Key = (typeof STUDENT_COLUMNS)[number]['key'];
type Cells = Partial<Record<Key, string>>;

interface ExistingUser {
  id: number;
  role: number;
  full_name: string;
  email: string;
  controlnumber: string | null;
  gender: number | null;
}

/** What the import will do with one row; the preview shows it, the apply step writes it. */
interface RowPlan extends ImportPreviewRow {
  userId: number | null;
  insert: { full_name: string; email: string; controlnumber: string; gender: number | null } | null;
  update: Partial<{ full_name: string; email: string; controlnumber: string; gender: number }>;
  groups: Array<{ name: string; semester: number }>;
  newLink: { generation_id: number; semester: number; active: number } | null;
  statusOf: { linkId: number; active: number } | null;
  /** An existing person without any career: the import links them to its careers. */
  linkCareers: boolean;
}

/** Everything the rows are checked against, read in a handful of queries whatever the file's size. */
async function loadContext(db: Q, kind: PeopleKind, rows: ReadonlyArray<SheetRow<string>>, scope: CareerScope) {
  const role = kind === 'teachers' ? ROLE.TEACHER : ROLE.STUDENT;
  const numbers = [...new Set(rows.map((r) => r.cells.controlnumber?.trim()).filter((v): v is string => !!v))];
  const emails = [...new Set(rows.map((r) => r.cells.email?.trim().toLowerCase()).filter((v): v is string => !!v))];
  const byNumber = new Map<string, ExistingUser>();
  const byEmail = new Map<string, ExistingUser>();
  // Two accounts with one number: the oldest (listed first) is the one the file means.
  for (const u of await findUsersByNumbers(db, role, numbers))
    if (u.controlnumber !== null && !byNumber.has(u.controlnumber)) byNumber.set(u.controlnumber, u);
  for (const u of await findUsersByEmails(db, emails)) byEmail.set(u.email, u);
  const ids = [...new Set([...byNumber.values(), ...byEmail.values()].filter((u) => u.role === role).map((u) => u.id))];
  const students = kind === 'students';
  const [careersOf, groupsOf, linkOf, groups, generations, policy, semesters] = await Promise.all([
    careersByUser(db, ids),
    students ? groupsByUser(db, ids) : Promise.resolve(new Map<number, UserGroupRef[]>()),
    students ? latestGenerationByUser(db, ids) : Promise.resolve(new Map<number, LatestGeneration>()),
    students ? listGroupRefs(db) : Promise.resolve([]),
    students ? listGenerations(db, {}) : Promise.resolve([]),
    readGroupPolicy(db),
    students ? activeSemestersByGeneration(db) : Promise.resolve([]),
  ]);
  const groupByName = new Map(groups.map((g) => [g.group_name.trim().toLowerCase(), g]));
  const generationByName = new Map<string, { id: number; name: string }>();
  for (const g of generations) {
    const name = generationName(g.start_date, g.end_date);
    // Two generations with one name: the most recent start wins, listed last (by start date).
    generationByName.set(name, { id: g.id, name });
  }
  // A generation's current semester: the one most of its active students are in (the semester advance keeps it),
  // or, with no active student linked yet, the one its calendar gives today.
  const today = institutionToday();
  const semesterOfGeneration = new Map(generations.map((g) => [g.id, calendarSemester(g.start_date, today)]));
  const counted = new Set<number>();
  for (const s of semesters) {
    if (counted.has(s.generation_id)) continue;
    counted.add(s.generation_id);
    semesterOfGeneration.set(s.generation_id, s.current_semester_id);
  }
  const careerIdsOf = (id: number) => (careersOf.get(id) ?? []).map((c) => c.career_id);
  return {
    role,
    byNumber,
    byEmail,
    groupsOf,
    linkOf,
    groupByName,
    generationByName,
    semesterOfGeneration,
    scheme: policy.naming_scheme as NamingScheme,
    inScope: (id: number) => personInScope(scope, careerIdsOf(id)),
    unlinked: (id: number) => careerIdsOf(id).length === 0,
  };
}
type Context = Awaited<ReturnType<typeof loadContext>>;

const LABEL: Record<Key, string> = Object.fromEntries(STUDENT_COLUMNS.map((c) => [c.key, c.header])) as Record<
  Key,
  string
>;
const ROW = PEOPLE_MSG.importRow;

/** A row's error: the plan keeps it, and the row is skipped. */
class RowError extends Error {}
const refuse = (message: string) => new RowError(message);
const refuseCell = (column: string, message: string) => refuse(ROW.cell(column, message));

/** The cells of a row, checked on their own: lengths, formats, and a number or e-mail to find the person by. */
interface PersonCells {
  name: string;
  number: string;
  email: string;
  gender: number | null;
  numberLabel: string;
}

function readPersonCells(kind: PeopleKind, cells: Cells): PersonCells {
  const numberLabel = kind === 'teachers' ? TEACHER_COLUMNS[1].header : LABEL.controlnumber;
  const name = cells.full_name ?? '';
  const number = cells.controlnumber ?? '';
  const email = (cells.email ?? '').toLowerCase();
  if (name.length > LIMITS.userName) throw refuseCell(LABEL.full_name, MSG.tooLong(LIMITS.userName));
  if (number.length > LIMITS.controlNumber) throw refuseCell(numberLabel, MSG.tooLong(LIMITS.controlNumber));
  if (email && (email.length > LIMITS.email || !EMAIL_PATTERN.test(email)))
    throw refuseCell(LABEL.email, ROW.emailInvalid(cells.email ?? ''));
  const gender = cells.gender ? parseGender(cells.gender) : null;
  if (cells.gender && gender === null) throw refuseCell(LABEL.gender, ROW.genderInvalid(cells.gender));
  if (!number && !email) throw refuse(ROW.unidentified(numberLabel, LABEL.email));
  return { name, number, email, gender, numberLabel };
}

/**
 * The stored person a row means: by number, else by e-mail (of the same role). Refuses a row that repeats a number or
 * e-mail of a row above it, an e-mail of someone else, or a person outside the actor's careers.
 */
function matchPerson(
  person: PersonCells,
  row: number,
  ctx: Context,
  seen: { numbers: Map<string, number>; emails: Map<string, number> },
): ExistingUser | undefined {
  const { number, email } = person;
  const numberKey = number.toLowerCase();
  if (number && seen.numbers.has(numberKey))
    throw refuse(ROW.duplicateNumber(person.numberLabel, number, seen.numbers.get(numberKey)!));
  if (email && seen.emails.has(email)) throw refuse(ROW.duplicateEmail(email, seen.emails.get(email)!));
  if (number) seen.numbers.set(numberKey, row);
  if (email) seen.emails.set(email, row);
  const byEmail = email ? ctx.byEmail.get(email) : undefined;
  const existing =
    (number ? ctx.byNumber.get(number) : undefined) ?? (byEmail?.role === ctx.role ? byEmail : undefined);
  if (byEmail && byEmail.id !== existing?.id) throw refuseCell(LABEL.email, MSG.emailTaken);
  // DESIGN §5: a chief's file changes only the people of their careers (and those linked to none).
  if (existing && !ctx.inScope(existing.id)) throw refuse(SCOPE_MSG.importRow);
  return existing;
}

/** A student row's groups (found, or created when the name carries a semester), generation and status. */
interface StudentCells {
  groups: Array<{ name: string; semester: number }>;
  generation: { id: number; name: string } | null;
  status: number | null;
}

function readStudentCells(cells: Cells, ctx: Context): StudentCells {
  const groups: StudentCells['groups'] = [];
  const names = (cells.group ?? '')
    .split(',')
    .map((g) => g.trim())
    .filter(Boolean);
  for (const g of names) {
    if (g.length > LIMITS.groupName) throw refuseCell(LABEL.group, MSG.tooLong(LIMITS.groupName));
    const found = ctx.groupByName.get(g.toLowerCase());
    const semester = found ? found.semester_id : semesterFromGroupName(g, ctx.scheme);
    if (!found && semester === null) throw refuseCell(LABEL.group, ROW.groupUnknown(g));
    groups.push({ name: found?.group_name ?? g, semester: semester ?? 1 });
  }
  let generation: StudentCells['generation'] = null;
  if (cells.generation) {
    generation = ctx.generationByName.get(cells.generation.replace(/\s+/g, '')) ?? null;
    if (!generation) throw refuseCell(LABEL.generation, ROW.generationUnknown(cells.generation));
  }
  const status = cells.status ? parseStudentStatus(cells.status) : null;
  if (cells.status && status === null) throw refuseCell(LABEL.status, ROW.statusInvalid(cells.status));
  return { groups, generation, status };
}

/**
 * What changes in a student's generation, status and groups: the plan's new link, status change and groups to join,
 * with their changes and warnings. A group must be of the semester the student's generation is in; a group the
 * import would create is announced.
 */
function diffStudent(plan: RowPlan, student: StudentCells, existing: ExistingUser | undefined, ctx: Context) {
  const { groups, generation, status } = student;
  const link = existing ? ctx.linkOf.get(existing.id) : undefined;
  const generationOfRow = generation ?? (link ? { id: link.generation_id, name: link.generation_name } : null);
  const expected = generationOfRow ? ctx.semesterOfGeneration.get(generationOfRow.id) : undefined;
  for (const g of groups) {
    const semesterless = ctx.groupByName.get(g.name.toLowerCase())?.semester_id === null;
    if (expected !== undefined && !semesterless && g.semester !== expected)
      throw refuseCell(LABEL.group, ROW.groupOtherSemester(g.name, g.semester, generationOfRow!.name, expected));
  }
  const statusChange = (before: number | null, after: number) => ({
    field: LABEL.status,
    before: before === null ? null : STUDENT_STATUS_LABEL[before]!,
    after: STUDENT_STATUS_LABEL[after]!,
  });
  if (generation && generation.id !== link?.generation_id) {
    const semester = groups[0]?.semester ?? link?.current_semester_id ?? 1;
    plan.newLink = { generation_id: generation.id, semester, active: status ?? 1 };
    plan.changes.push({ field: LABEL.generation, before: link?.generation_name ?? null, after: generation.name });
    if (status !== null && status !== link?.active) plan.changes.push(statusChange(link?.active ?? null, status));
  } else if (status !== null) {
    if (!link) throw refuse(PEOPLE_MSG.noGenerationLink);
    if (link.active !== status) {
      plan.statusOf = { linkId: link.id, active: status };
      plan.changes.push(statusChange(link.active, status));
    }
  }
  const currentGroups = existing ? (ctx.groupsOf.get(existing.id) ?? []) : [];
  const member = new Set(currentGroups.map((g) => g.group_name.toLowerCase()));
  plan.groups = groups.filter((g) => !member.has(g.name.toLowerCase()));
  for (const g of plan.groups) {
    if (!ctx.groupByName.has(g.name.toLowerCase())) plan.warnings.push(ROW.groupCreated(g.name, g.semester));
  }
  if (plan.groups.length > 0) {
    const before = currentGroups.map((g) => g.group_name);
    plan.changes.push({
      field: LABEL.group,
      before: before.length ? before.join(', ') : null,
      after: [...before, ...plan.groups.map((g) => g.name)].join(', '),
    });
  }
}

/**
 * The person's own data: a new person needs every field (a student, a group too); an existing one changes only what
 * the file states and differs (a blank cell keeps what is stored). These changes go before the student's.
 */
function diffPerson(
  plan: RowPlan,
  person: PersonCells,
  existing: ExistingUser | undefined,
  ctx: Context,
  groupRequired: boolean,
) {
  const { name, number, email, gender, numberLabel } = person;
  const genderLabel = (g: number | null) => (g ? (GENDER_LABEL[g] ?? null) : null);
  if (!existing) {
    const missing = [
      !name && LABEL.full_name,
      !number && numberLabel,
      !email && LABEL.email,
      groupRequired && LABEL.group,
    ].filter((m): m is string => !!m);
    if (missing.length) throw refuse(ROW.missingForNew(missing));
    plan.insert = { full_name: name, email, controlnumber: number, gender };
    plan.status = 'new';
    plan.changes.unshift(
      { field: LABEL.full_name, before: null, after: name },
      { field: numberLabel, before: null, after: number },
      { field: LABEL.email, before: null, after: email },
      ...(gender ? [{ field: LABEL.gender, before: null, after: genderLabel(gender)! }] : []),
    );
    return;
  }
  plan.userId = existing.id;
  plan.linkCareers = ctx.unlinked(existing.id);
  plan.full_name = name || existing.full_name;
  plan.controlnumber = number || existing.controlnumber || '';
  const texts = [
    ['full_name', LABEL.full_name, existing.full_name, name],
    ['controlnumber', numberLabel, existing.controlnumber, number],
    ['email', LABEL.email, existing.email, email],
  ] as const;
  const changes: RowPlan['changes'] = [];
  for (const [key, field, before, after] of texts) {
    if (!after || after === before) continue;
    plan.update[key] = after;
    changes.push({ field, before, after });
  }
  if (gender && gender !== existing.gender) {
    plan.update.gender = gender;
    changes.push({ field: LABEL.gender, before: genderLabel(existing.gender), after: genderLabel(gender)! });
  }
  plan.changes.unshift(...changes);
  plan.status = plan.changes.length > 0 ? 'updated' : 'unchanged';
}

/** Checks one row against the database and the rows above it; answers its plan, with an error or the changes. */
function planRow(
  kind: PeopleKind,
  row: number,
  cells: Cells,
  ctx: Context,
  seen: { numbers: Map<string, number>; emails: Map<string, number> },
): RowPlan {
  const plan: RowPlan = {
    row,
    status: 'error',
    full_name: cells.full_name ?? '',
    controlnumber: cells.controlnumber ?? '',
    changes: [],
    error: null,
    warnings: [],
    userId: null,
    insert: null,
    update: {},
    groups: [],
    newLink: null,
    statusOf: null,
    linkCareers: false,
  };
  try {
    const person = readPersonCells(kind, cells);
    const existing = matchPerson(person, row, ctx, seen);
    const student = kind === 'students' ? readStudentCells(cells, ctx) : null;
    if (student) diffStudent(plan, student, existing, ctx);
    diffPerson(plan, person, existing, ctx, student !== null && student.groups.length === 0);
    return plan;
  } catch (e) {
    if (e instanceof RowError) return { ...plan, error: e.message };
    throw e;
  }
}

function summarize(plans: readonly RowPlan[]): ImportResult {
  const result: ImportResult = { inserted: 0, updated: 0, skipped: 0, errors: [] };
  for (const p of plans) {
    if (p.status === 'new') result.inserted++;
    else if (p.status === 'updated') result.updated++;
    else result.skipped++;
    if (p.error) result.errors.push({ row: p.row, error: p.error });
  }
  return result;
}

/** Rows planned between two turns of the event loop. */
const PLAN_SLICE = 500;

export async function planImport(
  db: Q,
  kind: PeopleKind,
  rows: ReadonlyArray<SheetRow<string>>,
  scope: CareerScope,
): Promise<RowPlan[]> {
  const ctx = await loadContext(db, kind, rows, scope);
  const seen = { numbers: new Map<string, number>(), emails: new Map<string, number>() };
  const plans: RowPlan[] = [];
  for (const [i, r] of rows.entries()) {
    // A 10,000-row file is planned in slices, so other requests are answered in between.
    if (i > 0 && i % PLAN_SLICE === 0) await yieldToEventLoop();
    const p = planRow(kind, r.row, r.cells as Cells, ctx, seen);
    plans.push(p.error ? { ...p, status: 'error' as const, changes: [], warnings: [] } : p);
  }
  return plans;
}

/** The dry run: the same plan and counts as the import, and every row; nothing is written. */
export async function previewImport(
  db: Q,
  kind: PeopleKind,
  rows: ReadonlyArray<SheetRow<string>>,
  scope: CareerScope,
): Promise<ImportPreview> {
  const plans = await planImport(db, kind, rows, scope);
  return {
    ...summarize(plans),
    dry_run: true,
    rows: plans.map(({ row, status, full_name, controlnumber, changes, error, warnings }) => ({
      row,
      status,
      full_name,
      controlnumber,
      changes,
      error,
      warnings,
    })),
  };
}

/**
 * Plans and writes the valid rows inside the caller's transaction, a few batched statements per kind of change. New
 * people, and existing ones linked to no career, are linked to `careers` (the import's).
 */
export async function applyImport(
  trx: Transaction<Database>,
  actorId: number,
  kind: PeopleKind,
  rows: ReadonlyArray<SheetRow<string>>,
  scope: CareerScope,
  careers: readonly number[],
  issue: () => { password: string; hash: string },
): Promise<ImportResult & { created: Array<{ id: number; full_name: string; email: string }> }> {
  // Planned inside the caller's transaction, so the checks and the writes see the same data.
  const plans = await planImport(trx, kind, rows, scope);
  const role = kind === 'teachers' ? ROLE.TEACHER : ROLE.STUDENT;
  const now = nowIso();
  const inserts = plans.filter((p) => p.insert);
  // Each new account gets its own random one-time password (DESIGN §5), answered once per created row.
  const issued = inserts.map(() => issue());
  await insertPeople(trx, inserts, role, issued, now);
  await updateUsersFields(
    trx,
    plans
      .filter((p) => !p.insert && p.userId && Object.keys(p.update).length > 0)
      .map((p) => ({ id: p.userId!, fields: p.update })),
    now,
  );
  if (kind === 'students') await applyStudentLinks(trx, plans, now);
  const linked = plans.filter((p) => !p.error && p.userId && (p.insert || p.linkCareers));
  await insertInChunks(
    trx,
    'user_careers',
    linked.flatMap((p) => careers.map((career_id) => ({ user_id: p.userId!, career_id }))),
  );
  const result: ImportResult = {
    ...summarize(plans),
    credentials: inserts.map((p, i) => ({
      row: p.row,
      full_name: p.insert!.full_name,
      email: p.insert!.email,
      controlnumber: p.insert!.controlnumber,
      initial_password: issued[i]!.password,
    })),
  };
  await audit(trx, {
    userId: actorId,
    action: `${kind}.import`,
    details: { inserted: result.inserted, updated: result.updated, skipped: result.skipped },
  });
  const createdPeople = inserts.map((p) => ({ id: p.userId!, full_name: p.insert!.full_name, email: p.insert!.email }));
  return { ...result, created: createdPeople };
}

/** Inserts the new people of an import, each with its one-time password hash, and sets their plans' `userId`. */
async function insertPeople(
  trx: Transaction<Database>,
  inserts: RowPlan[],
  role: number,
  issued: ReadonlyArray<{ hash: string }>,
  now: string,
): Promise<void> {
  await insertInChunks(
    trx,
    'users',
    inserts.map(({ insert: u }, i) => ({
      full_name: u!.full_name,
      email: u!.email,
      controlnumber: u!.controlnumber,
      gender: u!.gender,
      role,
      photo: null,
      password_hash: issued[i]!.hash,
      created_at: now,
      updated_at: now,
      // The one-time password is changed by its owner at the first sign-in.
      must_change_password: 1,
    })),
  );
  // E-mails are unique, so they give back the new ids whatever order the database inserted the rows in.
  const created = await findUsersByEmails(
    trx,
    inserts.map((p) => p.insert!.email),
  );
  const idByEmail = new Map(created.map((u) => [u.email, u.id]));
  for (const p of inserts) p.userId = idByEmail.get(p.insert!.email)!;
}

async function applyStudentLinks(trx: Transaction<Database>, plans: readonly RowPlan[], now: string) {
  const valid = plans.filter((p) => !p.error && p.userId);
  const groupIds = new Map<string, number>();
  for (const p of valid) {
    for (const g of p.groups) {
      const key = g.name.toLowerCase();
      if (!groupIds.has(key)) groupIds.set(key, await findOrCreateGroup(trx, g.name, g.semester, now));
    }
  }
  const memberships = valid.flatMap((p) =>
    p.groups.map((g) => ({ user_id: p.userId!, group_id: groupIds.get(g.name.toLowerCase())! })),
  );
  await insertInChunks(trx, 'user_groups', memberships);
  const links = valid
    .filter((p) => p.newLink)
    .map((p) => ({
      user_id: p.userId!,
      generation_id: p.newLink!.generation_id,
      current_semester_id: p.newLink!.semester,
      active: p.newLink!.active,
      created_at: now,
      updated_at: now,
    }));
  await insertInChunks(trx, 'user_generations', links);
  for (const active of [0, 1, 2]) {
    const ids = valid.filter((p) => p.statusOf?.active === active).map((p) => p.statusOf!.linkId);
    await setLinksStatus(trx, ids, active, now);
  }
}

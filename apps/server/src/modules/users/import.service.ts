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
  initialPassword,
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
import { hashInitialPassword } from '../../lib/passwords.js';
import { institutionToday, nowIso } from '../../lib/time.js';
import { readGroupPolicy } from '../group-policy/group-policy.repository.js';
import { listGenerations } from '../generations/generations.repository.js';
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
} from './users.repository.js';
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

const ordinal = (semester: number) => `${semester}.º semestre`;

const LABEL: Record<Key, string> = Object.fromEntries(STUDENT_COLUMNS.map((c) => [c.key, c.header])) as Record<
  Key,
  string
>;

/** Checks one row against the database and the rows above it; answers its plan, with an error or the changes. */
function planRow(
  kind: PeopleKind,
  row: number,
  cells: Cells,
  ctx: Context,
  seen: { numbers: Map<string, number>; emails: Map<string, number> },
): RowPlan {
  const numberLabel = kind === 'teachers' ? TEACHER_COLUMNS[1].header : LABEL.controlnumber;
  const name = cells.full_name ?? '';
  const number = cells.controlnumber ?? '';
  const email = (cells.email ?? '').toLowerCase();
  const plan: RowPlan = {
    row,
    status: 'error',
    full_name: name,
    controlnumber: number,
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
  const fail = (message: string) => ({ ...plan, error: message });

  if (name.length > LIMITS.userName) return fail(`${LABEL.full_name}: ${MSG.tooLong(LIMITS.userName)}`);
  if (number.length > LIMITS.controlNumber) return fail(`${numberLabel}: ${MSG.tooLong(LIMITS.controlNumber)}`);
  if (email && (email.length > LIMITS.email || !EMAIL_PATTERN.test(email)))
    return fail(`${LABEL.email}: ${MSG.emailInvalid} («${cells.email}»).`);
  const gender = cells.gender ? parseGender(cells.gender) : null;
  if (cells.gender && gender === null) return fail(`${LABEL.gender}: escribe Hombre o Mujer («${cells.gender}»).`);
  if (!number && !email) return fail(`Falta ${numberLabel} o ${LABEL.email} para identificar la fila.`);

  const numberKey = number.toLowerCase();
  if (number && seen.numbers.has(numberKey))
    return fail(`Fila duplicada: ${numberLabel} ${number} ya aparece en la fila ${seen.numbers.get(numberKey)}.`);
  if (email && seen.emails.has(email))
    return fail(`Fila duplicada: el correo ${email} ya aparece en la fila ${seen.emails.get(email)}.`);
  if (number) seen.numbers.set(numberKey, row);
  if (email) seen.emails.set(email, row);

  const byEmail = email ? ctx.byEmail.get(email) : undefined;
  const existing =
    (number ? ctx.byNumber.get(number) : undefined) ?? (byEmail?.role === ctx.role ? byEmail : undefined);
  if (byEmail && byEmail.id !== existing?.id) return fail(`${LABEL.email}: ${MSG.emailTaken}`);
  // DESIGN §5: a chief's file changes only the people of their careers (and those linked to none).
  if (existing && !ctx.inScope(existing.id)) return fail(SCOPE_MSG.importRow);

  // Students: groups (found, or created when the name carries a semester), generation and status.
  const groupNames =
    kind === 'students' && cells.group
      ? cells.group
          .split(',')
          .map((g) => g.trim())
          .filter(Boolean)
      : [];
  const groups: Array<{ name: string; semester: number }> = [];
  for (const g of groupNames) {
    if (g.length > LIMITS.groupName) return fail(`${LABEL.group}: ${MSG.tooLong(LIMITS.groupName)}`);
    const found = ctx.groupByName.get(g.toLowerCase());
    const semester = found ? found.semester_id : semesterFromGroupName(g, ctx.scheme);
    if (!found && semester === null)
      return fail(`${LABEL.group}: el grupo «${g}» no existe y su nombre no indica el semestre.`);
    groups.push({ name: found?.group_name ?? g, semester: semester ?? 1 });
  }
  let generation: { id: number; name: string } | null = null;
  if (kind === 'students' && cells.generation) {
    generation = ctx.generationByName.get(cells.generation.replace(/\s+/g, '')) ?? null;
    if (!generation)
      return fail(`${LABEL.generation}: la generación «${cells.generation}» no existe (formato AAAA-AAAA).`);
  }
  const status = kind === 'students' && cells.status ? parseStudentStatus(cells.status) : null;
  if (kind === 'students' && cells.status && status === null)
    return fail(`${LABEL.status}: escribe Activo, Baja o Graduado («${cells.status}»).`);

  const link = existing ? ctx.linkOf.get(existing.id) : undefined;
  // A group must be of the semester the student's generation is in; a group the import would create is announced.
  const generationOfRow = generation ?? (link ? { id: link.generation_id, name: link.generation_name } : null);
  const expected = generationOfRow ? ctx.semesterOfGeneration.get(generationOfRow.id) : undefined;
  for (const g of groups) {
    const semesterless = ctx.groupByName.get(g.name.toLowerCase())?.semester_id === null;
    if (expected !== undefined && !semesterless && g.semester !== expected) {
      return fail(
        `${LABEL.group}: el grupo «${g.name}» es de ${ordinal(g.semester)}, pero la generación ${generationOfRow!.name} cursa el ${ordinal(expected)}.`,
      );
    }
  }
  const currentGroups = existing ? (ctx.groupsOf.get(existing.id) ?? []) : [];
  const semesterOfRow = groups[0]?.semester ?? link?.current_semester_id ?? 1;
  if (generation && generation.id !== link?.generation_id) {
    plan.newLink = { generation_id: generation.id, semester: semesterOfRow, active: status ?? 1 };
    plan.changes.push({ field: LABEL.generation, before: link?.generation_name ?? null, after: generation.name });
    if (status !== null && status !== link?.active)
      plan.changes.push({
        field: LABEL.status,
        before: link ? STUDENT_STATUS_LABEL[link.active]! : null,
        after: STUDENT_STATUS_LABEL[status]!,
      });
  } else if (status !== null) {
    if (!link) return fail(PEOPLE_MSG.noGenerationLink);
    if (link.active !== status) {
      plan.statusOf = { linkId: link.id, active: status };
      plan.changes.push({
        field: LABEL.status,
        before: STUDENT_STATUS_LABEL[link.active]!,
        after: STUDENT_STATUS_LABEL[status]!,
      });
    }
  }
  const member = new Set(currentGroups.map((g) => g.group_name.toLowerCase()));
  plan.groups = groups.filter((g) => !member.has(g.name.toLowerCase()));
  for (const g of plan.groups) {
    if (!ctx.groupByName.has(g.name.toLowerCase()))
      plan.warnings.push(`Se creará el grupo «${g.name}» de ${ordinal(g.semester)}.`);
  }
  if (plan.groups.length > 0) {
    const before = currentGroups.map((g) => g.group_name);
    plan.changes.push({
      field: LABEL.group,
      before: before.length ? before.join(', ') : null,
      after: [...before, ...plan.groups.map((g) => g.name)].join(', '),
    });
  }

  if (!existing) {
    const missing = [
      !name && LABEL.full_name,
      !number && numberLabel,
      !email && LABEL.email,
      kind === 'students' && groups.length === 0 && LABEL.group,
    ].filter(Boolean);
    if (missing.length) return fail(`Faltan datos obligatorios para un registro nuevo: ${missing.join(', ')}.`);
    plan.insert = { full_name: name, email, controlnumber: number, gender };
    plan.status = 'new';
    plan.changes.unshift(
      { field: LABEL.full_name, before: null, after: name },
      { field: numberLabel, before: null, after: number },
      { field: LABEL.email, before: null, after: email },
      ...(gender ? [{ field: LABEL.gender, before: null, after: GENDER_LABEL[gender]! }] : []),
    );
    return plan;
  }

  // A blank cell keeps what is stored; only what the file states and differs is written.
  plan.userId = existing.id;
  plan.linkCareers = ctx.unlinked(existing.id);
  plan.full_name = name || existing.full_name;
  plan.controlnumber = number || existing.controlnumber || '';
  const fieldChanges: RowPlan['changes'] = [];
  if (name && name !== existing.full_name) {
    plan.update.full_name = name;
    fieldChanges.push({ field: LABEL.full_name, before: existing.full_name, after: name });
  }
  if (number && number !== existing.controlnumber) {
    plan.update.controlnumber = number;
    fieldChanges.push({ field: numberLabel, before: existing.controlnumber, after: number });
  }
  if (email && email !== existing.email) {
    plan.update.email = email;
    fieldChanges.push({ field: LABEL.email, before: existing.email, after: email });
  }
  if (gender && gender !== existing.gender) {
    plan.update.gender = gender;
    fieldChanges.push({
      field: LABEL.gender,
      before: existing.gender ? (GENDER_LABEL[existing.gender] ?? null) : null,
      after: GENDER_LABEL[gender]!,
    });
  }
  plan.changes.unshift(...fieldChanges);
  plan.status = plan.changes.length > 0 ? 'updated' : 'unchanged';
  return plan;
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

export async function planImport(
  db: Q,
  kind: PeopleKind,
  rows: ReadonlyArray<SheetRow<string>>,
  scope: CareerScope,
): Promise<RowPlan[]> {
  const ctx = await loadContext(db, kind, rows, scope);
  const seen = { numbers: new Map<string, number>(), emails: new Map<string, number>() };
  return rows
    .map((r) => planRow(kind, r.row, r.cells as Cells, ctx, seen))
    .map((p) => (p.error ? { ...p, status: 'error' as const, changes: [], warnings: [] } : p));
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
): Promise<ImportResult> {
  // Planned inside the caller's transaction, so the checks and the writes see the same data.
  const plans = await planImport(trx, kind, rows, scope);
  const role = kind === 'teachers' ? ROLE.TEACHER : ROLE.STUDENT;
  const now = nowIso();
  const inserts = plans.filter((p) => p.insert);
  await insertInChunks(
    trx,
    'users',
    inserts.map(({ insert: u }) => ({
      full_name: u!.full_name,
      email: u!.email,
      controlnumber: u!.controlnumber,
      gender: u!.gender,
      role,
      photo: null,
      password_hash: hashInitialPassword(initialPassword(u!.full_name, u!.controlnumber)),
      created_at: now,
      updated_at: now,
      // The initial password anyone can derive is changed by its owner at the first sign-in.
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
  const result = summarize(plans);
  await audit(trx, {
    userId: actorId,
    action: `${kind}.import`,
    details: { inserted: result.inserted, updated: result.updated, skipped: result.skipped },
  });
  return result;
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

import ExcelJS from 'exceljs';
import { ROLE } from '@egreso/domain';
import { connect } from '../apps/server/src/db/connect.js';
import { hashToken, insertToken, newToken } from '../apps/server/src/modules/accounts/index.js';
import { sheetSizes } from '../apps/server/src/modules/sheets/index.js';
import { nowIso } from '../apps/server/src/lib/time.js';

/** Who the mixed load acts as, and on what: a token each, written straight into the server's database. */
export interface MixedCast {
  /** The grade sheet of the active period closest to 40 students, and its teacher's token. */
  sheetId: number;
  teacher: string;
  /** A chief of a career that has students, that career, and an administrator. */
  chief: string;
  careerId: number;
  admin: string;
}

async function tokenFor(db: ReturnType<typeof connect>['db'], userId: number): Promise<string> {
  const token = newToken();
  await insertToken(db, userId, hashToken(token), nowIso());
  return token;
}

/** Picks the cast in the database at `url` (the demo institution or a scale data set) and signs each in. */
export async function castFor(url: string): Promise<MixedCast> {
  const database = connect(url, { poolSize: 2, quiet: true });
  try {
    const db = database.db;
    const assignments = await db
      .selectFrom('professor_subjects as ps')
      .innerJoin('periods as p', 'p.id', 'ps.period_id')
      .where('p.is_active', '=', 1)
      .where('ps.group_id', 'is not', null)
      .select(['ps.id', 'ps.user_id'])
      .execute();
    const sizes = await sheetSizes(
      db,
      assignments.map((a) => a.id),
    );
    const sheet = assignments
      .map((a) => ({ ...a, students: sizes.perSheet.get(a.id) ?? 0 }))
      .filter((a) => a.students > 0)
      .sort((x, y) => Math.abs(x.students - 40) - Math.abs(y.students - 40) || x.id - y.id)[0];
    if (!sheet) throw new Error('the database has no grade sheet with students in an active period');
    const chief = await db
      .selectFrom('users')
      .innerJoin('user_careers as uc', 'uc.user_id', 'users.id')
      .where('users.role', '=', ROLE.CHIEF)
      .select(['users.id', 'uc.career_id'])
      .orderBy('users.id')
      .executeTakeFirstOrThrow();
    const admin = await db
      .selectFrom('users')
      .where('role', '=', ROLE.ADMIN)
      .select('id')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    return {
      sheetId: sheet.id,
      teacher: await tokenFor(db, sheet.user_id),
      chief: await tokenFor(db, chief.id),
      careerId: chief.career_id,
      admin: await tokenFor(db, admin.id),
    };
  } finally {
    await database.close();
  }
}

interface Sheet {
  assignment: { group: { id: number }; subject: { id: number } };
  students: Array<{ id: number; controlnumber: string }>;
  activities: Array<{ id: number; activity_name: string }>;
  grades: Array<{ user_id: number; activity_id: number; version: number }>;
}

export interface MixedCounts {
  [operation: string]: { done: number; failed: number; statuses: number[] };
}

/**
 * Three loops beside the /me load until `stop()`: the teacher loads the grade sheet, saves every cell and exports it
 * (.xlsx); the teacher imports a spreadsheet of the sheet (applied); the administrator reads the division report of
 * each generation (JSON, every career) and its .xlsx, and the chief the cohort evidence of their career.
 */
export function startMixedLoad(base: string, cast: MixedCast): { stop(): Promise<MixedCounts> } {
  const counts: MixedCounts = {};
  let running = true;
  const call = async (name: string, token: string, path: string, init: RequestInit = {}) => {
    const res = await fetch(`${base}/api${path}`, {
      ...init,
      headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, br', ...init.headers },
    });
    const body = Buffer.from(await res.arrayBuffer());
    const c = (counts[name] ??= { done: 0, failed: 0, statuses: [] });
    if (res.ok) c.done++;
    else {
      c.failed++;
      if (!c.statuses.includes(res.status)) c.statuses.push(res.status);
    }
    return { ok: res.ok, body, json: () => JSON.parse(body.toString()) as unknown };
  };
  const loadSheet = async () => (await call('sheet', cast.teacher, `/grade-sheets/${cast.sheetId}`)).json() as Sheet;

  const grading = async () => {
    for (let round = 0; running; round++) {
      const sheet = await loadSheet();
      const versions = new Map(sheet.grades.map((g) => [`${g.user_id}:${g.activity_id}`, g.version]));
      const calificaciones = sheet.students.flatMap((s, si) =>
        sheet.activities.map((a, ai) => ({
          user_id: s.id,
          activity_id: a.id,
          qualification: (si * 7 + ai * 3 + round * 11) % 101,
          version: versions.get(`${s.id}:${a.id}`) ?? 0,
        })),
      );
      await call('save', cast.teacher, '/profesor/calificar/actividades/batch', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ calificaciones }),
      });
      const { group, subject } = sheet.assignment;
      await call('export', cast.teacher, `/ratings/export?group_id=${group.id}&subject_id=${subject.id}`);
    }
  };

  const importing = async () => {
    const sheet = await loadSheet();
    const files = await Promise.all([0, 1, 2].map((i) => gradeFile(sheet, i)));
    for (let round = 0; running; round++) {
      const form = new FormData();
      form.set('group_id', String(sheet.assignment.group.id));
      form.set('subject_id', String(sheet.assignment.subject.id));
      form.set('file', new Blob([new Uint8Array(files[round % files.length]!)]), 'calificaciones.xlsx');
      await call('import', cast.teacher, '/ratings/import', { method: 'POST', body: form });
    }
  };

  const reports = async () => {
    const generations = (await call('generations', cast.admin, '/generations')).json() as Array<{ id: number }>;
    for (let round = 0; running; round++) {
      const g = generations[round % generations.length]!.id;
      const records = (await call('report', cast.admin, `/reportes/flex?generation_id=${g}`)).json() as unknown[];
      // A generation without records has no workbook to export (404).
      if (records.length > 0) await call('report export', cast.admin, `/reportes/flex/export?generation_id=${g}`);
      await call('evidence', cast.chief, `/reportes/evidencia?career_id=${cast.careerId}&generation_id=${g}`);
    }
  };

  const loops = Promise.all([grading(), importing(), reports()]);
  return {
    async stop() {
      running = false;
      await loops;
      return counts;
    },
  };
}

/** The sheet as a teacher's spreadsheet: Matrícula, Nombre and one column per activity, values varied by `i`. */
async function gradeFile(sheet: Sheet, i: number): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Calificaciones');
  ws.addRow(['Matrícula', 'Nombre', ...sheet.activities.map((a) => a.activity_name)]);
  sheet.students.forEach((s, si) =>
    ws.addRow([s.controlnumber, '', ...sheet.activities.map((_, ai) => (si * 5 + ai * 13 + i * 17) % 101)]),
  );
  return Buffer.from(await wb.xlsx.writeBuffer());
}

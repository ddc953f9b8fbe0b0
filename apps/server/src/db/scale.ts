import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
import { ROLE, generationPreview } from '@egreso/domain';
import { hashPassword } from '../lib/passwords.js';
import { seededRandom } from '../lib/random.js';
import { nowIso } from '../lib/time.js';
import { connect, dialectOf, registerSqliteFunctions } from './connect.js';
import { ATTRIBUTES, DEMO_ACCOUNTS, FIRST_NAMES_F, FIRST_NAMES_M, SURNAMES } from './demo.js';
import { migrateToLatest } from './migrate.js';
import { seedReferenceData } from './seed.js';
import { refreshRatingSums } from '../modules/ratings/ratings.repository.js';

/*
 * A large institution written straight into a fresh database (not through HTTP), for benchmarks: 8 careers, groups
 * for the 9 semesters of each career, N students in 9 half-yearly generations, teachers, 6 periods (the last one
 * active), each cohort's assignments, enrolments, activities and grades over the periods it has lived through.
 * Deterministic for a seed: the same rows on SQLite and PostgreSQL.
 */

export interface ScaleOptions {
  students: number;
  seed?: number;
  /** Subjects in each semester of a career's plan (the first three semesters are a common core). */
  subjectsPerSemester?: number;
}

type ColumnType = 'int' | 'float8' | 'text';
type Row = Array<string | number | null>;

/** Columns written per table, with their PostgreSQL array types for `unnest`. */
const COLUMNS = {
  careers: [
    ['id', 'int'],
    ['career_key', 'text'],
    ['name', 'text'],
    ['created_at', 'text'],
    ['updated_at', 'text'],
  ],
  periods: [
    ['id', 'int'],
    ['period_name', 'text'],
    ['start_date', 'text'],
    ['end_date', 'text'],
    ['status', 'text'],
    ['is_active', 'int'],
    ['notes', 'text'],
    ['created_at', 'text'],
    ['updated_at', 'text'],
  ],
  generations: [
    ['id', 'int'],
    ['start_date', 'text'],
    ['end_date', 'text'],
    ['created_at', 'text'],
    ['updated_at', 'text'],
  ],
  attributes: [
    ['id', 'int'],
    ['attribute_name', 'text'],
    ['description', 'text'],
    ['codigo', 'text'],
    ['career_id', 'int'],
    ['created_at', 'text'],
    ['updated_at', 'text'],
  ],
  subjects: [
    ['id', 'int'],
    ['subject_name', 'text'],
    ['subject_key', 'text'],
    ['theory_credits', 'int'],
    ['practice_credits', 'int'],
    ['created_at', 'text'],
    ['updated_at', 'text'],
  ],
  subject_semesters: [
    ['subject_id', 'int'],
    ['semester_id', 'int'],
  ],
  subject_careers: [
    ['subject_id', 'int'],
    ['career_id', 'int'],
  ],
  subject_attributes: [
    ['subject_id', 'int'],
    ['attribute_id', 'int'],
    ['knowledge_level', 'text'],
  ],
  groups: [
    ['id', 'int'],
    ['group_name', 'text'],
    ['semester_id', 'int'],
    ['created_at', 'text'],
    ['updated_at', 'text'],
  ],
  users: [
    ['id', 'int'],
    ['full_name', 'text'],
    ['email', 'text'],
    ['password_hash', 'text'],
    ['role', 'int'],
    ['controlnumber', 'text'],
    ['gender', 'int'],
    ['photo', 'text'],
    ['created_at', 'text'],
    ['updated_at', 'text'],
  ],
  user_careers: [
    ['user_id', 'int'],
    ['career_id', 'int'],
  ],
  user_groups: [
    ['user_id', 'int'],
    ['group_id', 'int'],
  ],
  user_generations: [
    ['user_id', 'int'],
    ['generation_id', 'int'],
    ['current_semester_id', 'int'],
    ['active', 'int'],
    ['created_at', 'text'],
    ['updated_at', 'text'],
  ],
  professor_subjects: [
    ['id', 'int'],
    ['user_id', 'int'],
    ['subject_id', 'int'],
    ['group_id', 'int'],
    ['period_id', 'int'],
    ['career_id', 'int'],
    ['created_at', 'text'],
  ],
  enrolments: [
    ['user_id', 'int'],
    ['subject_id', 'int'],
    ['semester_id', 'int'],
    ['period_id', 'int'],
    ['status_id', 'int'],
    ['created_at', 'text'],
  ],
  activities: [
    ['id', 'int'],
    ['professor_subject_id', 'int'],
    ['activity_name', 'text'],
    ['type_activity', 'text'],
    ['evaluation_instrument', 'text'],
    ['ponderation', 'float8'],
    ['created_at', 'text'],
    ['updated_at', 'text'],
  ],
  activity_attributes: [
    ['activity_id', 'int'],
    ['attribute_id', 'int'],
  ],
  user_activities: [
    ['user_id', 'int'],
    ['activity_id', 'int'],
    ['qualification', 'float8'],
    ['updated_by', 'int'],
    ['updated_at', 'text'],
  ],
} as const satisfies Record<string, ReadonlyArray<readonly [string, ColumnType]>>;

type Table = keyof typeof COLUMNS;
/** Tables whose ids the seed chooses; PostgreSQL's identity sequences are moved past them at the end. */
const EXPLICIT_IDS: Table[] = [
  'careers',
  'periods',
  'generations',
  'attributes',
  'subjects',
  'groups',
  'users',
  'professor_subjects',
  'activities',
];

interface BulkWriter {
  insert(table: Table, rows: Row[]): Promise<void>;
  finish(): Promise<void>;
  abort(): Promise<void>;
}

/** better-sqlite3 prepared multi-row inserts, all in one transaction. */
function sqliteWriter(file: string): BulkWriter {
  const db = new SQLite(file);
  registerSqliteFunctions(db);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  db.pragma('foreign_keys = ON');
  db.pragma('cache_size = -262144');
  const statements = new Map<string, SQLite.Statement>();
  const statement = (table: Table, rows: number) => {
    const key = `${table}:${rows}`;
    let stmt = statements.get(key);
    if (!stmt) {
      const cols = COLUMNS[table].map(([name]) => name);
      const tuple = `(${cols.map(() => '?').join(', ')})`;
      stmt = db.prepare(
        `insert into ${table} (${cols.join(', ')}) values ${Array.from({ length: rows }, () => tuple).join(', ')}`,
      );
      statements.set(key, stmt);
    }
    return stmt;
  };
  db.exec('begin');
  return {
    async insert(table, rows) {
      const per = Math.max(1, Math.floor(4000 / COLUMNS[table].length));
      for (let i = 0; i < rows.length; i += per) {
        const chunk = rows.slice(i, i + per);
        statement(table, chunk.length).run(chunk.flat());
      }
    },
    async finish() {
      db.exec('commit');
      db.exec('analyze');
      db.pragma('synchronous = NORMAL');
      db.pragma('wal_checkpoint(TRUNCATE)');
      db.close();
    },
    async abort() {
      if (db.inTransaction) db.exec('rollback');
      db.close();
    },
  };
}

/** PostgreSQL inserts of whole column arrays through `unnest`, tens of thousands of rows a statement, one transaction. */
async function postgresWriter(url: string): Promise<BulkWriter> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('begin');
  await client.query('set local synchronous_commit to off');
  return {
    async insert(table, rows) {
      const cols = COLUMNS[table];
      const text = `insert into ${table} (${cols.map(([n]) => n).join(', ')}) select * from unnest(${cols
        .map(
          ([, type], i) =>
            `$${i + 1}::${type === 'int' ? 'integer' : type === 'float8' ? 'double precision' : 'text'}[]`,
        )
        .join(', ')})`;
      for (let i = 0; i < rows.length; i += 50_000) {
        const chunk = rows.slice(i, i + 50_000);
        await client.query(
          text,
          cols.map((_, c) => chunk.map((r) => r[c])),
        );
      }
    },
    async finish() {
      for (const table of EXPLICIT_IDS) {
        await client.query(`select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`);
      }
      await client.query('commit');
      // Statistics for the planner, and the visibility map that lets index-only scans skip the table.
      await client.query('vacuum analyze');
      await client.end();
    },
    async abort() {
      await client.query('rollback');
      await client.end();
    },
  };
}

/** Creates the PostgreSQL database of the URL when it does not exist yet. */
async function ensurePostgresDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`Unsupported database name: ${name}`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
}

const CAREERS: Array<[string, string, string[]]> = [
  [
    'ISC',
    'Ingeniería en Sistemas Computacionales',
    [
      'Estructura de Datos',
      'Bases de Datos',
      'Sistemas Operativos',
      'Redes de Computadoras',
      'Ingeniería de Software',
      'Programación Web',
      'Inteligencia Artificial',
      'Lenguajes y Autómatas',
      'Arquitectura de Computadoras',
      'Graficación',
      'Seguridad Informática',
      'Cómputo en la Nube',
    ],
  ],
  [
    'IIND',
    'Ingeniería Industrial',
    [
      'Estudio del Trabajo',
      'Investigación de Operaciones',
      'Control Estadístico de la Calidad',
      'Ergonomía',
      'Planeación y Diseño de Instalaciones',
      'Simulación',
      'Logística y Cadenas de Suministro',
      'Gestión de Costos',
      'Sistemas de Manufactura',
      'Higiene y Seguridad Industrial',
      'Administración de Operaciones',
      'Ingeniería Económica',
    ],
  ],
  [
    'IEME',
    'Ingeniería Electromecánica',
    [
      'Circuitos Eléctricos',
      'Máquinas Eléctricas',
      'Termodinámica',
      'Mecánica de Fluidos',
      'Diseño de Elementos de Máquinas',
      'Sistemas Hidráulicos y Neumáticos',
      'Instalaciones Eléctricas',
      'Refrigeración y Aire Acondicionado',
      'Controles Eléctricos',
      'Máquinas Térmicas',
      'Electrónica Industrial',
      'Mantenimiento Industrial',
    ],
  ],
  [
    'IGE',
    'Ingeniería en Gestión Empresarial',
    [
      'Mercadotecnia',
      'Finanzas en las Organizaciones',
      'Gestión del Capital Humano',
      'Plan de Negocios',
      'Cadena de Suministros',
      'Calidad Aplicada a la Gestión Empresarial',
      'Economía Empresarial',
      'Derecho Empresarial',
      'Sistemas de Información de Mercadotecnia',
      'Entorno Macroeconómico',
      'Diseño Organizacional',
      'Habilidades Directivas',
    ],
  ],
  [
    'IC',
    'Ingeniería Civil',
    [
      'Topografía',
      'Mecánica de Suelos',
      'Análisis Estructural',
      'Hidráulica',
      'Tecnología del Concreto',
      'Diseño Estructural',
      'Carreteras',
      'Abastecimiento de Agua',
      'Alcantarillado',
      'Costos y Presupuestos',
      'Cimentaciones',
      'Sistemas de Transporte',
    ],
  ],
  [
    'IQ',
    'Ingeniería Química',
    [
      'Química Orgánica',
      'Fisicoquímica',
      'Balance de Materia y Energía',
      'Termodinámica Química',
      'Fenómenos de Transporte',
      'Operaciones Unitarias',
      'Reactores Químicos',
      'Análisis Instrumental',
      'Procesos de Separación',
      'Control de Procesos',
      'Ingeniería de Proyectos',
      'Química Analítica',
    ],
  ],
  [
    'IMEC',
    'Ingeniería Mecatrónica',
    [
      'Electrónica Analógica',
      'Electrónica Digital',
      'Mecanismos',
      'Dinámica de Sistemas',
      'Microcontroladores',
      'Control',
      'Robótica',
      'Manufactura Avanzada',
      'Circuitos Hidráulicos y Neumáticos',
      'Instrumentación',
      'Controladores Lógicos Programables',
      'Vibraciones Mecánicas',
    ],
  ],
  [
    'IELE',
    'Ingeniería Electrónica',
    [
      'Diseño Digital',
      'Teoría Electromagnética',
      'Amplificadores Operacionales',
      'Electrónica de Potencia',
      'Comunicaciones',
      'Control Digital',
      'Microprocesadores',
      'Radiocomunicación',
      'Instrumentación Electrónica',
      'Fundamentos de Telecomunicaciones',
      'Optoelectrónica',
      'Procesamiento Digital de Señales',
    ],
  ],
];

/** The common core of the first three semesters, shared by every career. */
const COMMON_CORE = [
  [
    'Cálculo Diferencial',
    'Fundamentos de Investigación',
    'Taller de Ética',
    'Química',
    'Álgebra Lineal',
    'Dibujo Asistido por Computadora',
    'Fundamentos de Programación',
    'Comunicación Oral y Escrita',
    'Matemáticas Discretas',
    'Introducción a la Ingeniería',
  ],
  [
    'Cálculo Integral',
    'Probabilidad y Estadística',
    'Física General',
    'Desarrollo Sustentable',
    'Taller de Investigación I',
    'Métodos Numéricos',
    'Programación Orientada a Objetos',
    'Contabilidad Financiera',
    'Ciencia e Ingeniería de Materiales',
    'Tecnologías de la Información',
  ],
  [
    'Cálculo Vectorial',
    'Ecuaciones Diferenciales',
    'Electricidad y Magnetismo',
    'Estadística Inferencial',
    'Taller de Investigación II',
    'Economía',
    'Mecánica Clásica',
    'Administración',
    'Dinámica',
    'Legislación',
  ],
];

/** Twenty activities a period, in the order they are given; ponderations add up to 100. */
const ACTIVITIES: Array<[string, string, string, number]> = [
  ['Diagnóstico', 'Examen escrito', 'Lista de cotejo', 2],
  ['Tarea 1', 'Tarea', 'Lista de cotejo', 2.5],
  ['Práctica 1', 'Práctica', 'Rúbrica', 3],
  ['Práctica 2', 'Práctica', 'Rúbrica', 3],
  ['Examen parcial 1', 'Examen escrito', 'Examen', 10],
  ['Tarea 2', 'Tarea', 'Lista de cotejo', 2.5],
  ['Práctica 3', 'Práctica', 'Rúbrica', 3],
  ['Investigación documental', 'Investigación', 'Rúbrica', 3],
  ['Práctica 4', 'Práctica', 'Rúbrica', 3],
  ['Examen parcial 2', 'Examen escrito', 'Examen', 10],
  ['Tarea 3', 'Tarea', 'Lista de cotejo', 2.5],
  ['Práctica 5', 'Práctica', 'Rúbrica', 3],
  ['Práctica 6', 'Práctica', 'Rúbrica', 3],
  ['Examen parcial 3', 'Examen escrito', 'Examen', 10],
  ['Tarea 4', 'Tarea', 'Lista de cotejo', 2.5],
  ['Práctica 7', 'Práctica', 'Rúbrica', 3],
  ['Práctica 8', 'Práctica', 'Rúbrica', 3],
  ['Exposición', 'Exposición', 'Rúbrica', 6],
  ['Proyecto integrador', 'Proyecto', 'Rúbrica', 15],
  ['Examen final', 'Examen escrito', 'Examen', 10],
];
/** Activities of the active period graded so far (the period is half way through). */
const GRADED_IN_ACTIVE_PERIOD = 12;

/** Half-yearly periods, oldest first; the last one is the active period. */
const PERIODS: Array<[string, string, string]> = [
  ['ENE-JUN 2024', '2024-01-22', '2024-06-14'],
  ['AGO-DIC 2024', '2024-08-19', '2024-12-13'],
  ['ENE-JUN 2025', '2025-01-27', '2025-06-13'],
  ['AGO-DIC 2025', '2025-08-18', '2025-12-12'],
  ['ENE-JUN 2026', '2026-01-26', '2026-06-12'],
  ['AGO-DIC 2026', '2026-08-17', '2026-12-11'],
];
const ROMAN = ['I', 'II', 'III', 'IV', 'V'];

export interface ScaleSummary {
  counts: Record<string, number>;
  accounts: Array<{ role: string; email: string; password: string }>;
  seconds: number;
}

/** Fills a fresh database at `url` (sqlite:FILE or postgres://…, created when missing) with a large institution. */
export async function seedScale(url: string, options: ScaleOptions): Promise<ScaleSummary> {
  const started = performance.now();
  const students = options.students;
  if (!Number.isInteger(students) || students < 72) throw new Error('--students must be an integer of at least 72');
  const perSemester = options.subjectsPerSemester ?? 8;
  const rand = seededRandom(options.seed ?? 2026);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;
  const normal = () => Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());

  const dialect = dialectOf(url);
  if (dialect === 'postgres') await ensurePostgresDatabase(url);
  const database = connect(url, { quiet: true });
  try {
    await migrateToLatest(database);
    await seedReferenceData(database.db);
    const existing = await database.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    if (Number(existing.n) > 0)
      throw new Error('The database already has users: the scale seed fills only a fresh database.');
  } finally {
    await database.close();
  }
  const writer = dialect === 'postgres' ? await postgresWriter(url) : sqliteWriter(url.replace(/^sqlite:/, ''));
  const counts: Record<string, number> = {};
  const write = async (table: Table, rows: Row[]) => {
    counts[table] = (counts[table] ?? 0) + rows.length;
    await writer.insert(table, rows);
  };

  const now = nowIso();
  const hashes = {
    admin: await hashPassword(DEMO_ACCOUNTS.admin.password),
    chief: await hashPassword(DEMO_ACCOUNTS.chief.password),
    teacher: await hashPassword(DEMO_ACCOUNTS.teacher.password),
    student: await hashPassword(DEMO_ACCOUNTS.student.password),
  };

  try {
    await write(
      'careers',
      CAREERS.map(([key, name], i) => [i + 1, key, name, now, now]),
    );
    await write(
      'periods',
      PERIODS.map(([name, start, end], i) => {
        const active = i === PERIODS.length - 1;
        return [
          i + 1,
          name,
          start,
          end,
          active ? 'published' : 'closed',
          active ? 1 : 0,
          active ? 'Periodo en curso' : null,
          now,
          now,
        ];
      }),
    );
    const activePeriod = PERIODS.length;

    // Generation g (1-9) entered 6(g-1) months before AGO-DIC 2026 and is in semester g now.
    const generationStart = (semester: number) => {
      const months = 2026 * 12 + 7 - 6 * (semester - 1);
      return `${Math.floor(months / 12)}-${String((months % 12) + 1).padStart(2, '0')}-01`;
    };
    await write(
      'generations',
      Array.from({ length: 9 }, (_, i) => {
        const start = generationStart(9 - i);
        return [i + 1, start, generationPreview(start).end_date, now, now];
      }),
    );
    const generationOfSemester = (semester: number) => 10 - semester;

    // Attributes AE1-AE7 for each career.
    const attributeRows: Row[] = [];
    CAREERS.forEach(([key], c) => {
      ATTRIBUTES.forEach(([code, name, description], a) =>
        attributeRows.push([c * 7 + a + 1, name, description, `${key}-${code}`, c + 1, now, now]),
      );
    });
    await write('attributes', attributeRows);
    const attributesOf = (career: number) => Array.from({ length: 7 }, (_, a) => (career - 1) * 7 + a + 1);

    // Subjects: a shared common core for semesters 1-3, then each career's own plan.
    const level = (semester: number) => (semester <= 3 ? 'I' : semester <= 6 ? 'M' : 'A');
    const subjects: Row[] = [];
    const subjectSemesters: Row[] = [];
    const subjectCareers: Row[] = [];
    const subjectAttributes: Row[] = [];
    /** plan[career][semester] = subject ids; attributesBySubjectCareer = the attributes its activities rate. */
    const plan = new Map<string, number[]>();
    const subjectAttributeIds = new Map<string, number[]>();
    const addSubject = (name: string, key: string, semester: number, careers: number[]) => {
      const id = subjects.length + 1;
      subjects.push([id, name, key, 2 + Math.floor(rand() * 2), 1 + Math.floor(rand() * 3), now, now]);
      subjectSemesters.push([id, semester]);
      for (const career of careers) {
        subjectCareers.push([id, career]);
        const pool = [...attributesOf(career)];
        const chosen: number[] = [];
        const n = 2 + Math.floor(rand() * 2);
        for (let k = 0; k < n; k++) chosen.push(...pool.splice(Math.floor(rand() * pool.length), 1));
        chosen.sort((x, y) => x - y);
        for (const attribute of chosen) subjectAttributes.push([id, attribute, level(semester)]);
        subjectAttributeIds.set(`${id}:${career}`, chosen);
        const slot = `${career}:${semester}`;
        plan.set(slot, [...(plan.get(slot) ?? []), id]);
      }
    };
    const allCareers = CAREERS.map((_, i) => i + 1);
    for (let semester = 1; semester <= 3; semester++) {
      for (let i = 0; i < perSemester; i++) {
        const name = COMMON_CORE[semester - 1]![i % COMMON_CORE[0]!.length]!;
        const suffix = i >= COMMON_CORE[0]!.length ? ` ${ROMAN[Math.floor(i / COMMON_CORE[0]!.length)]}` : '';
        addSubject(`${name}${suffix}`, `TCB-${semester}${String(i + 1).padStart(2, '0')}`, semester, allCareers);
      }
    }
    CAREERS.forEach(([key, , topics], c) => {
      for (let semester = 4; semester <= 9; semester++) {
        for (let i = 0; i < perSemester; i++) {
          const j = (semester - 4) * perSemester + i;
          const name = `${topics[j % topics.length]} ${ROMAN[Math.floor(j / topics.length) % ROMAN.length]}`;
          addSubject(name, `${key}-${semester}${String(i + 1).padStart(2, '0')}`, semester, [c + 1]);
        }
      }
    });
    await write('subjects', subjects);
    await write('subject_semesters', subjectSemesters);
    await write('subject_careers', subjectCareers);
    await write('subject_attributes', subjectAttributes);

    // One group per career and semester, named like '512': semester 5, career 1, group 2... always group 1 here.
    const groupId = (career: number, semester: number) => (semester - 1) * CAREERS.length + career;
    const groupRows: Row[] = [];
    for (let semester = 1; semester <= 9; semester++) {
      for (let career = 1; career <= CAREERS.length; career++)
        groupRows.push([groupId(career, semester), `${semester}${career}1`, semester, now, now]);
    }
    await write('groups', groupRows);

    // People: the administrator, one chief per career, teachers and students.
    let userId = 0;
    const users: Row[] = [];
    const userCareers: Row[] = [];
    const personName = (female: boolean) =>
      `${pick(female ? FIRST_NAMES_F : FIRST_NAMES_M)} ${pick(SURNAMES)} ${pick(SURNAMES)}`;
    const ascii = (s: string) =>
      s
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase();
    const addUser = (
      name: string,
      email: string,
      role: number,
      number: string | null,
      gender: number,
      hash: string,
    ) => {
      userId += 1;
      users.push([userId, name, email, hash, role, number, gender, null, now, now]);
      return userId;
    };
    addUser('Rocío Elizondo Garza', DEMO_ACCOUNTS.admin.email, ROLE.ADMIN, 'ADM-0001', 2, hashes.admin);
    CAREERS.forEach(([key], c) => {
      const female = rand() < 0.5;
      const name = c === 0 ? 'Ernesto Cárdenas Villarreal' : personName(female);
      const email = c === 0 ? DEMO_ACCOUNTS.chief.email : `jefe.${key.toLowerCase()}@demo.edu.mx`;
      const id = addUser(
        name,
        email,
        ROLE.CHIEF,
        `JD-${String(c + 1).padStart(3, '0')}`,
        c === 0 ? 1 : female ? 2 : 1,
        hashes.chief,
      );
      userCareers.push([id, c + 1]);
    });
    const teacherCount = Math.max(CAREERS.length * 2, Math.round(students * 0.03));
    const teachersOf = new Map<number, number[]>();
    for (let t = 0; t < teacherCount; t++) {
      const career = (t % CAREERS.length) + 1;
      const female = t === 0 || rand() < 0.45;
      const name = t === 0 ? 'Laura Mendoza Ríos' : personName(female);
      const [first, last] = name.split(' ');
      const email = t === 0 ? DEMO_ACCOUNTS.teacher.email : `${ascii(first!)}.${ascii(last!)}${t}@demo.edu.mx`;
      const id = addUser(name, email, ROLE.TEACHER, `EMP-${String(3000 + t)}`, female ? 2 : 1, hashes.teacher);
      userCareers.push([id, career]);
      teachersOf.set(career, [...(teachersOf.get(career) ?? []), id]);
    }
    // Students: spread over the 72 cohorts (career × current semester).
    interface Student {
      id: number;
      career: number;
      semester: number;
      ability: number;
    }
    const cohorts = new Map<string, Student[]>();
    const userGroups: Row[] = [];
    const userGenerations: Row[] = [];
    for (let s = 0; s < students; s++) {
      const cohort = s % (CAREERS.length * 9);
      const career = (cohort % CAREERS.length) + 1;
      const semester = Math.floor(cohort / CAREERS.length) + 1;
      const seq = Math.floor(s / (CAREERS.length * 9)) + 1;
      const start = generationStart(semester);
      // L + entry year + intake (0 August, 1 February) + career + number: 'L26010001'.
      const matricula = `L${start.slice(2, 4)}${start.slice(5, 7) === '08' ? 0 : 1}${career}${String(seq).padStart(4, '0')}`;
      const female = rand() < 0.45;
      const demo = s === 0;
      const id = addUser(
        demo ? 'Sofía Hernández Castillo' : personName(female),
        demo ? DEMO_ACCOUNTS.student.email : `${matricula.toLowerCase()}@demo.edu.mx`,
        ROLE.STUDENT,
        matricula,
        demo || female ? 2 : 1,
        hashes.student,
      );
      userCareers.push([id, career]);
      userGroups.push([id, groupId(career, semester)]);
      userGenerations.push([id, generationOfSemester(semester), semester, 1, now, now]);
      const key = `${career}:${semester}`;
      const ability = Math.min(99, Math.max(45, 80 + 10 * normal()));
      cohorts.set(key, [...(cohorts.get(key) ?? []), { id, career, semester, ability }]);
    }
    await write('users', users);
    await write('user_careers', userCareers);
    await write('user_groups', userGroups);
    await write('user_generations', userGenerations);

    // Assignments, enrolments, activities and grades, period by period: in period p a cohort now in semester s was in
    // semester s - (active - p), in that semester's group, taking that semester's plan.
    let assignmentId = 0;
    let activityId = 0;
    const teacherTurn = new Map<number, number>();
    let batch = {
      assignments: [] as Row[],
      enrolments: [] as Row[],
      activities: [] as Row[],
      links: [] as Row[],
      grades: [] as Row[],
    };
    // Parents before children: foreign keys are checked row by row.
    const flush = async () => {
      await write('professor_subjects', batch.assignments);
      await write('enrolments', batch.enrolments);
      await write('activities', batch.activities);
      await write('activity_attributes', batch.links);
      await write('user_activities', batch.grades);
      batch = { assignments: [], enrolments: [], activities: [], links: [], grades: [] };
    };
    for (let period = 1; period <= activePeriod; period++) {
      for (let semester = 1; semester <= 9; semester++) {
        const nowSemester = semester + (activePeriod - period);
        if (nowSemester > 9) continue;
        for (let career = 1; career <= CAREERS.length; career++) {
          const cohort = cohorts.get(`${career}:${nowSemester}`) ?? [];
          for (const subject of plan.get(`${career}:${semester}`) ?? []) {
            assignmentId += 1;
            const pool = teachersOf.get(career)!;
            const turn = teacherTurn.get(career) ?? 0;
            teacherTurn.set(career, turn + 1);
            const teacher = pool[turn % pool.length]!;
            batch.assignments.push([assignmentId, teacher, subject, groupId(career, semester), period, career, now]);
            for (const student of cohort) batch.enrolments.push([student.id, subject, semester, period, 1, now]);
            const rated = subjectAttributeIds.get(`${subject}:${career}`)!;
            const difficulty = 4 * normal();
            for (const [index, [name, type, instrument, ponderation]] of ACTIVITIES.entries()) {
              activityId += 1;
              batch.activities.push([activityId, assignmentId, name, type, instrument, ponderation, now, now]);
              batch.links.push([activityId, rated[index % rated.length]!]);
              if (index % 4 === 0 && rated.length > 1)
                batch.links.push([activityId, rated[(index + 1) % rated.length]!]);
              const graded = period < activePeriod || index < GRADED_IN_ACTIVE_PERIOD;
              for (const student of cohort) {
                let qualification: number | null = null;
                if (graded && rand() >= 0.01) {
                  const raw = Math.min(100, Math.max(0, student.ability + difficulty + 9 * normal()));
                  qualification = rand() < 0.75 ? Math.round(raw) : Math.round(raw * 10) / 10;
                }
                batch.grades.push([student.id, activityId, qualification, teacher, now]);
              }
            }
            if (batch.grades.length >= 200_000) await flush();
          }
        }
      }
    }
    await flush();
    await writer.finish();
  } catch (err) {
    await writer.abort().catch(() => undefined);
    throw err;
  }
  // The triggers marked every assignment written: its rating sums are computed now rather than on the first report.
  const after = connect(url, { quiet: true });
  try {
    await refreshRatingSums(after.db);
    await sql
      .raw(dialect === 'postgres' ? 'vacuum analyze attribute_rating_sums' : 'analyze attribute_rating_sums')
      .execute(after.db);
  } finally {
    await after.close();
  }

  return {
    counts,
    accounts: Object.values(DEMO_ACCOUNTS).map((a) => ({ ...a })),
    seconds: (performance.now() - started) / 1000,
  };
}

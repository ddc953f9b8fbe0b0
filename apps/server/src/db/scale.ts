import { sql } from 'kysely';
import { ROLE, generationPreview } from '@egreso/domain';
import { hashPassword } from '../lib/passwords.js';
import { seededRandom } from '../lib/random.js';
import { finishBulkLoad } from '../modules/ratings/index.js';
import { bulkSink, ensurePostgresDatabase } from './bulk-sink.js';
import { connect, dialectOf } from './connect.js';
import { ATTRIBUTES, DEMO_ACCOUNTS } from './demo.js';
import { migrateToLatest } from './migrate.js';
import { personName } from './names.js';
import { seedReferenceData } from './seed.js';
import * as writers from './writers.js';
import type {
  ActivitySpec,
  AssignmentSpec,
  EnrolmentSpec,
  GradeSpec,
  PeriodSpec,
  PersonSpec,
  RowSink,
  SubjectSpec,
} from './writers.js';

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

/** The seed's pseudo-random draws, in the order the builders make them (the same seed gives the same rows). */
interface Draws {
  rand: () => number;
  pick: <T>(items: readonly T[]) => T;
  /** A standard normal deviate (Box-Muller). */
  normal: () => number;
}

function draws(seed: number): Draws {
  const rand = seededRandom(seed);
  return {
    rand,
    pick: (items) => items[Math.floor(rand() * items.length)]!,
    normal: () => Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand()),
  };
}

/** Fills a fresh database at `url` (sqlite:FILE or postgres://…, created when missing) with a large institution. */
export async function seedScale(url: string, options: ScaleOptions): Promise<ScaleSummary> {
  const started = performance.now();
  const students = options.students;
  if (!Number.isInteger(students) || students < 72) throw new Error('--students must be an integer of at least 72');
  await prepareFreshDatabase(url);
  const d = draws(options.seed ?? 2026);
  const sink = await bulkSink(url);
  try {
    const catalogue = await writeCatalogue(sink, d, options.subjectsPerSemester ?? 8);
    const people = await writePeopleOf(sink, d, catalogue, students);
    const teacherTurn = new Map<number, number>();
    for (let period = 1; period <= PERIODS.length; period++)
      await writeCoursesOf(sink, d, catalogue, people, period, teacherTurn);
    await sink.finish();
  } catch (err) {
    await sink.abort().catch(() => undefined);
    throw err;
  }
  await refreshSums(url);
  return {
    counts: sink.counts,
    accounts: Object.values(DEMO_ACCOUNTS).map((a) => ({ ...a })),
    seconds: (performance.now() - started) / 1000,
  };
}

/** Migrates and seeds the reference rows; refuses a database that already has users. */
async function prepareFreshDatabase(url: string): Promise<void> {
  if (dialectOf(url) === 'postgres') await ensurePostgresDatabase(url);
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
}

/** The triggers marked every assignment written: its rating sums are computed now rather than on the first report. */
async function refreshSums(url: string): Promise<void> {
  const after = connect(url, { quiet: true });
  try {
    await finishBulkLoad(after.db);
    await sql
      .raw(after.dialect === 'postgres' ? 'vacuum analyze attribute_rating_sums' : 'analyze attribute_rating_sums')
      .execute(after.db);
  } finally {
    await after.close();
  }
}

/** `${career}:${semester}` (career index from 0, semester 1-9). */
const slot = (career: number, semester: number) => `${career}:${semester}`;

interface Catalogue {
  careers: number[];
  periods: number[];
  /** The generation now (in the active period) in each semester. */
  generationInSemester: Map<number, number>;
  groups: Map<string, number>;
  /** The subjects of each career's semester. */
  plan: Map<string, number[]>;
  /** The attributes a subject's activities rate in a career: `${subject}:${career}`. */
  rated: Map<string, number[]>;
}

/** Careers, periods, generations, attributes, the subjects of every plan and one group per career and semester. */
async function writeCatalogue(sink: RowSink, d: Draws, perSemester: number): Promise<Catalogue> {
  const careers = await writers.writeCareers(
    sink,
    CAREERS.map(([career_key, name]) => ({ career_key, name })),
  );
  const periods = await writers.writePeriods(sink, periodSpecs());
  // The generation now in semester s entered 6(s-1) months before AGO-DIC 2026; written oldest first.
  const semesters = [9, 8, 7, 6, 5, 4, 3, 2, 1];
  const generations = await writers.writeGenerations(
    sink,
    semesters.map((s) => {
      const start = generationStart(s);
      return { start_date: start, end_date: generationPreview(start).end_date };
    }),
  );
  const attributes = await writers.writeAttributes(
    sink,
    CAREERS.flatMap(([key], c) =>
      ATTRIBUTES.map(([code, attribute_name, description]) => ({
        attribute_name,
        description,
        codigo: `${key}-${code}`,
        career_id: careers[c]!,
      })),
    ),
  );
  const subjects = planSubjects(d, perSemester, careers, (c) => attributes.slice(c * 7, c * 7 + 7));
  const subjectIds = await writers.writeSubjects(sink, subjects.specs);
  const groupSlots = semesters.flatMap((_, i) => careers.map((_, c) => [c, i + 1] as const));
  const groupIds = await writers.writeGroups(
    sink,
    groupSlots.map(([c, semester]) => ({ group_name: `${semester}${c + 1}1`, semester_id: semester })),
  );
  const byIndex = (indexes: number[]) => indexes.map((i) => subjectIds[i]!);
  return {
    careers,
    periods,
    generationInSemester: new Map(semesters.map((s, i) => [s, generations[i]!])),
    groups: new Map(groupSlots.map(([c, semester], i) => [slot(c, semester), groupIds[i]!])),
    plan: new Map([...subjects.plan].map(([key, indexes]) => [key, byIndex(indexes)])),
    rated: new Map(
      [...subjects.rated].map(([key, ids]) => {
        const [index, career] = key.split(':');
        return [`${subjectIds[Number(index)]!}:${career}`, ids];
      }),
    ),
  };
}

/** The periods, oldest first, closed but the last (active, published). */
function periodSpecs(): PeriodSpec[] {
  return PERIODS.map(([period_name, start_date, end_date], i) => {
    const active = i === PERIODS.length - 1;
    return {
      period_name,
      start_date,
      end_date,
      status: active ? 'published' : 'closed',
      is_active: active ? 1 : 0,
      notes: active ? 'Periodo en curso' : null,
    };
  });
}

/** The first day of the month the generation now in `semester` entered (semester 1: August 2026). */
function generationStart(semester: number): string {
  const months = 2026 * 12 + 7 - 6 * (semester - 1);
  return `${Math.floor(months / 12)}-${String((months % 12) + 1).padStart(2, '0')}-01`;
}

/**
 * The subjects: a common core for semesters 1-3 shared by every career, then each career's own plan for 4-9; each
 * rates two or three of the career's attributes at the semester's level. Plan and ratings are by subject index.
 */
function planSubjects(d: Draws, perSemester: number, careers: number[], attributesOf: (career: number) => number[]) {
  const level = (semester: number) => (semester <= 3 ? 'I' : semester <= 6 ? 'M' : 'A');
  const specs: SubjectSpec[] = [];
  const plan = new Map<string, number[]>();
  const rated = new Map<string, number[]>();
  const add = (subject_name: string, subject_key: string, semester: number, careerIndexes: number[]) => {
    const index = specs.length;
    const spec: SubjectSpec = {
      subject_key,
      subject_name,
      theory_credits: 2 + Math.floor(d.rand() * 2),
      practice_credits: 1 + Math.floor(d.rand() * 3),
      semesters: [semester],
      careers: careerIndexes.map((c) => careers[c]!),
      attributes: [],
    };
    for (const c of careerIndexes) {
      const pool = [...attributesOf(c)];
      const chosen: number[] = [];
      const n = 2 + Math.floor(d.rand() * 2);
      for (let k = 0; k < n; k++) chosen.push(...pool.splice(Math.floor(d.rand() * pool.length), 1));
      chosen.sort((x, y) => x - y);
      for (const attribute_id of chosen) spec.attributes.push({ attribute_id, knowledge_level: level(semester) });
      rated.set(`${index}:${c}`, chosen);
      plan.set(slot(c, semester), [...(plan.get(slot(c, semester)) ?? []), index]);
    }
    specs.push(spec);
  };
  const everyCareer = careers.map((_, c) => c);
  const core = COMMON_CORE[0]!.length;
  for (let semester = 1; semester <= 3; semester++) {
    for (let i = 0; i < perSemester; i++) {
      const suffix = i >= core ? ` ${ROMAN[Math.floor(i / core)]}` : '';
      const name = `${COMMON_CORE[semester - 1]![i % core]!}${suffix}`;
      add(name, `TCB-${semester}${String(i + 1).padStart(2, '0')}`, semester, everyCareer);
    }
  }
  CAREERS.forEach(([key, , topics], c) => {
    for (let semester = 4; semester <= 9; semester++) {
      for (let i = 0; i < perSemester; i++) {
        const j = (semester - 4) * perSemester + i;
        const name = `${topics[j % topics.length]} ${ROMAN[Math.floor(j / topics.length) % ROMAN.length]}`;
        add(name, `${key}-${semester}${String(i + 1).padStart(2, '0')}`, semester, [c]);
      }
    }
  });
  return { specs, plan, rated };
}

interface Student {
  id: number;
  ability: number;
}

interface People {
  /** The teachers of each career (by career index). */
  teachersOf: Map<number, number[]>;
  /** The students now in each career's semester, `${career}:${semester}`. */
  cohorts: Map<string, Student[]>;
}

/** The administrator, one chief per career, the teachers (3 % of the students) and the students over the 72 cohorts. */
async function writePeopleOf(sink: RowSink, d: Draws, cat: Catalogue, students: number): Promise<People> {
  const [admin, chief, teacher, student] = await Promise.all(
    [DEMO_ACCOUNTS.admin, DEMO_ACCOUNTS.chief, DEMO_ACCOUNTS.teacher, DEMO_ACCOUNTS.student].map((a) =>
      hashPassword(a.password),
    ),
  );
  const teacherCount = Math.max(CAREERS.length * 2, Math.round(students * 0.03));
  const people = staffOf(d, cat, teacherCount, { admin: admin!, chief: chief!, teacher: teacher! });
  const cohortOf: string[] = [];
  const abilities: number[] = [];
  for (let s = 0; s < students; s++) {
    const [career, semester, person] = scaleStudent(d, cat, s, student!);
    people.push(person);
    cohortOf.push(slot(career, semester));
    abilities.push(Math.min(99, Math.max(45, 80 + 10 * d.normal())));
  }
  const ids = await writers.writePeople(sink, people);
  const teachersOf = new Map<number, number[]>();
  for (let t = 0; t < teacherCount; t++)
    teachersOf.set(teacherCareer(t), [...(teachersOf.get(teacherCareer(t)) ?? []), ids[1 + CAREERS.length + t]!]);
  const cohorts = new Map<string, Student[]>();
  const first = 1 + CAREERS.length + teacherCount;
  cohortOf.forEach((key, s) =>
    cohorts.set(key, [...(cohorts.get(key) ?? []), { id: ids[first + s]!, ability: abilities[s]! }]),
  );
  return { teachersOf, cohorts };
}

/** Teacher `t` belongs to career index t mod 8. */
const teacherCareer = (t: number) => t % CAREERS.length;

/** The administrator, one chief per career and the teachers, in that order. */
function staffOf(
  d: Draws,
  cat: Catalogue,
  teacherCount: number,
  hashes: { admin: string; chief: string; teacher: string },
): PersonSpec[] {
  const people: PersonSpec[] = [
    {
      full_name: 'Rocío Elizondo Garza',
      email: DEMO_ACCOUNTS.admin.email,
      password_hash: hashes.admin,
      role: ROLE.ADMIN,
      controlnumber: 'ADM-0001',
      gender: 2,
    },
  ];
  CAREERS.forEach(([key], c) => {
    const female = d.rand() < 0.5;
    people.push({
      full_name: c === 0 ? 'Ernesto Cárdenas Villarreal' : personName(d.rand, female),
      email: c === 0 ? DEMO_ACCOUNTS.chief.email : `jefe.${key.toLowerCase()}@demo.edu.mx`,
      password_hash: hashes.chief,
      role: ROLE.CHIEF,
      controlnumber: `JD-${String(c + 1).padStart(3, '0')}`,
      gender: c === 0 ? 1 : female ? 2 : 1,
      careers: [cat.careers[c]!],
    });
  });
  for (let t = 0; t < teacherCount; t++) {
    const female = t === 0 || d.rand() < 0.45;
    const name = t === 0 ? 'Laura Mendoza Ríos' : personName(d.rand, female);
    const [first, last] = name.split(' ');
    people.push({
      full_name: name,
      email: t === 0 ? DEMO_ACCOUNTS.teacher.email : `${ascii(first!)}.${ascii(last!)}${t}@demo.edu.mx`,
      password_hash: hashes.teacher,
      role: ROLE.TEACHER,
      controlnumber: `EMP-${String(3000 + t)}`,
      gender: female ? 2 : 1,
      careers: [cat.careers[teacherCareer(t)]!],
    });
  }
  return people;
}

const ascii = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** Student number `s`: spread over the 72 cohorts (career × current semester), in its group and generation. */
function scaleStudent(d: Draws, cat: Catalogue, s: number, hash: string): [number, number, PersonSpec] {
  const cohort = s % (CAREERS.length * 9);
  const career = cohort % CAREERS.length;
  const semester = Math.floor(cohort / CAREERS.length) + 1;
  const seq = Math.floor(s / (CAREERS.length * 9)) + 1;
  const start = generationStart(semester);
  // L + entry year + intake (0 August, 1 February) + career + number: 'L26010001'.
  const intake = start.slice(5, 7) === '08' ? 0 : 1;
  const matricula = `L${start.slice(2, 4)}${intake}${career + 1}${String(seq).padStart(4, '0')}`;
  const female = d.rand() < 0.45;
  const demo = s === 0;
  return [
    career,
    semester,
    {
      full_name: demo ? 'Sofía Hernández Castillo' : personName(d.rand, female),
      email: demo ? DEMO_ACCOUNTS.student.email : `${matricula.toLowerCase()}@demo.edu.mx`,
      password_hash: hash,
      role: ROLE.STUDENT,
      controlnumber: matricula,
      gender: demo || female ? 2 : 1,
      careers: [cat.careers[career]!],
      groups: [cat.groups.get(slot(career, semester))!],
      generation: {
        generation_id: cat.generationInSemester.get(semester)!,
        current_semester_id: semester,
        active: 1,
      },
    },
  ];
}

interface Course {
  assignment: AssignmentSpec;
  semester: number;
  career: number;
  cohort: Student[];
}

/**
 * One period's assignments, enrolments, activities and grades: in period p a cohort now in semester s was in semester
 * s - (active - p), in that semester's group, taking that semester's plan; each career's teachers take turns.
 */
async function writeCoursesOf(
  sink: RowSink,
  d: Draws,
  cat: Catalogue,
  people: People,
  period: number,
  teacherTurn: Map<number, number>,
): Promise<void> {
  const courses: Course[] = [];
  for (let semester = 1; semester <= 9; semester++) {
    const nowSemester = semester + (PERIODS.length - period);
    if (nowSemester > 9) continue;
    for (let career = 0; career < CAREERS.length; career++) {
      const cohort = people.cohorts.get(slot(career, nowSemester)) ?? [];
      for (const subject_id of cat.plan.get(slot(career, semester)) ?? []) {
        const pool = people.teachersOf.get(career)!;
        const turn = teacherTurn.get(career) ?? 0;
        teacherTurn.set(career, turn + 1);
        const assignment = {
          user_id: pool[turn % pool.length]!,
          subject_id,
          group_id: cat.groups.get(slot(career, semester))!,
          period_id: cat.periods[period - 1]!,
          career_id: cat.careers[career]!,
        };
        courses.push({ assignment, semester, career, cohort });
      }
    }
  }
  const assignmentIds = await writers.writeAssignments(
    sink,
    courses.map((c) => c.assignment),
  );
  await writers.writeEnrolments(
    sink,
    courses.flatMap(({ assignment: a, semester, cohort }): EnrolmentSpec[] =>
      cohort.map((s) => ({ user_id: s.id, subject_id: a.subject_id, semester_id: semester, period_id: a.period_id! })),
    ),
  );
  const activityIds = await writers.writeActivities(
    sink,
    courses.flatMap((c, i) =>
      courseActivities(assignmentIds[i]!, cat.rated.get(`${c.assignment.subject_id}:${c.career}`)!),
    ),
  );
  let grades: GradeSpec[] = [];
  for (const [i, course] of courses.entries()) {
    const ids = activityIds.slice(i * ACTIVITIES.length, (i + 1) * ACTIVITIES.length);
    gradeCourse(d, course, ids, period === PERIODS.length, grades);
    if (grades.length >= 200_000) {
      await writers.writeGrades(sink, grades);
      grades = [];
    }
  }
  await writers.writeGrades(sink, grades);
}

/** The twenty activities of an assignment, each rating one of the subject's attributes (every fourth, two). */
function courseActivities(professor_subject_id: number, rated: number[]): ActivitySpec[] {
  return ACTIVITIES.map(([activity_name, type_activity, evaluation_instrument, ponderation], index) => ({
    professor_subject_id,
    activity_name,
    type_activity,
    evaluation_instrument,
    ponderation,
    attribute_ids:
      index % 4 === 0 && rated.length > 1
        ? [rated[index % rated.length]!, rated[(index + 1) % rated.length]!]
        : [rated[index % rated.length]!],
  }));
}

/**
 * The cohort's grades on the course's activities: ability + the course's difficulty + noise, a quarter of them with a
 * decimal; 1 % left blank; in the active period only the first activities are graded.
 */
function gradeCourse(d: Draws, course: Course, activityIds: number[], active: boolean, out: GradeSpec[]): void {
  const difficulty = 4 * d.normal();
  activityIds.forEach((activity_id, index) => {
    const graded = !active || index < GRADED_IN_ACTIVE_PERIOD;
    for (const student of course.cohort) {
      let qualification: number | null = null;
      if (graded && d.rand() >= 0.01) {
        const raw = Math.min(100, Math.max(0, student.ability + difficulty + 9 * d.normal()));
        qualification = d.rand() < 0.75 ? Math.round(raw) : Math.round(raw * 10) / 10;
      }
      out.push({ user_id: student.id, activity_id, qualification, updated_by: course.assignment.user_id });
    }
  });
}

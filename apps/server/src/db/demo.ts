import type { Kysely } from 'kysely';
import { ROLE, chiefPassword, initialPassword, type ImprovementActionUpdateBody } from '@egreso/domain';
import { hashInitialPassword, hashPassword } from '../lib/passwords.js';
import { seededRandom } from '../lib/random.js';
import { nowIso } from '../lib/time.js';
import {
  addImprovementFollowup,
  createImprovementAction,
  updateImprovementAction,
} from '../modules/improvement/index.js';
import { finishBulkLoad } from '../modules/ratings/index.js';
import { personName } from './names.js';
import type { Database, DbOrTrx } from './types.js';
import {
  kyselySink,
  writeActivities,
  writeAssignments,
  writeAttributes,
  writeCareers,
  writeEnrolments,
  writeGenerations,
  writeGrades,
  writeGroups,
  writePeople,
  writePeriods,
  writePrerequisites,
  writeSubjects,
  type KnowledgeLevel,
  type PersonSpec,
  type RowSink,
} from './writers.js';

export interface DemoAccount {
  role: string;
  email: string;
  password: string;
}

/** The printed demo accounts, one per role. */
export const DEMO_ACCOUNTS = {
  admin: { role: 'Administrador', email: 'admin@demo.edu.mx', password: 'admin1234' },
  chief: { role: 'Jefe de división', email: 'jefe.sistemas@demo.edu.mx', password: 'jefe1234' },
  teacher: { role: 'Profesor', email: 'laura.mendoza@demo.edu.mx', password: 'profe1234' },
  student: { role: 'Alumno', email: 'l26010001@demo.edu.mx', password: 'alumno1234' },
} as const;

export const ATTRIBUTES = [
  [
    'AE1',
    'Resolución de problemas de ingeniería',
    'Identifica, formula y resuelve problemas complejos de ingeniería aplicando los principios de las ciencias básicas e ingeniería.',
  ],
  [
    'AE2',
    'Diseño en ingeniería',
    'Aplica, analiza y sintetiza procesos de diseño de ingeniería que resultan en proyectos que cumplen las necesidades especificadas.',
  ],
  [
    'AE3',
    'Experimentación y análisis',
    'Desarrolla y conduce una experimentación adecuada; analiza e interpreta datos y utiliza el juicio ingenieril para establecer conclusiones.',
  ],
  ['AE4', 'Comunicación efectiva', 'Se comunica efectivamente con diferentes audiencias.'],
  [
    'AE5',
    'Ética y responsabilidad profesional',
    'Reconoce sus responsabilidades éticas y profesionales en situaciones relevantes para la ingeniería y realiza juicios informados.',
  ],
  [
    'AE6',
    'Aprendizaje permanente',
    'Reconoce la necesidad permanente de conocimiento adicional y tiene la habilidad para localizar, evaluar, integrar y aplicar este conocimiento.',
  ],
  [
    'AE7',
    'Trabajo en equipo',
    'Trabaja efectivamente en equipos que establecen metas, planean tareas, cumplen fechas límite y analizan riesgos e incertidumbre.',
  ],
] as const;

/** [key, name, theory, practice, semester, prerequisite keys, attribute codes with level] */
const SUBJECTS: Array<[string, string, number, number, number, string[], Array<[string, KnowledgeLevel]>]> = [
  ['ACF-0901', 'Cálculo Diferencial', 3, 2, 1, [], [['AE1', 'I']]],
  [
    'SCD-1008',
    'Fundamentos de Programación',
    2,
    3,
    1,
    [],
    [
      ['AE1', 'I'],
      ['AE2', 'I'],
    ],
  ],
  ['AEF-1041', 'Matemáticas Discretas', 3, 2, 1, [], [['AE1', 'I']]],
  [
    'ACA-0907',
    'Taller de Ética',
    0,
    4,
    1,
    [],
    [
      ['AE5', 'I'],
      ['AE4', 'I'],
    ],
  ],
  [
    'ACC-0906',
    'Fundamentos de Investigación',
    2,
    2,
    1,
    [],
    [
      ['AE4', 'I'],
      ['AE6', 'I'],
    ],
  ],
  ['ACF-0902', 'Cálculo Integral', 3, 2, 2, ['ACF-0901'], [['AE1', 'I']]],
  [
    'AED-1286',
    'Programación Orientada a Objetos',
    2,
    3,
    2,
    ['SCD-1008'],
    [
      ['AE1', 'M'],
      ['AE2', 'I'],
    ],
  ],
  ['ACF-0903', 'Álgebra Lineal', 3, 2, 2, [], [['AE1', 'I']]],
  ['AEC-1008', 'Contabilidad Financiera', 2, 2, 2, [], [['AE5', 'I']]],
  ['ACF-0904', 'Cálculo Vectorial', 3, 2, 3, ['ACF-0902'], [['AE1', 'M']]],
  [
    'AED-1026',
    'Estructura de Datos',
    2,
    3,
    3,
    ['AED-1286'],
    [
      ['AE1', 'M'],
      ['AE2', 'M'],
      ['AE7', 'I'],
    ],
  ],
  [
    'SCC-1013',
    'Investigación de Operaciones',
    2,
    2,
    3,
    ['ACF-0903'],
    [
      ['AE1', 'M'],
      ['AE3', 'I'],
    ],
  ],
  [
    'ACD-0908',
    'Desarrollo Sustentable',
    2,
    3,
    3,
    [],
    [
      ['AE5', 'M'],
      ['AE4', 'I'],
    ],
  ],
  ['ACF-0905', 'Ecuaciones Diferenciales', 3, 2, 4, ['ACF-0904'], [['AE1', 'M']]],
  [
    'SCC-1017',
    'Métodos Numéricos',
    2,
    2,
    4,
    ['ACF-0902'],
    [
      ['AE1', 'M'],
      ['AE3', 'M'],
    ],
  ],
  [
    'SCD-1027',
    'Tópicos Avanzados de Programación',
    2,
    3,
    4,
    ['AED-1026'],
    [
      ['AE2', 'M'],
      ['AE7', 'M'],
    ],
  ],
  [
    'AEF-1031',
    'Fundamentos de Bases de Datos',
    3,
    2,
    5,
    [],
    [
      ['AE2', 'M'],
      ['AE1', 'M'],
    ],
  ],
  [
    'SCD-1003',
    'Arquitectura de Computadoras',
    2,
    3,
    5,
    [],
    [
      ['AE3', 'M'],
      ['AE1', 'M'],
    ],
  ],
  [
    'SCA-1026',
    'Taller de Sistemas Operativos',
    0,
    4,
    5,
    [],
    [
      ['AE3', 'M'],
      ['AE7', 'M'],
    ],
  ],
  [
    'SCD-1011',
    'Ingeniería de Software',
    2,
    3,
    6,
    [],
    [
      ['AE2', 'A'],
      ['AE4', 'M'],
      ['AE7', 'M'],
    ],
  ],
  [
    'SCA-1025',
    'Taller de Bases de Datos',
    0,
    4,
    6,
    ['AEF-1031'],
    [
      ['AE2', 'A'],
      ['AE3', 'M'],
    ],
  ],
  [
    'SCD-1021',
    'Redes de Computadoras',
    2,
    3,
    6,
    [],
    [
      ['AE3', 'M'],
      ['AE1', 'A'],
    ],
  ],
  [
    'SCG-1009',
    'Gestión de Proyectos de Software',
    3,
    3,
    7,
    ['SCD-1011'],
    [
      ['AE7', 'A'],
      ['AE4', 'A'],
      ['AE5', 'M'],
    ],
  ],
  [
    'SCD-1015',
    'Lenguajes y Autómatas I',
    2,
    3,
    7,
    [],
    [
      ['AE1', 'A'],
      ['AE6', 'M'],
    ],
  ],
  [
    'SCA-1002',
    'Administración de Redes',
    0,
    4,
    7,
    ['SCD-1021'],
    [
      ['AE3', 'A'],
      ['AE6', 'M'],
    ],
  ],
  [
    'AEB-1055',
    'Programación Web',
    1,
    4,
    8,
    [],
    [
      ['AE2', 'A'],
      ['AE6', 'A'],
    ],
  ],
  [
    'SCC-1012',
    'Inteligencia Artificial',
    2,
    2,
    8,
    [],
    [
      ['AE1', 'A'],
      ['AE3', 'A'],
    ],
  ],
  [
    'RES-1000',
    'Residencia Profesional',
    0,
    10,
    9,
    [],
    [
      ['AE4', 'A'],
      ['AE5', 'A'],
      ['AE6', 'A'],
      ['AE7', 'A'],
    ],
  ],
];

const ACTIVITY_TEMPLATES: Array<[string, string, string, number]> = [
  ['Examen parcial 1', 'Examen escrito', 'Lista de cotejo', 30],
  ['Práctica de laboratorio', 'Práctica', 'Rúbrica', 30],
  ['Proyecto integrador', 'Proyecto', 'Rúbrica', 40],
];

const PERIODS = [
  ['AGO-DIC 2025', '2025-08-18', '2025-12-12'],
  ['ENE-JUN 2026', '2026-01-26', '2026-06-12'],
  ['AGO-DIC 2026', '2026-08-17', '2026-12-11'],
  ['ENE-JUN 2027', '2027-01-25', '2027-06-11'],
] as const;
/** Indexes into PERIODS. */
const [AGO_DIC_2025, ENE_JUN_2026, ACTIVE, ENE_JUN_2027] = [0, 1, 2, 3];

/** Groups with their semester; the current ones hold students, the others held the courses of past periods. */
const GROUPS: Array<[string, number]> = [
  ['101', 1],
  ['102', 1],
  ['201', 2],
  ['301', 3],
  ['501', 5],
  ['701', 7],
  ['103', 1],
  ['302', 3],
  ['401', 4],
];

/** Seven students in each current group: [group, semester now, generation (year of entry)]. */
const STUDENT_GROUPS: Array<[string, number, number]> = [
  ['101', 1, 2026],
  ['102', 1, 2026],
  ['301', 3, 2025],
  ['501', 5, 2024],
  ['701', 7, 2023],
];

/**
 * The courses grades come from: [group, semester, period, current group of its students, the cohort's grade shift]. In
 * the active period every current group takes its semester's subjects; the 2025 and 2024 generations also have their
 * two previous periods (three periods of evidence each), the 2024 one improving over time.
 */
const TERMS: Array<[string, number, number, string, number]> = [
  ['101', 1, ACTIVE, '101', 0],
  ['102', 1, ACTIVE, '102', 0],
  ['301', 3, ACTIVE, '301', 1],
  ['501', 5, ACTIVE, '501', 4],
  ['701', 7, ACTIVE, '701', 2],
  ['201', 2, ENE_JUN_2026, '301', 1],
  ['103', 1, AGO_DIC_2025, '301', 0],
  ['401', 4, ENE_JUN_2026, '501', 2],
  ['302', 3, AGO_DIC_2025, '501', -1],
];

/**
 * The difficulty of some courses (`${subject}:${period}`; the others' is drawn), so the evidence tells a story: the
 * 2024 generation missed its AE3 target in AGO-DIC 2025 (Investigación de Operaciones) and met it after an action in
 * ENE-JUN 2026 (Métodos Numéricos); the 2025 generation's AE5 declined over its three periods down to a missed target
 * in AGO-DIC 2026 (Desarrollo Sustentable), acted on for ENE-JUN 2027.
 */
const DIFFICULTY: Record<string, number> = {
  [`SCC-1013:${AGO_DIC_2025}`]: -14,
  [`SCC-1017:${ENE_JUN_2026}`]: 2,
  [`ACA-0907:${AGO_DIC_2025}`]: -4,
  [`AEC-1008:${ENE_JUN_2026}`]: -10,
  [`ACD-0908:${ACTIVE}`]: -16,
};

/** Subjects the demo teacher (Laura Mendoza) teaches in the active period. */
const DEMO_TEACHER_SUBJECTS = ['SCD-1008', 'AED-1026', 'AEF-1031', 'ACF-0901'];

interface Catalogue {
  isc: number;
  ind: number;
  periods: number[];
  generation: Map<number, number>;
  attribute: Map<string, number>;
  subject: Map<string, number>;
  group: Map<string, number>;
}

/** A realistic institution: careers, periods, generations, a full ISC catalogue, people, activities and grades. */
export async function seedDemo(db: Kysely<Database>): Promise<DemoAccount[]> {
  await db.transaction().execute(async (trx) => {
    const sink = kyselySink(trx);
    const catalogue = await writeCatalogue(sink);
    const people = await writePeopleOf(sink, catalogue);
    await writeCourses(sink, catalogue, people);
    await recordLeavers(trx, catalogue, people.leavers);
    await writeObservations(trx, catalogue, people);
    await writeImprovementActions(trx, catalogue, people.chiefIsc);
  });
  // The triggers marked the assignments written: their rating sums are computed now rather than on the first report.
  await finishBulkLoad(db);
  return Object.values(DEMO_ACCOUNTS).map((a) => ({ ...a }));
}

/** Careers, periods, generations, attributes, the ISC catalogue and the groups. */
async function writeCatalogue(sink: RowSink): Promise<Catalogue> {
  const [isc, ind] = await writeCareers(sink, [
    { career_key: 'ISC', name: 'Ingeniería en Sistemas Computacionales' },
    { career_key: 'IIND', name: 'Ingeniería Industrial' },
    { career_key: 'IEME', name: 'Ingeniería Electromecánica' },
  ]);
  const periods = await writePeriods(
    sink,
    PERIODS.map(([period_name, start_date, end_date], i) => ({
      period_name,
      start_date,
      end_date,
      status: i < ACTIVE ? 'closed' : 'published',
      is_active: i === ACTIVE ? 1 : 0,
      notes: i === ACTIVE ? 'Periodo en curso' : null,
    })),
  );
  const years = [2022, 2023, 2024, 2025, 2026];
  const generations = await writeGenerations(
    sink,
    years.map((y) => ({ start_date: `${y}-08-01`, end_date: `${y + 5}-02-01` })),
  );
  const attributes = await writeAttributes(sink, [
    ...ATTRIBUTES.map(([codigo, attribute_name, description]) => ({
      codigo,
      attribute_name,
      description,
      career_id: isc!,
    })),
    ...INDUSTRIAL_ATTRIBUTES.map(([codigo, attribute_name, description]) => ({
      codigo,
      attribute_name,
      description,
      career_id: ind!,
    })),
  ]);
  const attribute = new Map(ATTRIBUTES.map(([code], i) => [code as string, attributes[i]!]));
  const subject = await writeCatalogueSubjects(sink, isc!, attribute);
  const groups = await writeGroups(
    sink,
    GROUPS.map(([group_name, semester_id]) => ({ group_name, semester_id })),
  );
  return {
    isc: isc!,
    ind: ind!,
    periods,
    generation: new Map(years.map((y, i) => [y, generations[i]!])),
    attribute,
    subject,
    group: new Map(GROUPS.map(([name], i) => [name, groups[i]!])),
  };
}

const INDUSTRIAL_ATTRIBUTES = [
  ['II1', 'Optimización de procesos', 'Diseña, implementa y mejora sistemas productivos integrados.'],
  ['II2', 'Gestión de la calidad', 'Aplica herramientas estadísticas para el control de la calidad.'],
] as const;

/** The ISC subjects with their semester, attributes and prerequisites; answers the ids by key. */
async function writeCatalogueSubjects(
  sink: RowSink,
  isc: number,
  attribute: Map<string, number>,
): Promise<Map<string, number>> {
  const ids = await writeSubjects(
    sink,
    SUBJECTS.map(([subject_key, subject_name, theory_credits, practice_credits, semester, , attrs]) => ({
      subject_key,
      subject_name,
      theory_credits,
      practice_credits,
      semesters: [semester],
      careers: [isc],
      attributes: attrs.map(([code, knowledge_level]) => ({ attribute_id: attribute.get(code)!, knowledge_level })),
    })),
  );
  const subject = new Map(SUBJECTS.map(([key], i) => [key, ids[i]!]));
  await writePrerequisites(
    sink,
    SUBJECTS.flatMap(([key, , , , , pre]) =>
      pre.map((p) => ({ subject_id: subject.get(key)!, prerequisite_id: subject.get(p)! })),
    ),
  );
  return subject;
}

interface DemoStudent {
  id: number;
  /** How well the student does: the centre of their grades. */
  ability: number;
}

interface People {
  chiefIsc: number;
  teachers: number[];
  studentsByGroup: Map<string, DemoStudent[]>;
  leavers: number[];
}

/** The published accounts' passwords hashed with argon2; the others' initial passwords as an import stores them. */
const published = (password: string) => hashPassword(password);
const initial = (name: string, number: string) => hashInitialPassword(initialPassword(name, number));

/** The administrator, two chiefs, five teachers, seven students in each current group and the 2022 leavers. */
async function writePeopleOf(sink: RowSink, cat: Catalogue): Promise<People> {
  const staff = await staffSpecs(cat);
  const staffIds = await writePeople(sink, staff);
  const rand = seededRandom(2026);
  const students = STUDENT_GROUPS.flatMap(([group, semester, year], g) =>
    Array.from({ length: 7 }, (_, i) => studentSpec(rand, cat, g * 7 + i + 1, year, semester, [cat.group.get(group)!])),
  );
  students[0] = {
    ...students[0]!,
    full_name: 'Sofía Hernández Castillo',
    email: DEMO_ACCOUNTS.student.email,
    gender: 2,
    password_hash: await published(DEMO_ACCOUNTS.student.password),
  };
  const leavers = LEAVER_OUTCOMES.map((_, i) => studentSpec(rand, cat, students.length + i + 1, 2022, 9, []));
  const ids = await writePeople(sink, [...students, ...leavers]);
  const grades = seededRandom(4043);
  const studentsByGroup = new Map(
    STUDENT_GROUPS.map(([group], g) => [
      group,
      ids.slice(g * 7, g * 7 + 7).map((id) => ({ id, ability: clamp(81 + 6 * normal(grades), 60, 97) })),
    ]),
  );
  return {
    chiefIsc: staffIds[1]!,
    teachers: staffIds.slice(3),
    studentsByGroup,
    leavers: ids.slice(students.length),
  };
}

/** The administrator, the chiefs of ISC and IIND and the teachers (the demo accounts among them). */
async function staffSpecs(cat: Catalogue): Promise<PersonSpec[]> {
  const teachers: Array<[string, string, string, number, number[]]> = [
    ['Laura Mendoza Ríos', DEMO_ACCOUNTS.teacher.email, 'EMP-2041', 2, [cat.isc]],
    ['Roberto Carrillo Treviño', 'roberto.carrillo@demo.edu.mx', 'EMP-2042', 1, [cat.isc]],
    ['Adriana Solís Benavides', 'adriana.solis@demo.edu.mx', 'EMP-2043', 2, [cat.isc, cat.ind]],
    ['Gerardo Ibarra Quintero', 'gerardo.ibarra@demo.edu.mx', 'EMP-2044', 1, [cat.isc]],
    ['Martha Alicia Zúñiga Peña', 'martha.zuniga@demo.edu.mx', 'EMP-2045', 2, [cat.isc]],
  ];
  const [admin, chief, teacher] = await Promise.all(
    [DEMO_ACCOUNTS.admin, DEMO_ACCOUNTS.chief, DEMO_ACCOUNTS.teacher].map((a) => published(a.password)),
  );
  const chiefInd = 'Patricia Leal Montemayor';
  return [
    staff('Rosa Elena Villarreal Ortega', DEMO_ACCOUNTS.admin.email, admin!, ROLE.ADMIN, 'ADM-001', 2, []),
    staff('Arturo Salinas Cárdenas', DEMO_ACCOUNTS.chief.email, chief!, ROLE.CHIEF, 'JD-0101', 1, [cat.isc]),
    staff(
      chiefInd,
      'jefa.industrial@demo.edu.mx',
      await published(chiefPassword(chiefInd, 'JD-0102')),
      ROLE.CHIEF,
      'JD-0102',
      2,
      [cat.ind],
    ),
    ...teachers.map(([name, email, number, gender, careers], i) =>
      staff(name, email, i === 0 ? teacher! : initial(name, number), ROLE.TEACHER, number, gender, careers),
    ),
  ];
}

function staff(
  full_name: string,
  email: string,
  password_hash: string,
  role: number,
  controlnumber: string,
  gender: number,
  careers: number[],
): PersonSpec {
  return { full_name, email, password_hash, role, controlnumber, gender, careers };
}

/** The 2022 generation, in its 9th semester: five reached Graduado (2) and two went to Baja (0). */
const LEAVER_OUTCOMES = [2, 2, 2, 2, 2, 0, 0] as const;

/** A student of ISC with a random name, numbered `seq` in the generation of `year`. */
function studentSpec(
  rand: () => number,
  cat: Catalogue,
  seq: number,
  year: number,
  semester: number,
  groups: number[],
): PersonSpec {
  const female = rand() < 0.45;
  const full_name = personName(rand, female);
  const matricula = `L${String(year).slice(2)}01${String(seq).padStart(4, '0')}`;
  return {
    full_name,
    email: `${matricula.toLowerCase()}@demo.edu.mx`,
    password_hash: initial(full_name, matricula),
    role: ROLE.STUDENT,
    controlnumber: matricula,
    gender: female ? 2 : 1,
    careers: [cat.isc],
    groups,
    generation: { generation_id: cat.generation.get(year)!, current_semester_id: semester, active: 1 },
  };
}

const clamp = (x: number, min: number, max: number) => Math.min(max, Math.max(min, x));
/** A standard normal deviate (Box-Muller). */
const normal = (rand: () => number) => Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());

interface Course {
  assignmentId: number;
  subjectKey: string;
  semester: number;
  period: number;
  teacher: number;
  students: DemoStudent[];
  shift: number;
}

/** Every term's assignments (its semester's subjects), enrolments, activities and grades. */
async function writeCourses(sink: RowSink, cat: Catalogue, people: People): Promise<void> {
  const semesterSubjects = (semester: number) => SUBJECTS.filter((s) => s[4] === semester).map((s) => s[0]);
  let turn = 0;
  const teacherOf = (key: string, period: number) => {
    if (period === ACTIVE)
      return DEMO_TEACHER_SUBJECTS.includes(key) ? people.teachers[0]! : people.teachers[turn++ % 5]!;
    return key === 'AED-1286' ? people.teachers[0]! : people.teachers[1 + (turn++ % 4)]!;
  };
  const plan = TERMS.flatMap(([group, semester, period, studentsOf, shift]) =>
    semesterSubjects(semester).map((subjectKey) => ({
      group,
      subjectKey,
      semester,
      period,
      teacher: teacherOf(subjectKey, period),
      students: people.studentsByGroup.get(studentsOf)!,
      shift,
    })),
  );
  const ids = await writeAssignments(
    sink,
    plan.map((c) => ({
      user_id: c.teacher,
      subject_id: cat.subject.get(c.subjectKey)!,
      group_id: cat.group.get(c.group)!,
      period_id: cat.periods[c.period]!,
      career_id: cat.isc,
    })),
  );
  const courses: Course[] = plan.map((c, i) => ({ ...c, assignmentId: ids[i]! }));
  await writeEnrolments(
    sink,
    courses.flatMap((c) =>
      c.students.map((s) => ({
        user_id: s.id,
        subject_id: cat.subject.get(c.subjectKey)!,
        semester_id: c.semester,
        period_id: cat.periods[c.period]!,
      })),
    ),
  );
  await writeCourseGrades(sink, cat, courses);
}

/**
 * Three activities per course, rating the subject's attributes (the project, the first two); graded except the
 * active period's project: the student's ability + the cohort's shift + the course's difficulty + noise.
 */
async function writeCourseGrades(sink: RowSink, cat: Catalogue, courses: Course[]): Promise<void> {
  const ids = await writeActivities(
    sink,
    courses.flatMap((c) => {
      const attributes = SUBJECTS.find((s) => s[0] === c.subjectKey)![6].map(([code]) => cat.attribute.get(code)!);
      return ACTIVITY_TEMPLATES.map(([activity_name, type_activity, evaluation_instrument, ponderation], index) => ({
        professor_subject_id: c.assignmentId,
        activity_name,
        type_activity,
        evaluation_instrument,
        ponderation,
        attribute_ids: attributes.filter((_, i) => i === index % attributes.length || (index === 2 && i < 2)),
      }));
    }),
  );
  const rand = seededRandom(7);
  await writeGrades(
    sink,
    courses.flatMap((c, k) => {
      const difficulty = DIFFICULTY[`${c.subjectKey}:${c.period}`] ?? 3 * normal(rand);
      return ACTIVITY_TEMPLATES.flatMap((_, index) =>
        c.students.map((s) => {
          const graded = c.period !== ACTIVE || index < 2;
          const grade = clamp(s.ability + c.shift + difficulty + 6 * normal(rand), 0, 100);
          return {
            user_id: s.id,
            activity_id: ids[k * ACTIVITY_TEMPLATES.length + index]!,
            qualification: graded ? Math.round(grade * 10) / 10 : null,
            updated_by: c.teacher,
          };
        }),
      );
    }),
  );
}

/**
 * Each 2022 leaver's status is changed from Activo as the status route does, so the triggers record the history; the
 * earlier dropout's record is dated in ENE-JUN 2026 (the demo's past, which the triggers cannot know).
 */
async function recordLeavers(trx: DbOrTrx, cat: Catalogue, leavers: number[]): Promise<void> {
  for (const [i, id] of leavers.entries())
    await trx.updateTable('user_generations').set({ active: LEAVER_OUTCOMES[i]! }).where('user_id', '=', id).execute();
  const firstDropout = leavers[LEAVER_OUTCOMES.indexOf(0)]!;
  await trx
    .updateTable('status_changes')
    .set({ changed_at: '2026-03-13T17:00:00.000Z', period_id: cat.periods[ENE_JUN_2026]! })
    .where('user_id', '=', firstDropout)
    .execute();
}

/** Two observations of the demo teacher on the demo student. */
async function writeObservations(trx: DbOrTrx, cat: Catalogue, people: People): Promise<void> {
  const observation = (code: string, text: string) => ({
    user_id: people.studentsByGroup.get('101')![0]!.id,
    attribute_id: cat.attribute.get(code)!,
    subject_id: cat.subject.get('SCD-1008')!,
    professor_id: people.teachers[0]!,
    period_id: cat.periods[ACTIVE]!,
    activity_id: null,
    observation: text,
    created_at: nowIso(),
  });
  await trx
    .insertInto('observations')
    .values([
      observation('AE1', 'Resuelve los ejercicios con orden; conviene practicar más el análisis de casos límite.'),
      observation('AE2', 'Buen diseño de algoritmos en la práctica de laboratorio.'),
    ])
    .execute();
}

/**
 * Closing the loop (the findings are measured from the grades above): the 2024 generation missed AE3 in AGO-DIC 2025,
 * an action applied in ENE-JUN 2026 was followed up and confirmed as met; the 2025 generation missed AE5 in AGO-DIC
 * 2026, an action for ENE-JUN 2027 is under way with a first follow-up.
 */
async function writeImprovementActions(trx: DbOrTrx, cat: Catalogue, chiefId: number): Promise<void> {
  await improvementAction(trx, cat, chiefId, {
    generation: 2024,
    attribute: 'AE3',
    finding: AGO_DIC_2025,
    applied: ENE_JUN_2026,
    subject: 'SCC-1017',
    cause: 'Los problemas de modelado se resolvían sin validar los resultados con datos experimentales.',
    action: 'Prácticas de laboratorio con datos reales y una rúbrica de análisis de resultados en cada unidad.',
    followup: ['2026-04-17', 'Se aplicaron las tres prácticas con datos reales; la rúbrica se compartió con el grupo.'],
    update: { status: 'cumplida', verdict_note: 'El grupo superó la meta del atributo en ENE-JUN 2026.' },
  });
  await improvementAction(trx, cat, chiefId, {
    generation: 2025,
    attribute: 'AE5',
    finding: ACTIVE,
    applied: ENE_JUN_2027,
    subject: 'ACD-0908',
    cause: 'Los casos de ética se revisan sin relacionarlos con decisiones técnicas del proyecto.',
    action: 'Un caso de ética por unidad ligado al proyecto de la materia, evaluado con rúbrica.',
    followup: ['2026-11-20', 'Se preparó el primer caso (impacto ambiental de un centro de datos) y su rúbrica.'],
    update: { status: 'en_curso', verdict_note: null },
  });
}

interface ActionSpec {
  generation: number;
  attribute: string;
  finding: number;
  applied: number;
  subject: string;
  cause: string;
  action: string;
  followup: [string, string];
  update: Pick<ImprovementActionUpdateBody, 'status' | 'verdict_note'>;
}

/** An action registered by the chief, a follow-up by the teacher of its subject, then the chief's update. */
async function improvementAction(trx: DbOrTrx, cat: Catalogue, chiefId: number, spec: ActionSpec): Promise<void> {
  const chief = { id: chiefId, role: ROLE.CHIEF };
  const body = {
    period_id: cat.periods[spec.applied]!,
    cause: spec.cause,
    action: spec.action,
    subject_ids: [cat.subject.get(spec.subject)!],
  };
  const actionId = await createImprovementAction(trx, chief, {
    ...body,
    career_id: cat.isc,
    generation_id: cat.generation.get(spec.generation)!,
    attribute_id: cat.attribute.get(spec.attribute)!,
    finding_period_id: cat.periods[spec.finding]!,
  });
  const teacher = await trx
    .selectFrom('improvement_action_subjects')
    .select(['teacher_id', 'teacher_name'])
    .where('action_id', '=', actionId)
    .where('teacher_id', 'is not', null)
    .executeTakeFirstOrThrow();
  const [followup_date, text] = spec.followup;
  await addImprovementFollowup(
    trx,
    { id: teacher.teacher_id!, role: ROLE.TEACHER, full_name: teacher.teacher_name! },
    actionId,
    { followup_date, text },
  );
  await updateImprovementAction(trx, chief, actionId, { ...body, expected_share: 70, ...spec.update });
}

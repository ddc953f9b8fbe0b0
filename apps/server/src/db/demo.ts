import type { Kysely } from 'kysely';
import { ROLE, chiefPassword, initialPassword } from '@egreso/domain';
import { hashPassword } from '../lib/passwords.js';
import { seededRandom } from '../lib/random.js';
import { nowIso } from '../lib/time.js';
import {
  addImprovementFollowup,
  createImprovementAction,
  updateImprovementAction,
} from '../modules/improvement/improvement.service.js';
import { refreshRatingSums } from '../modules/ratings/ratings.repository.js';
import type { Database } from './types.js';

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

export const FIRST_NAMES_M = [
  'José',
  'Luis',
  'Juan',
  'Carlos',
  'Miguel',
  'Jorge',
  'Diego',
  'Fernando',
  'Alejandro',
  'Ricardo',
  'Eduardo',
  'Iván',
  'Emiliano',
  'Santiago',
  'Óscar',
  'Raúl',
  'Héctor',
  'Adrián',
];
export const FIRST_NAMES_F = [
  'María',
  'Guadalupe',
  'Fernanda',
  'Daniela',
  'Sofía',
  'Valeria',
  'Andrea',
  'Mariana',
  'Ximena',
  'Paola',
  'Alejandra',
  'Regina',
  'Camila',
  'Natalia',
  'Itzel',
  'Brenda',
  'Karla',
  'Lucía',
];
export const SURNAMES = [
  'Hernández',
  'García',
  'Martínez',
  'López',
  'González',
  'Pérez',
  'Rodríguez',
  'Sánchez',
  'Ramírez',
  'Cruz',
  'Flores',
  'Gómez',
  'Morales',
  'Vázquez',
  'Reyes',
  'Jiménez',
  'Torres',
  'Díaz',
  'Gutiérrez',
  'Ruiz',
  'Mendoza',
  'Aguilar',
  'Ortiz',
  'Castillo',
  'Ramos',
  'Núñez',
  'Chávez',
  'Domínguez',
];

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

type Level = 'I' | 'M' | 'A';
/** [key, name, theory, practice, semester, prerequisite keys, attribute codes with level] */
const SUBJECTS: Array<[string, string, number, number, number, string[], Array<[string, Level]>]> = [
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

/** A realistic institution: careers, periods, generations, a full ISC catalogue, people, activities and grades. */
export async function seedDemo(db: Kysely<Database>): Promise<DemoAccount[]> {
  const now = nowIso();
  const rand = seededRandom(2026);
  const stamp = { created_at: now, updated_at: now };

  const accounts = await db.transaction().execute(async (trx) => {
    const careers = await trx
      .insertInto('careers')
      .values([
        { career_key: 'ISC', name: 'Ingeniería en Sistemas Computacionales', ...stamp },
        { career_key: 'IIND', name: 'Ingeniería Industrial', ...stamp },
        { career_key: 'IEME', name: 'Ingeniería Electromecánica', ...stamp },
      ])
      .returning(['id', 'career_key'])
      .execute();
    const isc = careers[0]!.id;
    const ind = careers[1]!.id;

    const periods = await trx
      .insertInto('periods')
      .values([
        {
          period_name: 'AGO-DIC 2025',
          start_date: '2025-08-18',
          end_date: '2025-12-12',
          status: 'closed',
          is_active: 0,
          notes: null,
          ...stamp,
        },
        {
          period_name: 'ENE-JUN 2026',
          start_date: '2026-01-26',
          end_date: '2026-06-12',
          status: 'closed',
          is_active: 0,
          notes: null,
          ...stamp,
        },
        {
          period_name: 'AGO-DIC 2026',
          start_date: '2026-08-17',
          end_date: '2026-12-11',
          status: 'published',
          is_active: 1,
          notes: 'Periodo en curso',
          ...stamp,
        },
        {
          period_name: 'ENE-JUN 2027',
          start_date: '2027-01-25',
          end_date: '2027-06-11',
          status: 'published',
          is_active: 0,
          notes: null,
          ...stamp,
        },
      ])
      .returning('id')
      .execute();
    const pastPeriod = periods[1]!.id;
    const activePeriod = periods[2]!.id;

    const generations = await trx
      .insertInto('generations')
      .values([
        { start_date: '2022-08-01', end_date: '2027-02-01', ...stamp },
        { start_date: '2023-08-01', end_date: '2028-02-01', ...stamp },
        { start_date: '2024-08-01', end_date: '2029-02-01', ...stamp },
        { start_date: '2025-08-01', end_date: '2030-02-01', ...stamp },
        { start_date: '2026-08-01', end_date: '2031-02-01', ...stamp },
      ])
      .returning(['id', 'start_date'])
      .execute();
    const genByYear = new Map(generations.map((g) => [Number(g.start_date.slice(0, 4)), g.id]));

    const attributes = await trx
      .insertInto('attributes')
      .values(
        ATTRIBUTES.map(([codigo, attribute_name, description]) => ({
          codigo,
          attribute_name,
          description,
          career_id: isc,
          ...stamp,
        })),
      )
      .returning(['id', 'codigo'])
      .execute();
    const attrByCode = new Map(attributes.map((a) => [a.codigo!, a.id]));
    await trx
      .insertInto('attributes')
      .values([
        {
          codigo: 'II1',
          attribute_name: 'Optimización de procesos',
          description: 'Diseña, implementa y mejora sistemas productivos integrados.',
          career_id: ind,
          ...stamp,
        },
        {
          codigo: 'II2',
          attribute_name: 'Gestión de la calidad',
          description: 'Aplica herramientas estadísticas para el control de la calidad.',
          career_id: ind,
          ...stamp,
        },
      ])
      .execute();

    const subjects = await trx
      .insertInto('subjects')
      .values(
        SUBJECTS.map(([subject_key, subject_name, theory_credits, practice_credits]) => ({
          subject_key,
          subject_name,
          theory_credits,
          practice_credits,
          ...stamp,
        })),
      )
      .returning(['id', 'subject_key'])
      .execute();
    const subjectByKey = new Map(subjects.map((s) => [s.subject_key, s.id]));
    const sid = (key: string) => subjectByKey.get(key)!;
    await trx
      .insertInto('subject_semesters')
      .values(SUBJECTS.map(([key, , , , semester]) => ({ subject_id: sid(key), semester_id: semester })))
      .execute();
    await trx
      .insertInto('subject_careers')
      .values(SUBJECTS.map(([key]) => ({ subject_id: sid(key), career_id: isc })))
      .execute();
    const prereqs = SUBJECTS.flatMap(([key, , , , , pre]) =>
      pre.map((p) => ({ subject_id: sid(key), prerequisite_id: sid(p) })),
    );
    if (prereqs.length) await trx.insertInto('subject_prerequisites').values(prereqs).execute();
    await trx
      .insertInto('subject_attributes')
      .values(
        SUBJECTS.flatMap(([key, , , , , , attrs]) =>
          attrs.map(([code, level]) => ({
            subject_id: sid(key),
            attribute_id: attrByCode.get(code)!,
            knowledge_level: level,
          })),
        ),
      )
      .execute();

    const groupSpecs: Array<[string, number]> = [
      ['101', 1],
      ['102', 1],
      ['201', 2],
      ['301', 3],
      ['501', 5],
      ['701', 7],
    ];
    const groups = await trx
      .insertInto('groups')
      .values(groupSpecs.map(([group_name, semester_id]) => ({ group_name, semester_id, ...stamp })))
      .returning(['id', 'group_name'])
      .execute();
    const groupId = new Map(groups.map((g) => [g.group_name, g.id]));

    const accounts: DemoAccount[] = Object.values(DEMO_ACCOUNTS).map((a) => ({ ...a }));
    const user = async (
      full_name: string,
      email: string,
      role: number,
      controlnumber: string | null,
      gender: number | null,
      password: string,
    ) => {
      const row = await trx
        .insertInto('users')
        .values({
          full_name,
          email,
          role,
          controlnumber,
          gender,
          photo: null,
          password_hash: await hashPassword(password),
          ...stamp,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    };

    await user(
      'Rosa Elena Villarreal Ortega',
      DEMO_ACCOUNTS.admin.email,
      ROLE.ADMIN,
      'ADM-001',
      2,
      DEMO_ACCOUNTS.admin.password,
    );
    const chiefIsc = await user(
      'Arturo Salinas Cárdenas',
      DEMO_ACCOUNTS.chief.email,
      ROLE.CHIEF,
      'JD-0101',
      1,
      DEMO_ACCOUNTS.chief.password,
    );
    const chiefInd = await user(
      'Patricia Leal Montemayor',
      'jefa.industrial@demo.edu.mx',
      ROLE.CHIEF,
      'JD-0102',
      2,
      chiefPassword('Patricia Leal Montemayor', 'JD-0102'),
    );
    await trx
      .insertInto('user_careers')
      .values([
        { user_id: chiefIsc, career_id: isc },
        { user_id: chiefInd, career_id: ind },
      ])
      .execute();

    const teacherSpecs: Array<[string, string, string, number, number[]]> = [
      ['Laura Mendoza Ríos', DEMO_ACCOUNTS.teacher.email, 'EMP-2041', 2, [isc]],
      ['Roberto Carrillo Treviño', 'roberto.carrillo@demo.edu.mx', 'EMP-2042', 1, [isc]],
      ['Adriana Solís Benavides', 'adriana.solis@demo.edu.mx', 'EMP-2043', 2, [isc, ind]],
      ['Gerardo Ibarra Quintero', 'gerardo.ibarra@demo.edu.mx', 'EMP-2044', 1, [isc]],
      ['Martha Alicia Zúñiga Peña', 'martha.zuniga@demo.edu.mx', 'EMP-2045', 2, [isc]],
    ];
    const teachers: number[] = [];
    for (const [name, email, number, gender, careerIds] of teacherSpecs) {
      const password =
        email === DEMO_ACCOUNTS.teacher.email ? DEMO_ACCOUNTS.teacher.password : initialPassword(name, number);
      const id = await user(name, email, ROLE.TEACHER, number, gender, password);
      teachers.push(id);
      await trx
        .insertInto('user_careers')
        .values(careerIds.map((career_id) => ({ user_id: id, career_id })))
        .execute();
    }

    // Students: seven per current group; their generation follows the group's semester in AGO-DIC 2026.
    const studentGroups: Array<[string, number, number]> = [
      ['101', 1, 2026],
      ['102', 1, 2026],
      ['301', 3, 2025],
      ['501', 5, 2024],
      ['701', 7, 2023],
    ];
    const studentsByGroup = new Map<string, number[]>();
    let seq = 1;
    for (const [group, semester, year] of studentGroups) {
      const ids: number[] = [];
      for (let i = 0; i < 7; i++, seq++) {
        const female = rand() < 0.45;
        const pool = female ? FIRST_NAMES_F : FIRST_NAMES_M;
        const name = `${pool[Math.floor(rand() * pool.length)]} ${SURNAMES[Math.floor(rand() * SURNAMES.length)]} ${SURNAMES[Math.floor(rand() * SURNAMES.length)]}`;
        const matricula = `L${String(year).slice(2)}01${String(seq).padStart(4, '0')}`;
        const first = seq === 1;
        const email = first ? DEMO_ACCOUNTS.student.email : `${matricula.toLowerCase()}@demo.edu.mx`;
        const id = await user(
          first ? 'Sofía Hernández Castillo' : name,
          email,
          ROLE.STUDENT,
          matricula,
          first ? 2 : female ? 2 : 1,
          first ? DEMO_ACCOUNTS.student.password : initialPassword(name, matricula),
        );
        ids.push(id);
        await trx
          .insertInto('user_groups')
          .values({ user_id: id, group_id: groupId.get(group)! })
          .execute();
        await trx.insertInto('user_careers').values({ user_id: id, career_id: isc }).execute();
        await trx
          .insertInto('user_generations')
          .values({
            user_id: id,
            generation_id: genByYear.get(year)!,
            current_semester_id: semester,
            active: 1,
            ...stamp,
          })
          .execute();
      }
      studentsByGroup.set(group, ids);
    }

    // Assignments of the active period: each current group's semester subjects, shared among the teachers.
    const semesterSubjects = (semester: number) => SUBJECTS.filter((s) => s[4] === semester).map((s) => s[0]);
    let t = 0;
    const assignments: Array<{ id: number; group: string; subjectKey: string; period: number }> = [];
    for (const [group, semester] of studentGroups) {
      for (const key of semesterSubjects(semester)) {
        const teacher =
          key === 'SCD-1008' || key === 'AED-1026' || key === 'AEF-1031' || key === 'ACF-0901'
            ? teachers[0]!
            : teachers[t++ % teachers.length]!;
        const row = await trx
          .insertInto('professor_subjects')
          .values({
            user_id: teacher,
            subject_id: sid(key),
            group_id: groupId.get(group)!,
            period_id: activePeriod,
            career_id: isc,
            created_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        assignments.push({ id: row.id, group, subjectKey: key, period: activePeriod });
      }
    }
    // History: last period's 2nd-semester subjects, taken by today's 3rd-semester students in group 201.
    for (const key of semesterSubjects(2)) {
      const row = await trx
        .insertInto('professor_subjects')
        .values({
          user_id: key === 'AED-1286' ? teachers[0]! : teachers[1]!,
          subject_id: sid(key),
          group_id: groupId.get('201')!,
          period_id: pastPeriod,
          career_id: isc,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      assignments.push({ id: row.id, group: '201', subjectKey: key, period: pastPeriod });
    }

    const enrolments: Array<{
      user_id: number;
      subject_id: number;
      semester_id: number;
      period_id: number;
      status_id: number;
      created_at: string;
    }> = [];
    const grades: Array<{
      user_id: number;
      activity_id: number;
      qualification: number | null;
      updated_by: number | null;
      updated_at: string;
    }> = [];
    for (const a of assignments) {
      const spec = SUBJECTS.find((s) => s[0] === a.subjectKey)!;
      const attrIds = spec[6].map(([code]) => attrByCode.get(code)!);
      const students = studentsByGroup.get(a.group === '201' ? '301' : a.group) ?? [];
      const teacherId = (
        await trx.selectFrom('professor_subjects').select('user_id').where('id', '=', a.id).executeTakeFirstOrThrow()
      ).user_id;
      for (const s of students)
        enrolments.push({
          user_id: s,
          subject_id: sid(a.subjectKey),
          semester_id: spec[4],
          period_id: a.period,
          status_id: 1,
          created_at: now,
        });
      const past = a.period === pastPeriod;
      for (const [index, [name, type, instrument, ponderation]] of ACTIVITY_TEMPLATES.entries()) {
        const activity = await trx
          .insertInto('activities')
          .values({
            professor_subject_id: a.id,
            activity_name: name,
            type_activity: type,
            evaluation_instrument: instrument,
            ponderation,
            ...stamp,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const linked = attrIds.filter((_, i) => i === index % attrIds.length || (index === 2 && i < 2));
        await trx
          .insertInto('activity_attributes')
          .values([...new Set(linked)].map((attribute_id) => ({ activity_id: activity.id, attribute_id })))
          .execute();
        // The current period's final project is not graded yet; everything else is.
        const graded = past || index < 2;
        for (const s of students) {
          const base = 55 + rand() * 45;
          grades.push({
            user_id: s,
            activity_id: activity.id,
            qualification: graded ? Math.round(base * 10) / 10 : null,
            updated_by: teacherId,
            updated_at: now,
          });
        }
      }
    }
    for (let i = 0; i < enrolments.length; i += 200)
      await trx
        .insertInto('enrolments')
        .values(enrolments.slice(i, i + 200))
        .execute();
    for (let i = 0; i < grades.length; i += 200)
      await trx
        .insertInto('user_activities')
        .values(grades.slice(i, i + 200))
        .execute();

    // The 2022 generation, in its 9th semester: five students reached Graduado and two went to Baja (one in ENE-JUN
    // 2026, one now), so the school performance indices show dropout and terminal efficiency. They take no group and
    // no grades. Each status is changed from Activo as the status route does, so the triggers record the history; the
    // earlier dropout's record is dated in its period (the demo's past, which the triggers cannot know).
    const outcomes = [2, 2, 2, 2, 2, 0, 0] as const;
    const leavers: number[] = [];
    for (const active of outcomes) {
      const female = rand() < 0.45;
      const pool = female ? FIRST_NAMES_F : FIRST_NAMES_M;
      const name = `${pool[Math.floor(rand() * pool.length)]} ${SURNAMES[Math.floor(rand() * SURNAMES.length)]} ${SURNAMES[Math.floor(rand() * SURNAMES.length)]}`;
      const matricula = `L2201${String(seq++).padStart(4, '0')}`;
      const id = await user(
        name,
        `${matricula.toLowerCase()}@demo.edu.mx`,
        ROLE.STUDENT,
        matricula,
        female ? 2 : 1,
        initialPassword(name, matricula),
      );
      await trx.insertInto('user_careers').values({ user_id: id, career_id: isc }).execute();
      await trx
        .insertInto('user_generations')
        .values({ user_id: id, generation_id: genByYear.get(2022)!, current_semester_id: 9, active: 1, ...stamp })
        .execute();
      await trx.updateTable('user_generations').set({ active }).where('user_id', '=', id).execute();
      if (active === 0) leavers.push(id);
    }
    await trx
      .updateTable('status_changes')
      .set({ changed_at: '2026-03-13T17:00:00.000Z', period_id: pastPeriod })
      .where('user_id', '=', leavers[0]!)
      .execute();

    const firstStudent = studentsByGroup.get('101')![0]!;
    await trx
      .insertInto('observations')
      .values([
        {
          user_id: firstStudent,
          attribute_id: attrByCode.get('AE1')!,
          subject_id: sid('SCD-1008'),
          professor_id: teachers[0]!,
          period_id: activePeriod,
          activity_id: null,
          observation: 'Resuelve los ejercicios con orden; conviene practicar más el análisis de casos límite.',
          created_at: now,
        },
        {
          user_id: firstStudent,
          attribute_id: attrByCode.get('AE2')!,
          subject_id: sid('SCD-1008'),
          professor_id: teachers[0]!,
          period_id: activePeriod,
          activity_id: null,
          observation: 'Buen diseño de algoritmos en la práctica de laboratorio.',
          created_at: now,
        },
      ])
      .execute();

    // Closing the loop: the 2025 generation missed its target in AE5 in AGO-DIC 2026; an action for ENE-JUN 2027 with
    // a follow-up by the teacher of the subject it acts on (the finding is measured from the grades above).
    const chief = { id: chiefIsc, role: ROLE.CHIEF };
    const action = {
      period_id: periods[3]!.id,
      cause: 'Los casos de ética se revisan sin relacionarlos con decisiones técnicas del proyecto.',
      action: 'Un caso de ética por unidad ligado al proyecto de la materia, evaluado con rúbrica.',
      subject_ids: [sid('ACD-0908')],
    };
    const actionId = await createImprovementAction(trx, chief, {
      ...action,
      career_id: isc,
      generation_id: genByYear.get(2025)!,
      attribute_id: attrByCode.get('AE5')!,
      finding_period_id: activePeriod,
    });
    const teacher = await trx
      .selectFrom('improvement_action_subjects')
      .select(['teacher_id', 'teacher_name'])
      .where('action_id', '=', actionId)
      .where('teacher_id', 'is not', null)
      .executeTakeFirstOrThrow();
    await addImprovementFollowup(
      trx,
      { id: teacher.teacher_id!, role: ROLE.TEACHER, full_name: teacher.teacher_name! },
      actionId,
      {
        followup_date: '2026-11-20',
        text: 'Se preparó el primer caso (impacto ambiental de un centro de datos) y su rúbrica.',
      },
    );
    await updateImprovementAction(trx, chief, actionId, {
      ...action,
      expected_share: 70,
      status: 'en_curso',
      verdict_note: null,
    });

    return accounts;
  });
  // The triggers marked the assignments written: their rating sums are computed now rather than on the first report.
  await refreshRatingSums(db);
  return accounts;
}

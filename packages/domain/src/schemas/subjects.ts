import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { KNOWLEDGE_LEVELS, subjectAttribute } from './attributes.js';
import { careerRef } from './auth.js';
import { MAX_ID, text, timestamps } from './common.js';
import { semester } from './groups.js';

export const SUBJECT_MSG = {
  nameRequired: 'El nombre de la materia es obligatorio.',
  keyRequired: 'La clave de la materia es obligatoria.',
  theoryCredits: `Los créditos de teoría deben ser un número entre ${LIMITS.creditsMin} y ${LIMITS.creditsMax}, con hasta dos decimales.`,
  practiceCredits: `Los créditos de práctica deben ser un número entre ${LIMITS.creditsMin} y ${LIMITS.creditsMax}, con hasta dos decimales.`,
  level: 'El nivel de conocimiento debe ser I, M o A.',
  prerequisiteInvalid: 'Los prerrequisitos deben ser identificadores de materias.',
  semesterInvalid: 'Los semestres deben estar entre 1 y 9.',
  careerInvalid: 'Las carreras deben ser identificadores de carreras.',
  attributeInvalid: 'Cada atributo necesita su identificador.',
  keyTaken: 'Ya existe una materia con esa clave.',
  prerequisiteMissing: 'Alguna de las materias prerrequisito no existe.',
  careerMissing: 'Alguna de las carreras seleccionadas no existe.',
  attributeMissing: 'Alguno de los atributos seleccionados no existe.',
  selfPrerequisite: 'Una materia no puede ser prerrequisito de sí misma.',
  cycle: (name: string) =>
    `El prerrequisito «${name}» formaría un ciclo: esa materia ya requiere, directa o indirectamente, a esta materia.`,
  notFound: 'Materia no encontrada.',
  deleted: 'Materia eliminada.',
  fillRequired: 'Por favor, llena todos los campos requeridos.',
} as const;

/** At most two decimals (4.5, 2.25): what the credits columns keep exactly on both databases. */
const hasTwoDecimalsAtMost = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;

/** Credits arrive as numbers or numeric text (decimals allowed, "numeric 0 to 30"); empty text is a missing value, not 0. */
function credits(message: string) {
  return z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v === '' ? undefined : v),
    z
      .number(message)
      .min(LIMITS.creditsMin, message)
      .max(LIMITS.creditsMax, message)
      .refine(hasTwoDecimalsAtMost, message),
  );
}

const ids = (message: string) =>
  z
    .array(z.coerce.number(message).int(message).positive(message).max(MAX_ID, message), message)
    .nullish()
    .transform((v) => [...new Set(v ?? [])]);

const subjectAttributeInput = z.object({
  id: z.coerce
    .number(SUBJECT_MSG.attributeInvalid)
    .int(SUBJECT_MSG.attributeInvalid)
    .positive(SUBJECT_MSG.attributeInvalid)
    .max(MAX_ID, SUBJECT_MSG.attributeInvalid),
  knowledge_level: z.enum(KNOWLEDGE_LEVELS, SUBJECT_MSG.level).default('I'),
  /** Sent by clients only when set; the attribute's own career is what counts. */
  career_id: z.coerce
    .number(SUBJECT_MSG.careerInvalid)
    .int(SUBJECT_MSG.careerInvalid)
    .positive(SUBJECT_MSG.careerInvalid)
    .max(MAX_ID, SUBJECT_MSG.careerInvalid)
    .nullish(),
});

export const subjectBody = z.object({
  subject_name: text(LIMITS.subjectName, SUBJECT_MSG.nameRequired),
  subject_key: text(LIMITS.subjectKey, SUBJECT_MSG.keyRequired),
  theory_credits: credits(SUBJECT_MSG.theoryCredits),
  practice_credits: credits(SUBJECT_MSG.practiceCredits),
  prerequisites: ids(SUBJECT_MSG.prerequisiteInvalid),
  semesters: z
    .array(
      z.coerce
        .number(SUBJECT_MSG.semesterInvalid)
        .int(SUBJECT_MSG.semesterInvalid)
        .min(1, SUBJECT_MSG.semesterInvalid)
        .max(9, SUBJECT_MSG.semesterInvalid),
      SUBJECT_MSG.semesterInvalid,
    )
    .nullish()
    .transform((v) => [...new Set(v ?? [])]),
  careers: ids(SUBJECT_MSG.careerInvalid),
  attributes: z
    .array(subjectAttributeInput, SUBJECT_MSG.attributeInvalid)
    .nullish()
    .transform((v) => {
      // The first mention of an attribute wins when a client repeats it.
      const seen = new Set<number>();
      return (v ?? []).filter((a) => (seen.has(a.id) ? false : (seen.add(a.id), true)));
    }),
});
export type SubjectBody = z.input<typeof subjectBody>;
export type SubjectInput = z.output<typeof subjectBody>;

export const subject = z.object({
  id: z.number(),
  subject_name: z.string(),
  subject_key: z.string(),
  theory_credits: z.number(),
  practice_credits: z.number(),
  prerequisites: z.array(z.number()),
  semesters: z.array(semester),
  careers: z.array(careerRef),
  attributes: z.array(subjectAttribute),
  ...timestamps,
});
export type Subject = z.infer<typeof subject>;

/** A row of the subjects list: whether the viewer may edit and delete it (DESIGN §5, a chief's subjects). */
export const subjectListItem = subject.extend({ can_edit: z.boolean() });
export type SubjectListItem = z.infer<typeof subjectListItem>;

import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { MAX_ID, optionalText, text, timestamps } from './common.js';

export const ATTRIBUTE_MSG = {
  nameRequired: 'El nombre del atributo es obligatorio.',
  descriptionRequired: 'La descripción del atributo es obligatoria.',
  careerMissing: 'La carrera seleccionada no existe.',
  nameTaken: 'Ya existe un atributo con ese nombre en esa carrera.',
  notFound: 'Atributo no encontrado.',
  deleted: 'Atributo eliminado.',
  /** The form's own message when a field is empty (spec). */
  fillAll: 'Por favor, llena todos los campos.',
  /** The tooltip of the disabled 'Editar' and 'Eliminar' of another career's attribute, for a chief. */
  otherCareer: 'Es un atributo de otra carrera: solo su jefatura o un administrador lo modifica.',
} as const;

const careerId = z.coerce
  .number('La carrera no es válida.')
  .int('La carrera no es válida.')
  .positive('La carrera no es válida.')
  .max(MAX_ID, 'La carrera no es válida.')
  .nullish()
  .transform((v) => v ?? null);

const attributeFields = {
  attribute_name: text(LIMITS.attributeName, ATTRIBUTE_MSG.nameRequired),
  codigo: optionalText(LIMITS.attributeCode),
  career_id: careerId,
};

export const attributeCreateBody = z.object({
  ...attributeFields,
  description: text(LIMITS.attributeDescription, ATTRIBUTE_MSG.descriptionRequired),
});
export type AttributeCreateBody = z.input<typeof attributeCreateBody>;

/** On edit the description may be cleared; the list then shows 'Sin descripción'. */
export const attributeUpdateBody = z.object({
  ...attributeFields,
  description: optionalText(LIMITS.attributeDescription),
});
export type AttributeUpdateBody = z.input<typeof attributeUpdateBody>;

export const careerName = z.object({ id: z.number(), name: z.string() });

/** What every answer about an attribute says of it. */
const attributeAnswerFields = {
  id: z.number(),
  attribute_name: z.string(),
  description: z.string().nullable(),
  codigo: z.string().nullable(),
  career_id: z.number().nullable(),
  career: careerName.nullable(),
};

export const attribute = z.object({
  ...attributeAnswerFields,
  ...timestamps,
});
export type Attribute = z.infer<typeof attribute>;

export const KNOWLEDGE_LEVELS = ['I', 'M', 'A'] as const;
export type KnowledgeLevel = (typeof KNOWLEDGE_LEVELS)[number];
export const KNOWLEDGE_LEVEL_LABEL: Record<KnowledgeLevel, string> = { I: 'Introductorio', M: 'Medio', A: 'Avanzado' };

/** An attribute as linked to a subject, with its knowledge level (also under pivot, as the clients read either). */
export const subjectAttribute = z.object({
  ...attributeAnswerFields,
  knowledge_level: z.enum(KNOWLEDGE_LEVELS),
  pivot: z.object({ knowledge_level: z.enum(KNOWLEDGE_LEVELS) }),
});
export type SubjectAttribute = z.infer<typeof subjectAttribute>;

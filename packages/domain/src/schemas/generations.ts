import { z } from 'zod';
import { isoDate, timestamps } from './common.js';

export const GENERATION_MSG = {
  startRequired: 'La fecha de inicio es obligatoria',
  endRequired: 'La fecha de fin es obligatoria',
  endNotAfterStart: 'La fecha de fin debe ser posterior a la fecha de inicio.',
  startTaken: 'Ya existe una generación con esa fecha de inicio.',
  notFound: 'Generación no encontrada.',
  inUse: 'La generación tiene alumnos asociados y no puede eliminarse.',
  deleted: 'Generación eliminada.',
} as const;

const startDate = z.string(GENERATION_MSG.startRequired).min(1, GENERATION_MSG.startRequired).pipe(isoDate);
const endDate = z.string(GENERATION_MSG.endRequired).min(1, GENERATION_MSG.endRequired).pipe(isoDate);

/** The end date is optional on creation: the server then computes start + 54 months. */
export const generationCreateBody = z
  .object({
    start_date: startDate,
    end_date: z
      .union([z.literal(''), z.null(), endDate], 'La fecha de fin debe tener el formato AAAA-MM-DD')
      .optional()
      .transform((v) => (v ? v : null)),
  })
  .refine((b) => b.end_date === null || b.end_date > b.start_date, {
    message: GENERATION_MSG.endNotAfterStart,
    path: ['end_date'],
  });

export const generationUpdateBody = z
  .object({ start_date: startDate, end_date: endDate })
  .refine((b) => b.end_date > b.start_date, { message: GENERATION_MSG.endNotAfterStart, path: ['end_date'] });
export type GenerationUpdateBody = z.input<typeof generationUpdateBody>;

/** PATCH: either date or both; the server checks the merged dates as PUT does. */
export const generationPatchBody = z
  .object({ start_date: startDate.optional(), end_date: endDate.optional() })
  .refine((b) => b.start_date !== undefined || b.end_date !== undefined, {
    message: 'Envía start_date, end_date o ambas.',
  });

export const generationsQuery = z.object({
  from: isoDate.optional(),
  to: isoDate.optional(),
});

export const generationPreviewQuery = z.object({
  start_date: startDate,
});

export const generation = z.object({
  id: z.number(),
  start_date: z.string(),
  end_date: z.string(),
  generation_name: z.string(),
  ...timestamps,
});
export type Generation = z.infer<typeof generation>;

const semesterPreview = z.object({ semester: z.number(), date: z.string(), label: z.string() });

export const generationPreviewResponse = z.object({
  start_date: z.string(),
  end_date: z.string(),
  generation_name: z.string(),
  semesters: z.array(semesterPreview),
});

export const generationSuggestion = generationPreviewResponse.extend({ suggested: z.string() });
export type GenerationSuggestion = z.infer<typeof generationSuggestion>;

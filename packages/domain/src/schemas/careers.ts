import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { MSG } from '../messages.js';
import { timestamps } from './common.js';

export const careerBody = z.object({
  career_key: z
    .string('La clave de la carrera es obligatoria')
    .trim()
    .min(1, 'La clave de la carrera es obligatoria')
    .max(LIMITS.careerKey, MSG.tooLong(LIMITS.careerKey)),
  name: z
    .string('El nombre de la carrera es obligatorio')
    .trim()
    .min(1, 'El nombre de la carrera es obligatorio')
    .max(LIMITS.careerName, MSG.tooLong(LIMITS.careerName)),
});
export type CareerBody = z.input<typeof careerBody>;

export const career = z.object({
  id: z.number(),
  career_key: z.string(),
  name: z.string(),
  ...timestamps,
});
export type Career = z.infer<typeof career>;

export const CAREER_MSG = {
  keyTaken: 'Ya existe una carrera con esa clave.',
  notFound: 'Carrera no encontrada.',
  deleted: 'Carrera eliminada.',
} as const;

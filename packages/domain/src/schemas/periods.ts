import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { MSG } from '../messages.js';
import { isoDate, paginationMeta, queryBool, timestamps } from './common.js';

const PERIOD_STATUSES = ['published', 'closed'] as const;
export type PeriodStatus = (typeof PERIOD_STATUSES)[number];
export const PERIOD_STATUS_LABEL: Record<PeriodStatus, string> = { published: 'Publicado', closed: 'Cerrado' };

export const PERIOD_MSG = {
  nameRequired: 'El nombre del periodo es obligatorio',
  startRequired: 'La fecha de inicio es obligatoria',
  endRequired: 'La fecha de fin es obligatoria',
  endBeforeStart: 'La fecha de fin debe ser igual o posterior a la fecha de inicio.',
  statusInvalid: 'El estado debe ser publicado (published) o cerrado (closed).',
  nameTaken: 'Ya existe un periodo con ese nombre.',
  notFound: 'Periodo no encontrado.',
  activateClosed: 'No se puede activar un periodo cerrado.',
  closedDatesLocked: 'Las fechas de un periodo cerrado no pueden cambiarse.',
  deleteActive: 'No se puede eliminar el periodo activo. Activa otro periodo primero.',
  concurrentActivation: 'Otro periodo se activó al mismo tiempo. Actualiza la lista e intenta de nuevo.',
  deleted: 'Periodo eliminado.',
  reopenClosed: 'Un periodo cerrado no puede reabrirse.',
  overlaps: (name: string) => `Las fechas se traslapan con el periodo "${name}".`,
} as const;

const periodName = z
  .string(PERIOD_MSG.nameRequired)
  .trim()
  .min(1, PERIOD_MSG.nameRequired)
  .max(LIMITS.periodName, MSG.tooLong(LIMITS.periodName));
const startDate = z.string(PERIOD_MSG.startRequired).min(1, PERIOD_MSG.startRequired).pipe(isoDate);
const endDate = z.string(PERIOD_MSG.endRequired).min(1, PERIOD_MSG.endRequired).pipe(isoDate);
const status = z.enum(PERIOD_STATUSES, PERIOD_MSG.statusInvalid);
const notes = z
  .string()
  .trim()
  .max(LIMITS.periodNotes, MSG.tooLong(LIMITS.periodNotes))
  .nullish()
  .transform((v) => (v ? v : null));
/** Accepts true/false or 1/0, as the clients send either. */
const flag = z
  .union([z.boolean(), z.literal(0), z.literal(1)], 'El valor de activo debe ser verdadero o falso')
  .transform((v) => v === true || v === 1);

export const periodCreateBody = z
  .object({
    period_name: periodName,
    start_date: startDate,
    end_date: endDate,
    status: status.default('published'),
    notes: notes.optional(),
  })
  .refine((b) => b.end_date >= b.start_date, { message: PERIOD_MSG.endBeforeStart, path: ['end_date'] });
export type PeriodCreateBody = z.input<typeof periodCreateBody>;

export const periodUpdateBody = z.object({
  period_name: periodName.optional(),
  start_date: startDate.optional(),
  end_date: endDate.optional(),
  status: status.optional(),
  is_active: flag.optional(),
  notes: notes.optional(),
});
export type PeriodUpdateBody = z.input<typeof periodUpdateBody>;

const PAGE_MSG = 'La página debe ser un número entero 1 o mayor';

export const periodsQuery = z.object({
  period_name: z.string().max(LIMITS.periodName, MSG.tooLong(LIMITS.periodName)).optional(),
  status: status.optional(),
  is_active: queryBool.optional(),
  page: z.coerce.number(PAGE_MSG).int(PAGE_MSG).min(1, PAGE_MSG).default(1),
  per_page: z.coerce
    .number('per_page debe ser un número entero 1 o mayor')
    .int('per_page debe ser un número entero 1 o mayor')
    .min(1, 'per_page debe ser 1 o mayor')
    .max(LIMITS.perPageMax, `per_page admite como máximo ${LIMITS.perPageMax}`)
    .default(LIMITS.periodsPageSize),
});

export const period = z.object({
  id: z.number(),
  period_name: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  status: z.enum(PERIOD_STATUSES),
  is_active: z.boolean(),
  notes: z.string().nullable(),
  ...timestamps,
});
export type Period = z.infer<typeof period>;

export const periodsPage = z.object({ data: z.array(period), meta: paginationMeta });
export type PeriodsPage = z.infer<typeof periodsPage>;

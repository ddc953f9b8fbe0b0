import { z } from 'zod';
import '../zod-locale.js';
import { LIMITS } from '../limits.js';
import { MSG } from '../messages.js';
import { isValidIsoDate } from '../dates.js';

/**
 * An e-mail: text without spaces, one '@', and a dot inside the domain (after its first character, before its last).
 * Written so that no two parts can match the same characters: the domain's first character, then what precedes its
 * first later dot, then the rest. It never backtracks, so it runs in linear time ('a@' + 'a.'.repeat(150000) + '@'
 * took 24 s with `^[^\s@]+@[^\s@]+\.[^\s@]+$`, which rescanned the tail from every dot; both accept the same text).
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@][^\s@.]*\.[^\s@]+$/;

/** The largest id a row can have: ids are 32-bit integers on PostgreSQL. */
export const MAX_ID = 2_147_483_647;

/** A positive whole id from a path, query or form; one Spanish message for text, decimals, 0 and huge numbers. */
export function idField(message = 'Identificador inválido') {
  return z.coerce.number(message).int(message).positive(message).max(MAX_ID, message);
}

export const idParam = z.object({ id: idField() });

/** Required, trimmed text with a maximum length and a Spanish message. */
export function text(max: number, requiredMessage: string = MSG.required) {
  return z.string(requiredMessage).trim().min(1, requiredMessage).max(max, MSG.tooLong(max));
}

export function optionalText(max: number) {
  return z
    .string()
    .trim()
    .max(max, MSG.tooLong(max))
    .nullish()
    .transform((v) => (v === undefined || v === null || v === '' ? null : v));
}

export const emailField = z
  .string(MSG.emailRequired)
  .trim()
  .min(1, MSG.emailRequired)
  // abort: an over-long value stops here; no pattern runs on it.
  .max(LIMITS.email, { message: MSG.tooLong(LIMITS.email), abort: true })
  .regex(EMAIL_PATTERN, MSG.emailInvalid)
  .transform((v) => v.toLowerCase());

/** es-MX wording of an ISO date, for messages. */
const dayMonthYear = (iso: string) => iso.split('-').reverse().join('/');
export const DATE_OUT_OF_RANGE = `La fecha debe estar entre el ${dayMonthYear(LIMITS.dateMin)} y el ${dayMonthYear(LIMITS.dateMax)}.`;

/** A real calendar date, AAAA-MM-DD, within LIMITS.dateMin..dateMax (a later year overflowed date arithmetic). */
export const isoDate = z
  .string('La fecha es obligatoria')
  .refine(isValidIsoDate, { message: 'La fecha debe tener el formato AAAA-MM-DD', abort: true })
  .refine((iso) => iso >= LIMITS.dateMin && iso <= LIMITS.dateMax, DATE_OUT_OF_RANGE);

export const errorResponse = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});

/** When a stored row was created and last changed (ISO 8601): the last two fields of every catalogue row. */
export const timestamps = { created_at: z.string(), updated_at: z.string() };

export const okResponse = z.object({ message: z.string() });

export const paginationMeta = z.object({
  current_page: z.number(),
  last_page: z.number(),
  total: z.number(),
  per_page: z.number(),
});

/** Query flag sent as 1/0/true/false. */
export const queryBool = z
  .union([z.boolean(), z.enum(['1', '0', 'true', 'false'])], 'El filtro debe ser 1, 0, true o false.')
  .transform((v) => v === true || v === '1' || v === 'true');

/** A downloaded spreadsheet (the body is the .xlsx bytes, sent as they are). */
export const xlsxFile = z.any().meta({ type: 'string', format: 'binary', description: 'Archivo .xlsx' });

/** `?dry_run=1` on a spreadsheet import: answer what would change and write nothing. */
export const importQuery = z.object({ dry_run: queryBool.optional() });
export type ImportQuery = z.input<typeof importQuery>;

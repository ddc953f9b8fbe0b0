import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { MSG } from '../messages.js';
import { mailReport } from './auth.js';
import { emailField, idField, text } from './common.js';

const controlNumber = z
  .union([z.string(), z.number()], 'El número de control es obligatorio')
  .transform((v) => String(v).trim())
  .pipe(
    z
      .string()
      .min(1, 'El número de control es obligatorio')
      .max(LIMITS.controlNumber, MSG.tooLong(LIMITS.controlNumber)),
  );

const gender = z.coerce
  .number('El género debe ser 1 (Hombre) o 2 (Mujer)')
  .int('El género debe ser 1 (Hombre) o 2 (Mujer)')
  .refine((v) => v === 1 || v === 2, 'El género debe ser 1 (Hombre) o 2 (Mujer)');

const role = z.coerce
  .number('El rol no es válido')
  .int('El rol no es válido')
  .refine((v) => v >= 0 && v <= 3, 'El rol no es válido');

const optionalId = idField().nullish();

export const userCreateBody = z.object({
  full_name: text(LIMITS.userName, MSG.nameRequired),
  controlnumber: controlNumber,
  email: emailField,
  password: z.string('La contraseña debe ser texto').max(200, MSG.tooLong(200)).optional(),
  gender,
  role,
  career_id: optionalId,
});
export type UserCreateBody = z.input<typeof userCreateBody>;

export const userUpdateBody = z.object({
  full_name: text(LIMITS.userName, MSG.nameRequired),
  email: emailField,
  controlnumber: controlNumber.optional(),
  gender: gender.optional(),
  role: role.optional(),
  password: z.string('La contraseña debe ser texto').max(200, MSG.tooLong(200)).optional(),
  career_id: optionalId,
  photo: z.string('La foto debe ser texto').max(500, MSG.tooLong(500)).nullish(),
  /** Required to change one's own e-mail (the login). */
  current_password: z.string(MSG.currentPasswordRequired).max(200, MSG.tooLong(200)).optional(),
});
export type UserUpdateBody = z.input<typeof userUpdateBody>;

/** POST /users/reset-passwords: new one-time passwords for the students of a group ('Hojas de acceso' of a group). */
export const groupPasswordsBody = z.object({ group_id: idField('El grupo no es válido') });
export type GroupPasswordsBody = z.input<typeof groupPasswordsBody>;

/** Its answer: each reset student's one-time password, once; `skipped`: the group's students not the actor's alone. */
export const groupPasswordsReset = z.object({
  message: z.string(),
  credentials: z.array(
    z.object({ id: z.number(), full_name: z.string(), email: z.string(), initial_password: z.string() }),
  ),
  skipped: z.number(),
  /** With mail: the links sent instead of passwords (`credentials` is then empty). */
  mail: mailReport.optional(),
});
export type GroupPasswordsReset = z.infer<typeof groupPasswordsReset>;

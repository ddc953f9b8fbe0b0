import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { MAIL_MSG, MSG } from '../messages.js';
import { emailField, text, timestamps } from './common.js';

export const loginBody = z.object({
  email: emailField,
  password: z.string('La contraseña es obligatoria').min(1, 'La contraseña es obligatoria').max(200, MSG.tooLong(200)),
});

/**
 * With mail configured, what was sent instead of a credential: how many links went out and who did not get theirs
 * (the manager is told; nobody is left silently without a way in).
 */
export const mailReport = z.object({
  sent: z.number().int(),
  failed: z.array(z.object({ full_name: z.string(), email: z.string() })),
});
export type MailReport = z.infer<typeof mailReport>;

export const careerRef = z.object({ id: z.number(), career_key: z.string(), name: z.string() });
export type CareerRef = z.infer<typeof careerRef>;

const userCareer = z.object({ id: z.number(), career_id: z.number(), career: careerRef });

/** The stored columns of a user that may leave the server: everything but the password hash. */
export const userRecord = z.object({
  id: z.number(),
  full_name: z.string(),
  email: z.string(),
  role: z.number(),
  controlnumber: z.string().nullable(),
  gender: z.number().nullable(),
  photo: z.string().nullable(),
  ...timestamps,
});
export type UserRecord = z.infer<typeof userRecord>;
/** The column names of `userRecord`, for the server's queries. */
export const USER_FIELDS = Object.keys(userRecord.shape) as Array<keyof UserRecord>;

/** A user as every endpoint returns it: never with a password hash; `name`/`rol` mirror `full_name`/`role`. */
export const publicUser = userRecord.extend({
  name: z.string(),
  rol: z.number(),
  user_careers: z.array(userCareer),
});
export type PublicUser = z.infer<typeof publicUser>;

/**
 * The answer of creating a person: the user and, this once, their one-time password (DESIGN §5 "Initial
 * credentials"); no other answer ever carries it.
 */
export const createdUser = publicUser.extend({ initial_password: z.string().optional(), mail: mailReport.optional() });
export type CreatedUser = z.infer<typeof createdUser>;

/** The answer of a manager's password reset: the new one-time password, this once. */
export const passwordReset = z.object({
  message: z.string(),
  initial_password: z.string().optional(),
  mail: mailReport.optional(),
});
export type PasswordReset = z.infer<typeof passwordReset>;

export const loginResponse = z.object({
  token: z.string(),
  user: z.object({ id: z.number(), full_name: z.string(), name: z.string(), email: z.string(), rol: z.number() }),
  /** True when the password was set by someone else: it must be changed before anything else (DESIGN §5). */
  must_change_password: z.boolean(),
});

/**
 * `GET /me`: the user, whether the password must be changed before anything else, and the institution's time zone,
 * which every date the web shows follows.
 */
export const meResponse = publicUser.extend({
  must_change_password: z.boolean(),
  time_zone: z.string(),
  /** A new e-mail waiting for its confirmation link (only when the institution has mail). */
  pending_email: z.string().nullable().optional(),
});
export type MeResponse = z.infer<typeof meResponse>;

export const profileUpdateBody = z.object({
  full_name: text(LIMITS.userName, MSG.nameRequired),
  email: emailField,
  /** Asked when the e-mail (the login) changes. */
  current_password: z.string(MSG.currentPasswordRequired).max(200, MSG.tooLong(200)).optional(),
});
export type ProfileUpdateBody = z.input<typeof profileUpdateBody>;

export const passwordChangeBody = z
  .object({
    current_password: z.string(MSG.currentPasswordRequired).min(1, MSG.currentPasswordRequired),
    password: z.string(MSG.passwordMin).min(LIMITS.passwordMin, MSG.passwordMin).max(200, MSG.tooLong(200)),
    password_confirmation: z.string(MSG.passwordsDontMatch),
  })
  .refine((b) => b.password === b.password_confirmation, {
    message: MSG.passwordsDontMatch,
    path: ['password_confirmation'],
  })
  // A first password someone else set is changed for a new one, not for itself.
  .refine((b) => b.password !== b.current_password, { message: MSG.passwordUnchanged, path: ['password'] });
export type PasswordChangeBody = z.input<typeof passwordChangeBody>;

export const userSession = z.object({
  id: z.number(),
  user_id: z.number(),
  logged_in_at: z.string(),
  user_agent: z.string().nullable(),
  ip: z.string().nullable(),
});
export type UserSession = z.infer<typeof userSession>;

export const userSessionBody = z.object({
  user_agent: z.string('El agente de usuario debe ser texto').max(500, MSG.tooLong(500)).optional(),
});

/** `GET /auth/oidc`: whether the login page offers institutional sign-in. */
export const oidcInfoResponse = z.object({ enabled: z.boolean() });

/** `POST /auth/oidc/exchange`: the one-time code a finished institutional sign-in left in the login page's address. */
export const oidcExchangeBody = z.object({
  code: z.string('El código es obligatorio').trim().min(1, 'El código es obligatorio').max(200, MSG.tooLong(200)),
});

/** The answer of closing the account's other sessions ('Cerrar las demás sesiones'). */
export const closedSessionsResponse = z.object({ message: z.string(), closed: z.number().int() });

/** 'Se cerró 1 sesión.', 'Se cerraron 3 sesiones.', or that there was none. */
export function closedSessionsMessage(closed: number): string {
  if (closed === 0) return 'No había otras sesiones abiertas.';
  return closed === 1 ? 'Se cerró 1 sesión.' : `Se cerraron ${closed} sesiones.`;
}

/** `PUT /users/{id}`: the user; with mail, a new e-mail waits for its link (`pending_email`) and `mail` says if it went. */
export const userUpdateAnswer = publicUser.extend({
  pending_email: z.string().nullable().optional(),
  mail: mailReport.optional(),
});
export type UserUpdateAnswer = z.infer<typeof userUpdateAnswer>;

/** `GET /auth/mail`: whether the institution has mail (the login page offers '¿Olvidaste tu contraseña?'). */
export const mailInfoResponse = z.object({ enabled: z.boolean() });

/** `POST /auth/forgot-password`. */
export const forgotPasswordBody = z.object({ email: emailField });

const linkToken = z.string(MAIL_MSG.tokenRequired).trim().min(1, MAIL_MSG.tokenRequired).max(200, MSG.tooLong(200));

/** `POST /auth/link`: what a link is for, before its page asks anything. */
export const linkBody = z.object({ token: linkToken });

export const LINK_PURPOSES = ['activation', 'reset', 'email'] as const;
export type LinkPurpose = (typeof LINK_PURPOSES)[number];

export const linkInfo = z.object({
  purpose: z.enum(LINK_PURPOSES),
  full_name: z.string(),
  email: z.string(),
  /** The address an e-mail change link confirms. */
  new_email: z.string().nullable(),
});
export type LinkInfo = z.infer<typeof linkInfo>;

/** `POST /auth/link/password`: the owner's new password, from an activation or reset link. */
export const linkPasswordBody = z
  .object({
    token: linkToken,
    password: z.string(MSG.passwordMin).min(LIMITS.passwordMin, MSG.passwordMin).max(200, MSG.tooLong(200)),
    password_confirmation: z.string(MSG.passwordsDontMatch),
  })
  .refine((b) => b.password === b.password_confirmation, {
    message: MSG.passwordsDontMatch,
    path: ['password_confirmation'],
  });
export type LinkPasswordBody = z.input<typeof linkPasswordBody>;

import { LIMITS } from './limits.js';
import { MSG } from './messages.js';

/** The rules a new password follows (DESIGN §5, First sign-in), one Spanish message per rule. */
export const PASSWORD_POLICY_MSG = {
  tooShort: MSG.passwordMin,
  common: 'La nueva contraseña es de las más usadas; elige otra',
  name: 'La nueva contraseña no debe contener tu nombre',
  email: 'La nueva contraseña no debe contener tu correo',
  number: 'La nueva contraseña no debe contener tu matrícula o número de empleado',
} as const;

/** What a new password may not contain: its owner's data. */
export interface PasswordOwner {
  full_name?: string | null;
  email?: string | null;
  controlnumber?: string | null;
}

/** Lowercase without accents: 'Sánchez' and 'SANCHEZ' are the same word. */
export function foldForPassword(value: string): string {
  return value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Pieces shorter than this are too common to forbid (an 'Ana' or a 'Li' would forbid half the words). */
const MIN_PIECE = 4;

/**
 * The first rule a new password breaks, or null when it follows them all: at least 8 characters, not among the
 * most common (isCommon, given the folded password), not containing any word of 4 or more letters of the owner's
 * name, the local part of the e-mail or the control number (accent- and case-folded).
 */
export function passwordPolicyError(
  password: string,
  owner: PasswordOwner,
  isCommon: (folded: string) => boolean,
): string | null {
  if (password.length < LIMITS.passwordMin) return PASSWORD_POLICY_MSG.tooShort;
  const folded = foldForPassword(password);
  if (isCommon(folded) || isCommon(password.toLowerCase())) return PASSWORD_POLICY_MSG.common;
  const nameWords = foldForPassword(owner.full_name ?? '')
    .split(/[^\p{L}]+/u)
    .filter((w) => w.length >= MIN_PIECE);
  if (nameWords.some((w) => folded.includes(w))) return PASSWORD_POLICY_MSG.name;
  const local = foldForPassword((owner.email ?? '').split('@')[0] ?? '').trim();
  if (local.length >= MIN_PIECE && folded.includes(local)) return PASSWORD_POLICY_MSG.email;
  const number = foldForPassword(owner.controlnumber ?? '').trim();
  if (number.length >= MIN_PIECE && folded.includes(number)) return PASSWORD_POLICY_MSG.number;
  return null;
}

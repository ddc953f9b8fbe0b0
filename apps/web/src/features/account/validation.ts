import { EMAIL_PATTERN, LIMITS, MSG } from '@egreso/domain';

export interface ProfileValues {
  full_name: string;
  email: string;
}
export type ProfileErrors = Partial<Record<keyof ProfileValues, string>>;

export function validateProfile(v: ProfileValues): ProfileErrors {
  const errors: ProfileErrors = {};
  const name = v.full_name.trim();
  const email = v.email.trim();
  if (!name) errors.full_name = MSG.nameRequired;
  else if (name.length > LIMITS.userName) errors.full_name = MSG.tooLong(LIMITS.userName);
  if (!email) errors.email = MSG.emailRequired;
  else if (email.length > LIMITS.email) errors.email = MSG.tooLong(LIMITS.email);
  else if (!EMAIL_PATTERN.test(email)) errors.email = MSG.emailInvalid;
  return errors;
}

export interface PasswordValues {
  current_password: string;
  password: string;
  password_confirmation: string;
}
export type PasswordErrors = Partial<Record<keyof PasswordValues, string>>;

export function validatePassword(v: PasswordValues): PasswordErrors {
  const errors: PasswordErrors = {};
  if (!v.current_password) errors.current_password = MSG.currentPasswordRequired;
  if (v.password.length < LIMITS.passwordMin) errors.password = MSG.passwordMin;
  if (v.password_confirmation !== v.password) errors.password_confirmation = MSG.passwordsDontMatch;
  return errors;
}

export const hasErrors = (errors: object): boolean => Object.values(errors).some(Boolean);

/** The first message of each field the server rejected, keyed like the form. */
export function firstFieldErrors<K extends string>(errors: Record<string, string[]>, fields: readonly K[]): Partial<Record<K, string>> {
  const out: Partial<Record<K, string>> = {};
  for (const f of fields) {
    const first = errors[f]?.[0];
    if (first) out[f] = first;
  }
  return out;
}

import { passwordChangeBody, profileUpdateBody } from '@egreso/domain';
import { zodFieldErrors } from '../../lib/use-form';

export interface ProfileValues {
  full_name: string;
  email: string;
  /** Needed only when the e-mail changes. */
  current_password?: string;
}
export type ProfileErrors = Partial<Record<keyof ProfileValues, string>>;

/** The domain's profile schema (the server's), one message per field. */
export function validateProfile(v: ProfileValues): ProfileErrors {
  const parsed = profileUpdateBody.safeParse(v);
  return parsed.success ? {} : zodFieldErrors(parsed.error);
}

export interface PasswordValues {
  current_password: string;
  password: string;
  password_confirmation: string;
}
export type PasswordErrors = Partial<Record<keyof PasswordValues, string>>;

/** The domain's password-change schema (the server's), one message per field. */
export function validatePassword(v: PasswordValues): PasswordErrors {
  const parsed = passwordChangeBody.safeParse(v);
  return parsed.success ? {} : zodFieldErrors(parsed.error);
}

export const hasErrors = (errors: object): boolean => Object.values(errors).some(Boolean);

import { MSG } from '@egreso/domain';

/** The domain's e-mail pattern, repeated here because the domain module that holds it loads zod (login is size-budgeted). */
const EMAIL = /^[^\s@]+@[^\s@][^\s@.]*\.[^\s@]+$/;

export const PASSWORD_REQUIRED = 'La contraseña es obligatoria';

export interface LoginErrors {
  email?: string;
  password?: string;
}

/** Client checks of the login form: e-mail required and well formed, password required. */
export function validateLogin(email: string, password: string): LoginErrors {
  const errors: LoginErrors = {};
  const trimmed = email.trim();
  if (!trimmed) errors.email = MSG.emailRequired;
  else if (!EMAIL.test(trimmed)) errors.email = MSG.emailInvalid;
  if (!password) errors.password = PASSWORD_REQUIRED;
  return errors;
}

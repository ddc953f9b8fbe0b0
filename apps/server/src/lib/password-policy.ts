import { createRequire } from 'node:module';
import { foldForPassword, passwordPolicyError, type PasswordOwner } from '@egreso/domain';
import { fieldError } from './http-errors.js';

/** How many of the most common passwords are refused (DESIGN §5, First sign-in). */
export const COMMON_PASSWORDS_COUNT = 10_000;

/** The package whose ranked list of common passwords is used (docs/decisions.md, Password policy). */
export const COMMON_PASSWORDS_PACKAGE = '@zxcvbn-ts/language-common';

let common: ReadonlySet<string> | null | undefined;

/**
 * The 10,000 most common passwords, folded, read once from the ranked list the package ships; null while the package
 * is not installed (then only the other rules apply). Loaded by name at run time so the build does not depend on it.
 */
export function commonPasswords(): ReadonlySet<string> | null {
  if (common !== undefined) return common;
  try {
    const mod = createRequire(import.meta.url)(COMMON_PASSWORDS_PACKAGE) as {
      dictionary?: { passwords?: unknown };
      default?: { dictionary?: { passwords?: unknown } };
    };
    const list = (mod.dictionary ?? mod.default?.dictionary)?.passwords;
    common = Array.isArray(list)
      ? new Set(list.slice(0, COMMON_PASSWORDS_COUNT).map((p) => foldForPassword(String(p))))
      : null;
  } catch {
    common = null;
  }
  return common;
}

/** Replaces the list (tests); undefined reads the package's list again on the next check. */
export function setCommonPasswords(list: Iterable<string> | undefined): void {
  common = list ? new Set([...list].map(foldForPassword)) : undefined;
}

export function isCommonPassword(folded: string): boolean {
  return commonPasswords()?.has(folded) ?? false;
}

/** The rule a new password breaks, as a Spanish message, or null. */
export function newPasswordProblem(password: string, owner: PasswordOwner): string | null {
  return passwordPolicyError(password, owner, isCommonPassword);
}

/** Refuses (422 on `password`) a new password that breaks a rule. */
export function assertNewPassword(password: string, owner: PasswordOwner): void {
  const problem = newPasswordProblem(password, owner);
  if (problem) throw fieldError('password', problem);
}

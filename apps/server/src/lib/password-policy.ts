import { dictionary } from '@zxcvbn-ts/language-common';
import { foldForPassword, passwordPolicyError, type PasswordOwner } from '@egreso/domain';
import { fieldError } from './http-errors.js';

/** How many of the most common passwords are refused (DESIGN §5, First sign-in). */
export const COMMON_PASSWORDS_COUNT = 10_000;

let common: ReadonlySet<string> | undefined;

/**
 * The 10,000 most common passwords, folded: the head of the ranked list `@zxcvbn-ts/language-common` ships
 * ('passwords-common', most common first), read once. A list shorter than that stops with an error rather than
 * leaving the rule silently off.
 */
export function commonPasswords(): ReadonlySet<string> {
  if (common) return common;
  const list = (dictionary as Record<string, unknown>)['passwords-common'];
  if (!Array.isArray(list) || list.length < COMMON_PASSWORDS_COUNT) {
    throw new Error('The common-passwords list is missing from @zxcvbn-ts/language-common');
  }
  common = new Set(list.slice(0, COMMON_PASSWORDS_COUNT).map((p) => foldForPassword(String(p))));
  return common;
}

/** Replaces the list (tests); undefined reads the package's list again on the next check. */
export function setCommonPasswords(list: Iterable<string> | undefined): void {
  common = list ? new Set([...list].map(foldForPassword)) : undefined;
}

export function isCommonPassword(folded: string): boolean {
  return commonPasswords().has(folded);
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

import { describe, expect, it } from 'vitest';
import { MSG } from './messages.js';
import { PASSWORD_POLICY_MSG, passwordPolicyError } from './password-policy.js';

const owner = { full_name: 'José Ángel Núñez Li', email: 'jangel.nunez@uni.mx', controlnumber: '26010001' };
const common = new Set(['password1', 'qwertyuiop', 'contraseña']);
const check = (p: string) => passwordPolicyError(p, owner, (f) => common.has(f));

describe('passwordPolicyError', () => {
  it('asks for 8 characters, with no padding: 123456 and a are refused', () => {
    expect(check('123456')).toBe(MSG.passwordMin);
    expect(check('a')).toBe(MSG.passwordMin);
    expect(MSG.passwordMin).toBe('La nueva contraseña debe tener al menos 8 caracteres');
  });

  it('refuses a common password whatever its case or accents', () => {
    expect(check('Password1')).toBe(PASSWORD_POLICY_MSG.common);
    expect(check('QWERTYUIOP')).toBe(PASSWORD_POLICY_MSG.common);
    expect(check('CONTRASENA')).toBe(null);
    expect(check('Contraseña')).toBe(PASSWORD_POLICY_MSG.common);
  });

  it('refuses a word of 4+ letters of the name, accent- and case-folded; shorter words are allowed', () => {
    expect(check('NUNEZ-2026!')).toBe(PASSWORD_POLICY_MSG.name);
    expect(check('mi-angel-99')).toBe(PASSWORD_POLICY_MSG.name);
    expect(check('josé-x-1234')).toBe(PASSWORD_POLICY_MSG.name);
    expect(check('li-li-li-li')).toBe(null);
  });

  it('refuses the e-mail local part and the control number', () => {
    expect(check('x-JAngel.Nunez-x')).toBe(PASSWORD_POLICY_MSG.name);
    const byEmail = { ...owner, email: 'profe.mate@uni.mx' };
    expect(passwordPolicyError('mi-PROFE.MATE', byEmail, () => false)).toBe(PASSWORD_POLICY_MSG.email);
    expect(check('clave26010001')).toBe(PASSWORD_POLICY_MSG.number);
    expect(check('cielo-de-marzo')).toBe(null);
  });
});

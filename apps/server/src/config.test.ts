import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig } from './config.js';

describe('backup settings', () => {
  it('default to ./backups, seven copies and no schedule; empty values count as unset', () => {
    expect(loadConfig({})).toMatchObject({ BACKUP_DIR: './backups', BACKUP_KEEP: 7, BACKUP_EVERY_HOURS: undefined });
    expect(loadConfig({ BACKUP_DIR: ' ', BACKUP_EVERY_HOURS: '', BACKUP_KEEP: '' })).toMatchObject({
      BACKUP_DIR: './backups',
      BACKUP_KEEP: 7,
      BACKUP_EVERY_HOURS: undefined,
    });
    expect(loadConfig({ BACKUP_DIR: '/srv/copias', BACKUP_EVERY_HOURS: '6', BACKUP_KEEP: '14' })).toMatchObject({
      BACKUP_DIR: '/srv/copias',
      BACKUP_EVERY_HOURS: 6,
      BACKUP_KEEP: 14,
    });
    expect(loadConfig({ BACKUP_EVERY_HOURS: '0.5' }).BACKUP_EVERY_HOURS).toBe(0.5);
  });

  it('refuses a schedule under 15 minutes or over a week, and a count of copies that is not 1 to 1000', () => {
    for (const v of ['0', '0.1', '169', 'diario', '-1'])
      expect(() => loadConfig({ BACKUP_EVERY_HOURS: v }), v).toThrow(/BACKUP_EVERY_HOURS/);
    for (const v of ['0', '1.5', '1001', 'muchas'])
      expect(() => loadConfig({ BACKUP_KEEP: v }), v).toThrow(/BACKUP_KEEP/);
  });
});

describe('INITIAL_PASSWORD_DAYS', () => {
  it('defaults to 14 days, takes 1 to 90, and refuses anything else', () => {
    expect(loadConfig({}).INITIAL_PASSWORD_DAYS).toBe(14);
    expect(loadConfig({ INITIAL_PASSWORD_DAYS: '' }).INITIAL_PASSWORD_DAYS).toBe(14);
    expect(loadConfig({ INITIAL_PASSWORD_DAYS: '3' }).INITIAL_PASSWORD_DAYS).toBe(3);
    for (const v of ['0', '91', '1.5', 'dos'])
      expect(() => loadConfig({ INITIAL_PASSWORD_DAYS: v }), v).toThrow(/INITIAL_PASSWORD_DAYS/);
  });
});

describe('configuration errors', () => {
  it('are one Spanish line naming the setting, its value and what it accepts', () => {
    expect(() => loadConfig({ BACKUP_KEEP: '0' })).toThrow(
      new ConfigError(
        'Configuración no válida: BACKUP_KEEP debe ser un número entero de copias entre 1 y 1000 (valor: «0»).',
      ),
    );
    expect(() => loadConfig({ PORT: 'abc', DEMO: 'si' })).toThrow(
      'Configuración no válida: PORT debe ser un número de puerto (1-65535) (valor: «abc»); DEMO debe ser 0 o 1 (valor: «si»).',
    );
    expect(() => loadConfig({ ADMIN_EMAIL: 'a@b.mx', ADMIN_PASSWORD: 'corta' })).toThrow(
      'Configuración no válida: ADMIN_PASSWORD debe tener al menos 8 caracteres.',
    );
    expect(() => loadConfig({ ADMIN_EMAIL: 'a@b.mx' })).toThrow(
      'Configuración no válida: ADMIN_EMAIL y ADMIN_PASSWORD se configuran juntas.',
    );
  });

  it('end `npm run backup` with that line, no stack trace, and status 1', () => {
    const r = spawnSync(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(new URL('./backup-cli.ts', import.meta.url)), 'backup'],
      { env: { ...process.env, BACKUP_KEEP: '0' }, encoding: 'utf8' },
    );
    expect(r.status).toBe(1);
    expect(r.stderr.trim()).toBe(
      'Configuración no válida: BACKUP_KEEP debe ser un número entero de copias entre 1 y 1000 (valor: «0»).',
    );
  });
});

describe('mail settings (SMTP_URL, SMTP_FROM, PUBLIC_URL)', () => {
  const mail = {
    SMTP_URL: 'smtps://egreso:secreto@correo.uni.mx:465',
    SMTP_FROM: 'Atributos de egreso <egreso@uni.mx>',
    PUBLIC_URL: 'https://egreso.uni.mx/',
  };

  it('are off without them, and on with the three: 72 h to activate and 1 h to reset unless set', () => {
    expect(loadConfig({}).mail).toBeNull();
    expect(loadConfig(mail).mail).toEqual({
      url: mail.SMTP_URL,
      from: mail.SMTP_FROM,
      publicUrl: 'https://egreso.uni.mx',
      activationHours: 72,
      resetHours: 1,
    });
    const custom = loadConfig({ ...mail, ACTIVATION_LINK_HOURS: '48', RESET_LINK_HOURS: '2' }).mail;
    expect(custom).toMatchObject({ activationHours: 48, resetHours: 2 });
    expect(
      loadConfig({ ...mail, SMTP_URL: 'smtp://127.0.0.1:2525', PUBLIC_URL: 'http://127.0.0.1:3000' }).mail,
    ).not.toBeNull();
  });

  it('refuse each bad value with one Spanish line, never echoing the mail server password', () => {
    const line = (env: NodeJS.ProcessEnv) => {
      try {
        loadConfig(env);
      } catch (err) {
        expect(err).toBeInstanceOf(ConfigError);
        return (err as Error).message;
      }
      return null;
    };
    expect(line({ SMTP_URL: mail.SMTP_URL })).toBe(
      'Configuración no válida: SMTP_URL y SMTP_FROM van juntas; falta SMTP_FROM.',
    );
    expect(line({ SMTP_FROM: mail.SMTP_FROM })).toBe(
      'Configuración no válida: SMTP_URL y SMTP_FROM van juntas; falta SMTP_URL.',
    );
    const badUrl = line({ ...mail, SMTP_URL: 'http://egreso:secreto@correo.uni.mx' });
    expect(badUrl).toMatch(/^Configuración no válida: SMTP_URL debe ser smtp:\/\//);
    expect(badUrl).not.toContain('secreto@');
    expect(line({ ...mail, SMTP_FROM: 'no es correo' })).toMatch(/SMTP_FROM debe ser un correo/);
    expect(line({ ...mail, PUBLIC_URL: '' })).toMatch(/SMTP_URL necesita PUBLIC_URL/);
    expect(line({ ...mail, PUBLIC_URL: 'http://egreso.uni.mx' })).toMatch(/PUBLIC_URL debe ser una dirección https/);
    expect(line({ ...mail, RESET_LINK_HOURS: '0' })).toBe(
      'Configuración no válida: RESET_LINK_HOURS debe ser un número entero de horas entre 1 y 72 (valor: «0»).',
    );
    expect(line({ ...mail, ACTIVATION_LINK_HOURS: 'tres' })).toMatch(/ACTIVATION_LINK_HOURS debe ser un número entero/);
    for (const text of [badUrl]) expect(text?.split('\n')).toHaveLength(1);
  });
});

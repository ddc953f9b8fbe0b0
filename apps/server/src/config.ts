import { isIP } from 'node:net';
import { z } from 'zod';
import { DEFAULT_TIME_ZONE, isTimeZone } from '@egreso/domain';

/** proxy-addr's names for address ranges, accepted in a TRUST_PROXY list. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (!family || extra !== undefined) return false;
  if (prefix === undefined) return true;
  const bits = /^\d{1,3}$/.test(prefix) ? Number(prefix) : -1;
  return bits >= 0 && bits <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: unset, empty, 'false' or 0 trusts no proxy (the client's address is the connection's); a whole
 * number trusts that many proxy hops; a comma list trusts those proxy addresses, CIDR ranges or range names.
 * 'true' (believe any X-Forwarded-For) is refused: anyone could then choose their own address.
 */
const trustProxy = z
  .string()
  .optional()
  .transform((raw, ctx): false | number | string[] => {
    const v = raw?.trim() ?? '';
    if (v === '' || v === 'false' || v === '0') return false;
    if (/^\d+$/.test(v)) {
      const hops = Number(v);
      if (hops <= 100) return hops;
    }
    const entries = v
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean);
    const bad = entries.filter((e) => !isProxyAddress(e));
    if (entries.length === 0 || bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `must be a hop count (1-100) or a comma list of proxy addresses or CIDR ranges (bad: ${bad.join(', ') || v})`,
      });
      return z.NEVER;
    }
    return entries;
  });

const configSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z
    .string()
    .default('sqlite:./data/app.db')
    .refine((v) => /^(sqlite:.+|postgres(ql)?:\/\/.+)$/.test(v), {
      message: 'must be sqlite:PATH or postgres://…',
    }),
  ADMIN_EMAIL: z.string().email().optional(),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  /** The institution's name, printed on the cohort evidence. */
  INSTITUTION_NAME: z.string().trim().min(1).max(200).default('Institución de Educación Superior'),
  /** The institution's IANA time zone: dates in files, printed pages and screens. */
  INSTITUTION_TIME_ZONE: z
    .string()
    .trim()
    .default(DEFAULT_TIME_ZONE)
    .refine(isTimeZone, { message: 'must be an IANA time zone such as America/Mexico_City' }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: trustProxy,
  /** Absolute lifetime of a session in hours, however active (ASVS 4.0 3.3.2, level 2: 12 hours). */
  SESSION_MAX_HOURS: z.coerce.number().int().min(1).max(720).optional(),
  /** Deprecated: the former absolute lifetime in days; read as SESSION_MAX_HOURS = 24 × days when that is unset. */
  SESSION_MAX_DAYS: z.coerce.number().int().min(1).max(30).optional(),
  /** Minutes without use after which a session ends (ASVS 4.0 3.3.2, level 2: 30 minutes). */
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(5).max(720).default(30),
  /** Days an unclaimed one-time password (created, imported or reset account) is accepted. */
  INITIAL_PASSWORD_DAYS: z.coerce.number().int().min(1).max(90).default(14),
  /** DEMO=1 serves the demo institution on a HOST that is not a loopback address. */
  DEMO: z
    .enum(['0', '1'])
    .default('0')
    .transform((v) => v === '1'),
  /** Where `npm run backup` and the scheduled backups write their copies. */
  BACKUP_DIR: z.string().trim().min(1).default('./backups'),
  /** Hours between the running server's own backups; unset: none (use `npm run backup` from cron or a timer). */
  BACKUP_EVERY_HOURS: z.coerce
    .number()
    .min(0.25)
    .max(24 * 7)
    .optional(),
  /** How many copies to keep (the newest). */
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
});

export type Config = Omit<z.infer<typeof configSchema>, 'SESSION_MAX_HOURS' | 'SESSION_MAX_DAYS'> & {
  SESSION_MAX_HOURS: number;
  oidc: OidcConfig | null;
  mail: MailConfig | null;
};

/** What each setting accepts, in the one Spanish line a bad value stops the start (or a command) with. */
const EXPECTED: Record<string, string> = {
  PORT: 'debe ser un número de puerto (1-65535)',
  HOST: 'no debe estar vacío',
  DATABASE_URL: 'debe ser sqlite:RUTA o postgres://…',
  ADMIN_EMAIL: 'debe ser un correo válido',
  ADMIN_PASSWORD: 'debe tener al menos 8 caracteres',
  INSTITUTION_NAME: 'debe tener de 1 a 200 caracteres',
  INSTITUTION_TIME_ZONE: 'debe ser una zona horaria IANA como America/Mexico_City',
  LOG_LEVEL: 'debe ser fatal, error, warn, info, debug, trace o silent',
  TRUST_PROXY:
    'debe ser un número de saltos (1-100) o una lista separada por comas de direcciones o rangos CIDR de proxies',
  SESSION_MAX_HOURS: 'debe ser un número entero de horas entre 1 y 720',
  SESSION_MAX_DAYS: 'debe ser un número entero de días entre 1 y 30 (obsoleta: use SESSION_MAX_HOURS)',
  SESSION_IDLE_MINUTES: 'debe ser un número entero de minutos entre 5 y 720',
  INITIAL_PASSWORD_DAYS: 'debe ser un número entero de días entre 1 y 90',
  DEMO: 'debe ser 0 o 1',
  BACKUP_DIR: 'no debe estar vacío',
  BACKUP_EVERY_HOURS: 'debe ser un número de horas entre 0.25 y 168',
  BACKUP_KEEP: 'debe ser un número entero de copias entre 1 y 1000',
};

const SECRET = new Set(['ADMIN_PASSWORD', 'DATABASE_URL']);

/** A bad setting: its message is one Spanish line, printed without a stack trace. */
export class ConfigError extends Error {}

/** Institutional sign-in (OpenID Connect), on when its four settings are given. */
export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Lower-case e-mail domains whose accounts may sign in with the provider. */
  allowedDomains: string[];
  /** OIDC_REQUIRED=1: accounts of those domains may not sign in with a password (ADMIN_EMAIL excepted). */
  required: boolean;
}

const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const OIDC_KEYS = ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'OIDC_ALLOWED_DOMAINS'] as const;

/** The OIDC_* settings: all four or none; each refusal is one Spanish line naming the setting. */
export function loadOidcConfig(env: NodeJS.ProcessEnv): OidcConfig | null {
  const value = (key: string) => env[key]?.trim() ?? '';
  const given = OIDC_KEYS.filter((k) => value(k) !== '');
  const required = value('OIDC_REQUIRED');
  if (required !== '' && required !== '0' && required !== '1') {
    throw new ConfigError('Configuración inválida: OIDC_REQUIRED debe ser 0 o 1.');
  }
  if (given.length === 0) {
    if (required === '1') {
      throw new ConfigError(`Configuración inválida: OIDC_REQUIRED=1 necesita ${OIDC_KEYS.join(', ')}.`);
    }
    return null;
  }
  if (given.length < OIDC_KEYS.length) {
    const missing = OIDC_KEYS.filter((k) => !given.includes(k));
    throw new ConfigError(`Configuración inválida: ${OIDC_KEYS.join(', ')} van juntas; falta ${missing.join(', ')}.`);
  }
  let issuer: URL;
  try {
    issuer = new URL(value('OIDC_ISSUER'));
  } catch {
    throw new ConfigError('Configuración inválida: OIDC_ISSUER debe ser una dirección https://… del proveedor.');
  }
  const loopback = isLoopbackHost(issuer.hostname);
  if (issuer.protocol !== 'https:' && !(issuer.protocol === 'http:' && loopback)) {
    throw new ConfigError(
      'Configuración inválida: OIDC_ISSUER debe usar https:// (http:// solo en esta misma máquina).',
    );
  }
  const domains = value('OIDC_ALLOWED_DOMAINS')
    .split(',')
    .map((d) => d.trim().toLowerCase().replace(/^@/, ''))
    .filter(Boolean);
  const bad = domains.filter((d) => !DOMAIN.test(d));
  if (domains.length === 0 || bad.length > 0) {
    throw new ConfigError(
      `Configuración inválida: OIDC_ALLOWED_DOMAINS debe ser una lista de dominios separados por comas (no válido: ${bad.join(', ') || value('OIDC_ALLOWED_DOMAINS')}).`,
    );
  }
  return {
    issuer: issuer.href.replace(/\/$/, ''),
    clientId: value('OIDC_CLIENT_ID'),
    clientSecret: value('OIDC_CLIENT_SECRET'),
    allowedDomains: [...new Set(domains)],
    required: required === '1',
  };
}

/** Mail (activation and reset links, notices), on when SMTP_URL and SMTP_FROM are given. */
export interface MailConfig {
  /** smtp://user:pass@host:587 or smtps://user:pass@host:465: the institution's mail server (a secret). */
  url: string;
  /** The sender: 'correo@uni.mx' or 'Nombre <correo@uni.mx>'. */
  from: string;
  /** The address the links in the messages point to, without a trailing slash ('https://egreso.uni.mx'). */
  publicUrl: string;
  /** Hours an activation link (a created, imported or reset account) is accepted. */
  activationHours: number;
  /** Hours a link asked for from '¿Olvidaste tu contraseña?' is accepted. */
  resetHours: number;
}

const MAIL_ADDRESS = /^[^\s@<>"]+@[^\s@<>".]+(?:\.[^\s@<>".]+)+$/;

function hoursSetting(env: NodeJS.ProcessEnv, key: string, fallback: number, max: number): number {
  const raw = env[key]?.trim() ?? '';
  if (raw === '') return fallback;
  const n = /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!(n >= 1 && n <= max)) {
    throw new ConfigError(
      `Configuración no válida: ${key} debe ser un número entero de horas entre 1 y ${max} (valor: «${raw}»).`,
    );
  }
  return n;
}

function withoutTrailingSlashes(href: string): string {
  let end = href.length;
  while (end > 0 && href[end - 1] === '/') end -= 1;
  return href.slice(0, end);
}

/**
 * SMTP_URL and SMTP_FROM: both or none; with them, PUBLIC_URL (where the links point: never taken from a request's
 * Host header, which a stranger chooses). Each refusal is one Spanish line naming the setting; SMTP_URL, which
 * carries the mail server's password, is never echoed.
 */
export function loadMailConfig(env: NodeJS.ProcessEnv): MailConfig | null {
  const value = (key: string) => env[key]?.trim() ?? '';
  const activationHours = hoursSetting(env, 'ACTIVATION_LINK_HOURS', 72, 720);
  const resetHours = hoursSetting(env, 'RESET_LINK_HOURS', 1, 72);
  const url = value('SMTP_URL');
  const from = value('SMTP_FROM');
  if (!url && !from) return null;
  if (!url || !from) {
    throw new ConfigError(
      `Configuración no válida: SMTP_URL y SMTP_FROM van juntas; falta ${url ? 'SMTP_FROM' : 'SMTP_URL'}.`,
    );
  }
  assertSmtpUrl(url);
  assertSender(from);
  return { url, from, publicUrl: publicUrlSetting(value('PUBLIC_URL')), activationHours, resetHours };
}

/** SMTP_URL: smtp:// or smtps://, with a host (never echoed: it carries the mail server's password). */
function assertSmtpUrl(url: string): void {
  let smtp: URL | null = null;
  try {
    smtp = new URL(url);
  } catch {
    smtp = null;
  }
  if (!smtp || (smtp.protocol !== 'smtp:' && smtp.protocol !== 'smtps:') || !smtp.hostname) {
    throw new ConfigError(
      'Configuración no válida: SMTP_URL debe ser smtp://usuario:contraseña@servidor:587 o smtps://usuario:contraseña@servidor:465.',
    );
  }
}

/** SMTP_FROM: an address, or «Name <address>». */
function assertSender(from: string): void {
  const angle = /^(.*)<([^<>]+)>$/.exec(from);
  const address = (angle ? angle[2]! : from).trim();
  if (!MAIL_ADDRESS.test(address) || from.length > 200) {
    throw new ConfigError(
      `Configuración no válida: SMTP_FROM debe ser un correo o «Nombre <correo@dominio>» (valor: «${from}»).`,
    );
  }
}

/** PUBLIC_URL, required with mail: https (http only on this machine), no query or fragment; without trailing slashes. */
function publicUrlSetting(rawPublic: string): string {
  if (!rawPublic) {
    throw new ConfigError(
      'Configuración no válida: SMTP_URL necesita PUBLIC_URL, la dirección pública de la aplicación (https://…) a la que apuntan los enlaces de los correos.',
    );
  }
  let publicUrl: URL | null = null;
  try {
    publicUrl = new URL(rawPublic);
  } catch {
    publicUrl = null;
  }
  const local = publicUrl ? isLoopbackHost(publicUrl.hostname) : false;
  if (
    !publicUrl ||
    !(publicUrl.protocol === 'https:' || (publicUrl.protocol === 'http:' && local)) ||
    publicUrl.search ||
    publicUrl.hash
  ) {
    throw new ConfigError(
      `Configuración no válida: PUBLIC_URL debe ser una dirección https://… (http:// solo en esta misma máquina) sin ? ni # (valor: «${rawPublic}»).`,
    );
  }
  return withoutTrailingSlashes(publicUrl.href);
}

/** Reads the environment once; a bad value stops the start with a message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse({
    ...env,
    ADMIN_EMAIL: env.ADMIN_EMAIL || undefined,
    ADMIN_PASSWORD: env.ADMIN_PASSWORD || undefined,
    INSTITUTION_NAME: env.INSTITUTION_NAME?.trim() || undefined,
    INSTITUTION_TIME_ZONE: env.INSTITUTION_TIME_ZONE?.trim() || undefined,
    SESSION_MAX_HOURS: env.SESSION_MAX_HOURS?.trim() || undefined,
    SESSION_MAX_DAYS: env.SESSION_MAX_DAYS?.trim() || undefined,
    SESSION_IDLE_MINUTES: env.SESSION_IDLE_MINUTES?.trim() || undefined,
    INITIAL_PASSWORD_DAYS: env.INITIAL_PASSWORD_DAYS?.trim() || undefined,
    DEMO: env.DEMO || undefined,
    BACKUP_DIR: env.BACKUP_DIR?.trim() || undefined,
    BACKUP_EVERY_HOURS: env.BACKUP_EVERY_HOURS?.trim() || undefined,
    BACKUP_KEEP: env.BACKUP_KEEP?.trim() || undefined,
  });
  if (!parsed.success) {
    const names = [...new Set(parsed.error.issues.map((i) => String(i.path[0] ?? '')))];
    // Secrets (a password, a database address with its password) are never echoed.
    const shown = (n: string) => (SECRET.has(n) ? '' : ` (valor: «${env[n] ?? ''}»)`);
    const parts = names.map((n) => `${n} ${EXPECTED[n] ?? 'no es válida'}${shown(n)}`);
    throw new ConfigError(`Configuración no válida: ${parts.join('; ')}.`);
  }
  if (Boolean(parsed.data.ADMIN_EMAIL) !== Boolean(parsed.data.ADMIN_PASSWORD)) {
    throw new ConfigError('Configuración no válida: ADMIN_EMAIL y ADMIN_PASSWORD se configuran juntas.');
  }
  const { SESSION_MAX_HOURS: hours, SESSION_MAX_DAYS: days, ...rest } = parsed.data;
  if (hours !== undefined && days !== undefined) {
    throw new ConfigError(
      'Configuración no válida: SESSION_MAX_DAYS está obsoleta y no puede darse junto con SESSION_MAX_HOURS; deje solo SESSION_MAX_HOURS.',
    );
  }
  return {
    ...rest,
    SESSION_MAX_HOURS: hours ?? (days !== undefined ? days * 24 : 12),
    oidc: loadOidcConfig(env),
    mail: loadMailConfig(env),
  };
}

/** True for a HOST that only this machine reaches. */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h);
}

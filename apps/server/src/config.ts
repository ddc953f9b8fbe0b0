import { z } from 'zod';
import { DEFAULT_TIME_ZONE, isTimeZone } from '@egreso/domain';

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
  INSTITUTION_TIME_ZONE: z.string().trim().default(DEFAULT_TIME_ZONE).refine(isTimeZone, { message: 'must be an IANA time zone such as America/Mexico_City' }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Config = z.infer<typeof configSchema>;

/** Reads the environment once; a bad value stops the start with a message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse({
    ...env,
    ADMIN_EMAIL: env.ADMIN_EMAIL || undefined,
    ADMIN_PASSWORD: env.ADMIN_PASSWORD || undefined,
    INSTITUTION_NAME: env.INSTITUTION_NAME?.trim() || undefined,
    INSTITUTION_TIME_ZONE: env.INSTITUTION_TIME_ZONE?.trim() || undefined,
  });
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  if (Boolean(parsed.data.ADMIN_EMAIL) !== Boolean(parsed.data.ADMIN_PASSWORD)) {
    throw new Error('Invalid configuration:\n  ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  }
  return parsed.data;
}

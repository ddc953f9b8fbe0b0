import { z } from 'zod';

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
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Where `npm run backup` and the scheduled backups write their copies. */
  BACKUP_DIR: z.string().trim().min(1).default('./backups'),
  /** Hours between the running server's own backups; unset: none (use `npm run backup` from cron or a timer). */
  BACKUP_EVERY_HOURS: z.coerce.number().min(0.25).max(24 * 7).optional(),
  /** How many copies to keep (the newest). */
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
});

export type Config = z.infer<typeof configSchema>;

/** Reads the environment once; a bad value stops the start with a message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse({
    ...env,
    ADMIN_EMAIL: env.ADMIN_EMAIL || undefined,
    ADMIN_PASSWORD: env.ADMIN_PASSWORD || undefined,
    INSTITUTION_NAME: env.INSTITUTION_NAME?.trim() || undefined,
    BACKUP_DIR: env.BACKUP_DIR?.trim() || undefined,
    BACKUP_EVERY_HOURS: env.BACKUP_EVERY_HOURS?.trim() || undefined,
    BACKUP_KEEP: env.BACKUP_KEEP?.trim() || undefined,
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

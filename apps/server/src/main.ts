import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp, loggerOptions, type App } from './app.js';
import { isLoopbackHost, loadConfig, type Config } from './config.js';
import { scheduleBackups, type BackupSchedule } from './db/backup.js';
import { connect, type Db } from './db/connect.js';
import { DemoRefusedError, initializeDatabase, servesDemo } from './db/init.js';

const here = dirname(fileURLToPath(import.meta.url));

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
  const database = connect(config.DATABASE_URL);
  const refuseDemo = !isLoopbackHost(config.HOST) && !config.DEMO;
  let init;
  try {
    init = await initializeDatabase(database, {
      adminEmail: config.ADMIN_EMAIL,
      adminPassword: config.ADMIN_PASSWORD,
      refuseDemo,
    });
  } catch (err) {
    if (!(err instanceof DemoRefusedError)) throw err;
    console.error(err.message);
    await database.close();
    process.exit(1);
  }
  const webRoot = process.env.WEB_ROOT ?? resolve(here, '../../web/dist');
  const app = await buildApp({
    database,
    webRoot,
    institution: config.INSTITUTION_NAME,
    timeZone: config.INSTITUTION_TIME_ZONE,
    logger: loggerOptions(config.LOG_LEVEL),
    trustProxy: config.TRUST_PROXY,
    sessionMaxHours: config.SESSION_MAX_HOURS,
    sessionIdleMinutes: config.SESSION_IDLE_MINUTES,
    // The demo keeps its API document open; a real institution's needs a session.
    openDocs: await servesDemo(database.db, Boolean(config.ADMIN_EMAIL)),
    initialPasswordDays: config.INITIAL_PASSWORD_DAYS,
    oidc: config.oidc,
    adminEmail: config.ADMIN_EMAIL,
    mail: config.mail,
  });

  const backups = config.BACKUP_EVERY_HOURS
    ? scheduleBackups(
        database,
        { dir: config.BACKUP_DIR, keep: config.BACKUP_KEEP, everyMs: config.BACKUP_EVERY_HOURS * 3_600_000 },
        app.log,
      )
    : null;

  closeGracefully(app, database, backups);

  await app.listen({ port: config.PORT, host: config.HOST });
  printWelcome(config, init);
}

/**
 * On SIGINT or SIGTERM: stops taking connections, lets the requests in flight finish (each write is one transaction:
 * it commits or rolls back whole), waits for a backup in progress, then closes the database. A second signal, or 9 s,
 * exits at once. Requests that arrive on open connections meanwhile get 503 (Fastify's return503OnClosing); every
 * answer from then on carries `Connection: close`, and connections left idle are closed after a short grace.
 */
function closeGracefully(app: App, database: Db, backups: BackupSchedule | null): void {
  let closing = false;
  app.addHook('onRequest', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  const shutdown = async (signal: string) => {
    if (closing) {
      process.exit(1);
    }
    closing = true;
    app.log.info({ signal }, 'shutting down');
    setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, 9_000).unref();
    const sweep = setTimeout(function closeIdle() {
      app.server.closeIdleConnections();
      sweep.refresh();
    }, 300);
    try {
      await app.close();
      clearTimeout(sweep);
      await backups?.stop();
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

/** The address of the application, and the accounts a new database was given. */
function printWelcome(config: Config, init: Awaited<ReturnType<typeof initializeDatabase>>): void {
  const url = `http://${config.HOST === '0.0.0.0' ? 'localhost' : config.HOST}:${config.PORT}/app/`;
  if (init.created === 'demo') {
    console.log('\nBase de datos nueva: se cargó la institución de demostración. Cuentas:');
    for (const a of init.accounts) console.log(`  ${a.role.padEnd(18)} ${a.email.padEnd(34)} ${a.password}`);
  } else if (init.created === 'admin') {
    console.log(`\nBase de datos nueva: administrador ${config.ADMIN_EMAIL} creado.`);
  }
  console.log(`\nAtributos de egreso en ${url}  (API en /api, documentación en /api/docs)\n`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

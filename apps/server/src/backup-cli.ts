import { ConfigError, loadConfig } from './config.js';
import { BackupError, backupUrl, restoreDatabase } from './db/backup.js';

/*
 * `npm run backup`: a consistent copy of DATABASE_URL into BACKUP_DIR, keeping the newest BACKUP_KEEP.
 * `npm run restore -- FILE`: replaces DATABASE_URL's database with the copy, once the app is stopped.
 */
async function main() {
  const [command, file] = process.argv.slice(2);
  const config = loadConfig();
  if (command === 'backup') {
    const r = await backupUrl(config.DATABASE_URL, config.BACKUP_DIR, config.BACKUP_KEEP);
    console.log(
      `Copia escrita: ${r.file} (${(r.bytes / 1024 / 1024).toFixed(1)} MiB en ${(r.ms / 1000).toFixed(1)} s); se conservan las ${config.BACKUP_KEEP} más recientes.`,
    );
  } else if (command === 'restore' && file) {
    const r = await restoreDatabase(config.DATABASE_URL, file);
    console.log(
      `Base de datos restaurada desde ${file}.${r.replaced ? ` La anterior quedó en ${r.replaced}.` : ''} Al iniciar, la aplicación aplica las migraciones pendientes.`,
    );
  } else {
    console.error('Uso: npm run backup  |  npm run restore -- ARCHIVO');
    process.exit(2);
  }
}

main().catch((err: Error) => {
  // A bad setting or a failed copy is one Spanish line; anything else keeps its stack for the operator.
  console.error(err instanceof BackupError || err instanceof ConfigError ? err.message : err);
  process.exit(1);
});

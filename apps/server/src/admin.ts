// The operator's command: `npm run admin -- create --email X --name Y` and `npm run admin -- reset-password --email X`.
// The password comes from NEW_PASSWORD or a prompt on standard input, never from the command line.
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { emailField, text, LIMITS, MSG, type PasswordOwner } from '@egreso/domain';
import { connect, type Db } from './db/connect.js';
import { migrateToLatest } from './db/migrate.js';
import { seedReferenceData } from './db/seed.js';
import { insertAdministrator } from './db/init.js';
import type { Kysely } from 'kysely';
import type { Database } from './db/types.js';
import { audit } from './lib/audit.js';
import { newPasswordProblem } from './lib/password-policy.js';
import { hashPassword } from './lib/passwords.js';
import { nowIso } from './lib/time.js';
import { deleteOtherTokens } from './modules/accounts/index.js';

const USAGE = `Uso:
  npm run admin -- create --email CORREO --name "NOMBRE COMPLETO"
  npm run admin -- reset-password --email CORREO
La contraseña se lee de la variable NEW_PASSWORD o se pide en la terminal (nunca en la línea de órdenes).
La base de datos es la de DATABASE_URL (sqlite:./data/app.db si no se da).`;

export class OperatorError extends Error {}

const NO_PASSWORD =
  'No se recibió la contraseña: defina NEW_PASSWORD o ejecute la orden en una terminal (no se hizo ningún cambio).';

/** The same rules as any new password (DESIGN §5): length, not common, not the person's name, e-mail or number. */
function checkPassword(password: string, owner: PasswordOwner): string {
  const problem = newPasswordProblem(password, owner);
  if (problem) throw new OperatorError(`${problem}.`);
  if (password.length > 200) throw new OperatorError(MSG.tooLong(200));
  return password;
}

function parse<T>(schema: z.ZodType<T>, value: unknown, name: string): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new OperatorError(`${name}: ${parsed.error.issues[0]?.message ?? MSG.validation}`);
  return parsed.data;
}

/** Creates an administrator: the only way besides ADMIN_EMAIL on an empty database. */
export async function createAdministrator(
  db: Kysely<Database>,
  input: { email: string; name: string; password: string },
): Promise<number> {
  const email = parse(emailField, input.email, '--email');
  const fullName = parse(text(LIMITS.userName, MSG.nameRequired), input.name, '--name');
  const hash = await hashPassword(checkPassword(input.password, { full_name: fullName, email }));
  return db.transaction().execute(async (trx) => {
    if (await trx.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()) {
      throw new OperatorError(`Ya existe una cuenta con el correo ${email}.`);
    }
    const id = await insertAdministrator(trx, fullName, email, hash);
    await audit(trx, {
      userId: null,
      action: 'operator.admin.create',
      entity: 'users',
      entityId: id,
      details: { email },
    });
    return id;
  });
}

/** Sets a new password on any account (the administrator who forgot theirs) and closes its open sessions. */
export async function resetPassword(db: Kysely<Database>, input: { email: string; password: string }): Promise<void> {
  const email = parse(emailField, input.email, '--email');
  const owner = await db
    .selectFrom('users')
    .select(['full_name', 'email', 'controlnumber'])
    .where('email', '=', email)
    .executeTakeFirst();
  if (!owner) throw new OperatorError(`No existe una cuenta con el correo ${email}.`);
  const hash = await hashPassword(checkPassword(input.password, owner));
  await db.transaction().execute(async (trx) => {
    const user = await trx.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
    if (!user) throw new OperatorError(`No existe una cuenta con el correo ${email}.`);
    await trx
      .updateTable('users')
      .set({ password_hash: hash, must_change_password: 0, updated_at: nowIso() })
      .where('id', '=', user.id)
      .execute();
    await deleteOtherTokens(trx, user.id, null);
    await audit(trx, {
      userId: null,
      action: 'operator.password.reset',
      entity: 'users',
      entityId: user.id,
      details: { password: 'contraseña restablecida' },
    });
  });
}

/** Reads the password: NEW_PASSWORD, else a hidden prompt (twice) on a terminal, else the first line of stdin. */
async function readPassword(): Promise<string> {
  const fromEnv = process.env.NEW_PASSWORD;
  if (fromEnv) return fromEnv;
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, done) {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: process.stdin.isTTY === true });
  // Standard input may end before an answer (no terminal, nothing piped): that is an error, not a silent success.
  const ended = new Promise<never>((_resolve, reject) =>
    rl.once('close', () => reject(new OperatorError(NO_PASSWORD))),
  );
  ended.catch(() => undefined);
  const ask = (question: string) =>
    Promise.race([
      new Promise<string>((resolve) => {
        process.stdout.write(question);
        muted = true;
        rl.question('', (answer) => {
          muted = false;
          process.stdout.write('\n');
          resolve(answer);
        });
      }),
      ended,
    ]);
  try {
    const first = await ask('Nueva contraseña: ');
    if (!first) throw new OperatorError(NO_PASSWORD);
    if (!process.stdin.isTTY) return first;
    if ((await ask('Repite la contraseña: ')) !== first) throw new OperatorError('Las contraseñas no coinciden.');
    return first;
  } finally {
    rl.close();
  }
}

export async function runAdminCommand(argv: string[], database: Db): Promise<string> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { email: { type: 'string' }, name: { type: 'string' } },
  });
  const command = positionals[0];
  if (command !== 'create' && command !== 'reset-password') throw new OperatorError(USAGE);
  if (!values.email || (command === 'create' && !values.name)) throw new OperatorError(USAGE);
  await migrateToLatest(database);
  await seedReferenceData(database.db);
  const password = await readPassword();
  if (command === 'create') {
    await createAdministrator(database.db, { email: values.email, name: values.name!, password });
    return `Administrador ${values.email.toLowerCase()} creado.`;
  }
  await resetPassword(database.db, { email: values.email, password });
  return `Contraseña de ${values.email.toLowerCase()} restablecida; sus sesiones abiertas se cerraron.`;
}

async function main() {
  const database = connect(process.env.DATABASE_URL || 'sqlite:./data/app.db', { quiet: true });
  try {
    console.log(await runAdminCommand(process.argv.slice(2), database));
  } catch (err) {
    console.error(
      err instanceof OperatorError || (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')
        ? (err as Error).message
        : err,
    );
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) void main();

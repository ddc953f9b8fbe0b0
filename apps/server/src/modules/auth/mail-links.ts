import { createHash, randomBytes } from 'node:crypto';
import type { LinkPurpose, MailReport } from '@egreso/domain';
import { inChunks, insertInChunks } from '../../db/chunks.js';
import type { DbOrTrx } from '../../db/types.js';
import type { Mailer, MailMessage } from '../../lib/mail.js';
import { isoPlus, nowIso } from '../../lib/time.js';
import { activationMail, managerResetMail } from './mail-texts.js';

/** Hours an e-mail change waits for its confirmation (a fixed day: long enough to read the mail, short to forget). */
export const EMAIL_LINK_HOURS = 24;

/**
 * The pages a link opens. The token travels in the address's fragment: a browser never sends it to a server, so it
 * stays out of a proxy's access log and of Referer headers; the page posts it.
 */
export const LINK_PAGES = { activation: 'activar', reset: 'restablecer', email: 'confirmar-correo' } as const;

export function linkUrl(publicUrl: string, page: (typeof LINK_PAGES)[keyof typeof LINK_PAGES], token: string) {
  return `${publicUrl}/app/${page}#token=${token}`;
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** 256 random bits from the CSPRNG, URL-safe (43 characters); only its SHA-256 is stored. */
function newLinkToken(): string {
  return randomBytes(32).toString('base64url');
}

export interface IssuedLink {
  userId: number;
  token: string;
  expiresAt: string;
}

/**
 * New links of one purpose for some people (one each), in the caller's transaction: each replaces the person's
 * older links of that purpose; links already expired are swept.
 */
export async function issueLinks(
  trx: DbOrTrx,
  people: ReadonlyArray<{ userId: number; newEmail?: string }>,
  purpose: LinkPurpose,
  hours: number,
): Promise<IssuedLink[]> {
  const now = nowIso();
  const expiresAt = isoPlus(hours * 3_600_000);
  await trx.deleteFrom('mail_links').where('expires_at', '<=', now).execute();
  await inChunks(people, async (slice) => {
    await trx
      .deleteFrom('mail_links')
      .where('purpose', '=', purpose)
      .where(
        'user_id',
        'in',
        slice.map((p) => p.userId),
      )
      .execute();
    return [];
  });
  const issued = people.map((p) => ({ userId: p.userId, token: newLinkToken(), expiresAt, newEmail: p.newEmail }));
  await insertInChunks(
    trx,
    'mail_links',
    issued.map((l) => ({
      token_hash: hashOf(l.token),
      user_id: l.userId,
      purpose,
      new_email: l.newEmail ?? null,
      created_at: now,
      expires_at: expiresAt,
    })),
  );
  return issued.map(({ userId, token, expiresAt: at }) => ({ userId, token, expiresAt: at }));
}

/** A live link and its person, or null (unknown, used, replaced or expired): nothing is spent. */
export async function readLink(db: DbOrTrx, token: string) {
  const row = await db
    .selectFrom('mail_links')
    .innerJoin('users', 'users.id', 'mail_links.user_id')
    .select([
      'mail_links.user_id',
      'mail_links.purpose',
      'mail_links.new_email',
      'users.full_name',
      'users.email',
      'users.controlnumber',
    ])
    .where('mail_links.token_hash', '=', hashOf(token))
    .where('mail_links.expires_at', '>', nowIso())
    .executeTakeFirst();
  return row ? { ...row, purpose: row.purpose as LinkPurpose } : null;
}

/**
 * Spends a live link of one of `purposes` (deleted in the same statement, so two requests cannot both use it);
 * null when it is not one.
 */
export async function takeLink(trx: DbOrTrx, token: string, purposes: readonly LinkPurpose[]) {
  const row = await trx
    .deleteFrom('mail_links')
    .where('token_hash', '=', hashOf(token))
    .where('purpose', 'in', [...purposes])
    .where('expires_at', '>', nowIso())
    .returning(['user_id', 'purpose', 'new_email'])
    .executeTakeFirst();
  return row ? { ...row, purpose: row.purpose as LinkPurpose } : null;
}

/** Drops a person's links of some purposes (a password set some other way makes the pending ones pointless). */
export async function dropLinks(trx: DbOrTrx, userId: number, purposes: readonly LinkPurpose[]): Promise<void> {
  await trx
    .deleteFrom('mail_links')
    .where('user_id', '=', userId)
    .where('purpose', 'in', [...purposes])
    .execute();
}

/** The new e-mail a person's change waits to confirm, or null. */
export async function pendingEmail(db: DbOrTrx, userId: number): Promise<string | null> {
  const row = await db
    .selectFrom('mail_links')
    .select('new_email')
    .where('user_id', '=', userId)
    .where('purpose', '=', 'email')
    .where('expires_at', '>', nowIso())
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  return row?.new_email ?? null;
}

/** A message for a person; `person` names them in the manager's report when it does not go. */
export interface Outgoing {
  person: { full_name: string; email: string };
  message: MailMessage;
}

/** Sends the messages; the report counts those that went and names the people whose message did not. */
export async function deliver(mailer: Mailer, outgoing: readonly Outgoing[]): Promise<MailReport> {
  const results = await mailer.sendAll(outgoing.map((o) => o.message));
  return {
    sent: results.filter(Boolean).length,
    failed: outgoing
      .filter((_, i) => !results[i])
      .map((o) => ({ full_name: o.person.full_name, email: o.person.email })),
  };
}

/** A notice nobody waits for (a password changed): sent after the answer, a failure only logged. */
export function notify(
  mailer: Mailer | null,
  message: MailMessage | null,
  log: { warn: (o: object, m: string) => void },
) {
  if (!mailer || !message) return;
  mailer.send(message).catch((err: unknown) => log.warn({ err, to: message.to }, 'notice not sent'));
}

/**
 * Activation links for people a manager created, imported or reset, in the caller's transaction (72 h by default,
 * ACTIVATION_LINK_HOURS); their messages go out after it commits (deliver).
 */
export async function prepareActivation(
  trx: DbOrTrx,
  mailer: Mailer,
  institution: string,
  people: ReadonlyArray<{ id: number; full_name: string; email: string }>,
  kind: 'new' | 'reset',
): Promise<Outgoing[]> {
  const { publicUrl, activationHours } = mailer.config;
  const links = await issueLinks(
    trx,
    people.map((p) => ({ userId: p.id })),
    'activation',
    activationHours,
  );
  return people.map((person, i) => {
    const { token, expiresAt } = links[i]!;
    const message =
      kind === 'new'
        ? activationMail(institution, person, linkUrl(publicUrl, LINK_PAGES.activation, token), expiresAt)
        : managerResetMail(institution, person, linkUrl(publicUrl, LINK_PAGES.reset, token), expiresAt);
    return { person, message };
  });
}

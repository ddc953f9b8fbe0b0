import { createHash } from 'node:crypto';
import * as client from 'openid-client';
import type { OidcRefusal } from '@egreso/domain';
import type { OidcConfig } from '../../config.js';
import type { DbOrTrx } from '../../db/types.js';
import { isLoopbackHost } from '../../config.js';
import { isoPlus, nowIso } from '../../lib/time.js';
import { hashToken, newToken } from '../accounts/index.js';

/** The browser's cookie holding the PKCE verifier of its sign-in under way (only its hash is stored). */
export const OIDC_COOKIE = 'egreso_oidc';
export const OIDC_PATH = '/api/auth/oidc';
const SIGN_IN_MS = 10 * 60 * 1000;
const HANDOFF_MS = 60 * 1000;
/** A password nobody can type: the account signs in with the provider. */
export const NO_LOCAL_PASSWORD = '!oidc';

/** A refusal shown on the login page (its key travels in the address's fragment). */
export class OidcRefused extends Error {
  constructor(readonly reason: OidcRefusal) {
    super(reason);
  }
}

const discovered = new Map<string, Promise<client.Configuration>>();

/** The provider's metadata and keys, discovered once per process (a failed discovery is tried again next time). */
export function providerConfiguration(oidc: OidcConfig): Promise<client.Configuration> {
  const key = `${oidc.issuer}\n${oidc.clientId}`;
  let found = discovered.get(key);
  if (!found) {
    const insecure = new URL(oidc.issuer).protocol === 'http:' && isLoopbackHost(new URL(oidc.issuer).hostname);
    found = client.discovery(new URL(oidc.issuer), oidc.clientId, oidc.clientSecret, undefined, {
      execute: insecure ? [client.allowInsecureRequests] : [],
    });
    found.catch(() => discovered.delete(key));
    discovered.set(key, found);
  }
  return found;
}

/** The nonce is derived from the verifier the browser holds: nothing secret about the sign-in is stored. */
function nonceOf(verifier: string): string {
  return createHash('sha256').update(`nonce:${verifier}`).digest('base64url');
}

async function dropExpired(db: DbOrTrx, now: string) {
  await db.deleteFrom('oidc_sign_ins').where('expires_at', '<=', now).execute();
  await db.deleteFrom('oidc_handoffs').where('expires_at', '<=', now).execute();
}

/** Starts a sign-in: the provider's address to send the browser to, and the verifier for its cookie. */
export async function beginSignIn(db: DbOrTrx, oidc: OidcConfig, redirectUri: string) {
  const config = await providerConfiguration(oidc);
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  await dropExpired(db, nowIso());
  await db
    .insertInto('oidc_sign_ins')
    .values({ state_hash: hashToken(state), verifier_hash: hashToken(verifier), expires_at: isoPlus(SIGN_IN_MS) })
    .execute();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: 'openid email profile',
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce: nonceOf(verifier),
  });
  return { url: url.href, verifier, maxAgeSeconds: SIGN_IN_MS / 1000 };
}

interface OidcError {
  code?: string;
  cause?: unknown;
}

/** What openid-client's refusal means for the person signing in. */
function refusalOf(err: unknown): OidcRefusal | null {
  for (let e = err as OidcError | undefined, depth = 0; e && depth < 5; e = e.cause as OidcError, depth++) {
    const claim = (e.cause as { claim?: string } | undefined)?.claim;
    if (e.code === 'OAUTH_JWT_CLAIM_COMPARISON_FAILED' && (claim === 'aud' || claim === 'azp')) return 'audience';
    if (e.code === 'OAUTH_JWT_TIMESTAMP_CHECK_FAILED' && (claim === 'exp' || claim === 'iat')) return 'expired';
  }
  return null;
}

function emailDomain(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1);
}

export interface FinishLog {
  warn: (obj: object, msg: string) => void;
}

/**
 * Finishes a sign-in at the callback: the state is used once (its row is deleted as it is read) and must belong to
 * this browser; openid-client exchanges the code and checks the ID token (signature, issuer, audience, expiry,
 * nonce); the account is found by the provider's subject, else linked by its verified e-mail. Answers a one-time
 * code for the web app.
 */
export async function finishSignIn(
  db: DbOrTrx,
  oidc: OidcConfig,
  callbackUrl: URL,
  browserVerifier: string | undefined,
  log: FinishLog,
): Promise<string> {
  const { state, verifier } = await spendState(db, callbackUrl, browserVerifier, log);
  const claims = await providerClaims(oidc, callbackUrl, state, verifier, log);
  const userId = await accountOf(db, oidc, claims);
  return handOff(db, userId, claims.sub);
}

type Claims = client.IDToken & { email?: unknown; email_verified?: unknown; xms_edov?: unknown };

/** The callback's state, used once (its row is deleted as it is read); it must belong to this browser. */
async function spendState(db: DbOrTrx, callbackUrl: URL, browserVerifier: string | undefined, log: FinishLog) {
  const state = callbackUrl.searchParams.get('state');
  if (!state) throw new OidcRefused('state');
  const now = nowIso();
  const row = await db
    .deleteFrom('oidc_sign_ins')
    .where('state_hash', '=', hashToken(state))
    .where('expires_at', '>', now)
    .returning('verifier_hash')
    .executeTakeFirst();
  if (!row || !browserVerifier || hashToken(browserVerifier) !== row.verifier_hash) throw new OidcRefused('state');
  if (callbackUrl.searchParams.has('error')) {
    log.warn({ error: callbackUrl.searchParams.get('error')?.slice(0, 100) }, 'oidc provider refused');
    throw new OidcRefused('failed');
  }
  return { state, verifier: browserVerifier };
}

/** openid-client exchanges the code and checks the ID token: its claims, with the e-mail from userinfo if missing. */
async function providerClaims(
  oidc: OidcConfig,
  callbackUrl: URL,
  state: string,
  verifier: string,
  log: FinishLog,
): Promise<Claims> {
  const config = await providerConfiguration(oidc);
  let claims: Claims | undefined;
  try {
    const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: verifier,
      expectedState: state,
      expectedNonce: nonceOf(verifier),
      idTokenExpected: true,
    });
    claims = tokens.claims();
    // A provider that keeps the e-mail out of the ID token gives it at its userinfo endpoint.
    if (claims && claims.email === undefined) {
      const info = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
      claims = { ...claims, email: info.email, email_verified: info.email_verified, xms_edov: info.xms_edov };
    }
  } catch (err) {
    const reason = refusalOf(err);
    log.warn({ err: { message: (err as Error).message, code: (err as OidcError).code } }, 'oidc sign-in refused');
    throw new OidcRefused(reason ?? 'failed');
  }
  if (!claims?.sub) throw new OidcRefused('failed');
  return claims;
}

/** The account signing in: the one linked to the provider's subject, else the one of its verified e-mail. */
async function accountOf(db: DbOrTrx, oidc: OidcConfig, claims: Claims): Promise<number> {
  const linked = await db.selectFrom('users').select('id').where('oidc_subject', '=', claims.sub).executeTakeFirst();
  if (linked) return linked.id;
  const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
  // Microsoft Entra ID sends no email_verified: its xms_edov says the tenant owns the e-mail's domain.
  const verified = claims.email_verified === true || claims.xms_edov === true;
  if (!email || !verified) throw new OidcRefused('unverified');
  if (!oidc.allowedDomains.includes(emailDomain(email))) throw new OidcRefused('domain');
  const account = await db
    .selectFrom('users')
    .select(['id', 'oidc_subject'])
    .where('email', '=', email)
    .executeTakeFirst();
  if (!account) throw new OidcRefused('no_account');
  if (account.oidc_subject !== null) throw new OidcRefused('linked');
  return account.id;
}

/** Links the account to the subject and answers a one-time code for the web app. */
async function handOff(db: DbOrTrx, id: number, subject: string): Promise<string> {
  const code = newToken();
  await db.transaction().execute(async (trx) => {
    // Linked to the provider, the account needs no local password: one someone else set (awaiting its change) is
    // disabled instead of asked for.
    const updated = await trx
      .updateTable('users')
      .set((eb) => ({
        oidc_subject: subject,
        password_hash: eb
          .case()
          .when('must_change_password', '=', 1)
          .then(NO_LOCAL_PASSWORD)
          .else(eb.ref('password_hash'))
          .end(),
        must_change_password: 0,
      }))
      .where('id', '=', id)
      .where((eb) => eb.or([eb('oidc_subject', 'is', null), eb('oidc_subject', '=', subject)]))
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw new OidcRefused('linked');
    await trx
      .insertInto('oidc_handoffs')
      .values({ code_hash: hashToken(code), user_id: id, expires_at: isoPlus(HANDOFF_MS) })
      .execute();
  });
  return code;
}

/** The user a one-time code was issued to, once: the code is deleted as it is read. */
export async function takeHandoff(db: DbOrTrx, code: string): Promise<number | null> {
  const row = await db
    .deleteFrom('oidc_handoffs')
    .where('code_hash', '=', hashToken(code))
    .where('expires_at', '>', nowIso())
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id ?? null;
}

/** OIDC_REQUIRED=1: an account of an allowed domain signs in with the provider, the operator's excepted. */
export function passwordRefused(oidc: OidcConfig | null, adminEmail: string | null, email: string): boolean {
  if (!oidc?.required) return false;
  const lower = email.trim().toLowerCase();
  return lower !== adminEmail && oidc.allowedDomains.includes(emailDomain(lower));
}

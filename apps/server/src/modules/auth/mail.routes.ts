import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MAIL_MSG,
  forgotPasswordBody,
  linkBody,
  linkInfo,
  linkPasswordBody,
  loginResponse,
  mailInfoResponse,
  okResponse,
} from '@egreso/domain';
import { audit } from '../../lib/audit.js';
import { conflict, errorResponses, HttpError, notFound } from '../../lib/http-errors.js';
import { assertNewPassword } from '../../lib/password-policy.js';
import { hashPassword } from '../../lib/passwords.js';
import { nowIso } from '../../lib/time.js';
import {
  emailTakenByOther,
  findUserByEmail,
  setOwnPassword,
  deleteOtherTokens,
  updateUserRow,
} from '../accounts/index.js';
import { signedInUser, startSession } from './auth.service.js';
import { findAccount } from './login.repository.js';
import { LINK_PAGES, dropLinks, issueLinks, linkUrl, notify, readLink, takeLink } from './mail-links.js';
import { forgotPasswordMail, passwordChangedMail } from './mail-texts.js';
import { passwordRefused } from './oidc.js';
import type { RouteApp } from '../../lib/route-app.js';

/** 410: the link is unknown, used, replaced or expired (one message: which of them tells a stranger nothing). */
const linkGone = () => new HttpError(410, MAIL_MSG.linkInvalid);

/** The institution's mail; 404 when it has none. */
function mailer(app: RouteApp) {
  if (!app.mail) throw notFound(MAIL_MSG.mailUnavailable);
  return app.mail;
}

/**
 * Activation, reset and e-mail confirmation links (DESIGN §5, Initial credentials): public routes, each answering
 * 404 when the institution has no mail. A link is spent by the request that uses it and closes the person's sessions.
 */
export const mailRoutes: FastifyPluginAsyncZod = async (app) => {
  registerMailInfo(app);
  registerForgotPassword(app);
  registerLinkInfo(app);
  registerLinkPassword(app);
  registerLinkEmail(app);
};

function registerMailInfo(app: RouteApp): void {
  app.get(
    '/auth/mail',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Indica si la institución tiene correo (enlaces de activación y restablecimiento)',
        response: { 200: mailInfoResponse },
      },
    },
    async () => ({ enabled: app.mail !== null }),
  );
}

function registerForgotPassword(app: RouteApp): void {
  app.post(
    '/auth/forgot-password',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary:
          'Pide un enlace para restablecer la contraseña (la misma respuesta exista o no la cuenta; limitado por correo y por dirección)',
        body: forgotPasswordBody,
        response: { 200: okResponse, ...errorResponses(404, 422, 429) },
      },
    },
    async (request) => {
      const mail = mailer(app);
      const { email } = request.body;
      await app.resetThrottle.admit(email, request.ip);
      const user = await findUserByEmail(app.db, email);
      // An account that must use the institutional provider gets no password (the answer stays the same).
      if (user && !passwordRefused(app.oidc, app.adminEmail, user.email)) {
        // Written and sent after the answer, so its time tells nothing about the account either.
        const send = async () => {
          const [link] = await app.db
            .transaction()
            .execute((trx) => issueLinks(trx, [{ userId: user.id }], 'reset', mail.config.resetHours));
          const url = linkUrl(mail.config.publicUrl, LINK_PAGES.reset, link!.token);
          await mail.send(forgotPasswordMail(app.institution, user, url, link!.expiresAt));
        };
        send().catch((err: unknown) => request.log.warn({ err }, 'reset link not sent'));
      }
      return { message: MAIL_MSG.forgotSent };
    },
  );
}

function registerLinkInfo(app: RouteApp): void {
  app.post(
    '/auth/link',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Para qué es un enlace recibido por correo y de quién (no lo gasta)',
        body: linkBody,
        response: { 200: linkInfo, ...errorResponses(404, 410, 422) },
      },
    },
    async (request) => {
      mailer(app);
      const link = await readLink(app.db, request.body.token);
      if (!link) throw linkGone();
      return { purpose: link.purpose, full_name: link.full_name, email: link.email, new_email: link.new_email };
    },
  );
}

function registerLinkPassword(app: RouteApp): void {
  app.post(
    '/auth/link/password',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary:
          'Elige la contraseña con un enlace de activación o de restablecimiento: lo gasta, cierra las demás sesiones e inicia sesión',
        body: linkPasswordBody,
        response: { 200: loginResponse, ...errorResponses(404, 410, 422) },
      },
    },
    async (request) => {
      const mail = mailer(app);
      const { token, password } = request.body;
      const link = await readLink(app.db, token);
      if (!link || link.purpose === 'email') throw linkGone();
      assertNewPassword(password, link);
      const hash = await hashPassword(password);
      const userAgent = request.headers['user-agent']?.slice(0, 500) ?? null;
      const now = nowIso();
      const signedIn = await app.db.transaction().execute(async (trx) => {
        const taken = await takeLink(trx, token, ['activation', 'reset']);
        if (!taken) return null;
        await setOwnPassword(trx, taken.user_id, hash, now);
        await dropLinks(trx, taken.user_id, ['activation', 'reset']);
        // Every session of the account ends; the one this link opens is the only one.
        await deleteOtherTokens(trx, taken.user_id, null);
        await audit(trx, {
          userId: taken.user_id,
          action: taken.purpose === 'activation' ? 'password.activate' : 'password.reset_by_link',
          entity: 'users',
          entityId: taken.user_id,
        });
        const user = await findAccount(trx, taken.user_id);
        return { user, token: await startSession(trx, user.id, userAgent, request.ip, app.sessionLimits.idleMs) };
      });
      if (!signedIn) throw linkGone();
      const { user } = signedIn;
      notify(mail, passwordChangedMail(app.institution, user, now, false), request.log);
      return {
        token: signedIn.token,
        user: signedInUser(user),
        must_change_password: false,
      };
    },
  );
}

function registerLinkEmail(app: RouteApp): void {
  app.post(
    '/auth/link/email',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Confirma un correo nuevo con el enlace que recibió: el cambio se aplica y se cierran las sesiones',
        body: linkBody,
        response: { 200: okResponse, ...errorResponses(404, 409, 410, 422) },
      },
    },
    async (request) => {
      mailer(app);
      const changed = await app.db.transaction().execute(async (trx) => {
        const taken = await takeLink(trx, request.body.token, ['email']);
        if (!taken?.new_email) return null;
        // Another account may have taken the address since the change was asked for.
        if (await emailTakenByOther(trx, taken.new_email, taken.user_id)) throw conflict(MAIL_MSG.emailTakenMeanwhile);
        const before = await findAccount(trx, taken.user_id);
        await updateUserRow(trx, taken.user_id, { email: taken.new_email, updated_at: nowIso() });
        await deleteOtherTokens(trx, taken.user_id, null);
        await audit(trx, {
          userId: taken.user_id,
          action: 'email.confirm',
          entity: 'users',
          entityId: taken.user_id,
          details: { changes: { email: { before: before.email, after: taken.new_email } } },
        });
        return taken.new_email;
      });
      if (!changed) throw linkGone();
      return { message: MAIL_MSG.emailConfirmed(changed) };
    },
  );
}

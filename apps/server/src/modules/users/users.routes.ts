import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MSG,
  ROLE,
  canManageCatalogues,
  createdUser,
  idField,
  idParam,
  okResponse,
  passwordChangeBody,
  passwordReset,
  groupPasswordsBody,
  groupPasswordsReset,
  userCreateBody,
  userDetail,
  userListItem,
  userSession,
  userSessionBody,
  userUpdateAnswer,
  userUpdateBody,
  usersPage,
  MAIL_MSG,
  usersQuery,
} from '@egreso/domain';
import { actorOf, type AuthUser } from '../../plugins/auth.js';
import type { Mailer } from '../../lib/mail.js';
import { forbidden, errorResponses, fieldError } from '../../lib/http-errors.js';
import { assertNewPassword } from '../../lib/password-policy.js';
import { NO_PASSWORD_YET, hashPassword, issueOneTimePassword } from '../../lib/passwords.js';
import { nowIso } from '../../lib/time.js';
import {
  confirmCurrentPassword,
  insertSession,
  listSessions,
  EMAIL_LINK_HOURS,
  LINK_PAGES,
  deliver,
  dropLinks,
  issueLinks,
  linkUrl,
  notify,
  prepareActivation,
  emailChangeNoticeMail,
  emailConfirmMail,
  passwordChangedMail,
} from '../auth/index.js';
import { deleteOtherTokens, emailTakenByOther, findUserById } from '../accounts/index.js';
import {
  changeOwnPassword,
  createUser,
  deleteUser,
  listUsers,
  readUserDetail,
  resetGroupPasswords,
  resetPassword,
  updateUser,
} from './users.service.js';
import type { RouteApp } from '../../lib/route-app.js';

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  registerReads(app);
  registerCreate(app);
  registerResetPassword(app);
  registerGroupPasswords(app);
  registerUpdate(app);
  registerDelete(app);
  registerOwnPassword(app);
  registerSessions(app);
};

/** The users of a role, and one user. */
function registerReads(app: RouteApp): void {
  app.get(
    '/users',
    {
      onRequest: app.guard(canManageCatalogues),
      schema: {
        tags: ['users'],
        summary: 'Usuarios por rol, ordenados por nombre; con page/per_page, paginados ({data, meta})',
        querystring: usersQuery,
        response: {
          200: z.union([z.array(userListItem), usersPage]),
          ...errorResponses(401, 403, 422),
        },
      },
    },
    async (request) => listUsers(app.db, actorOf(request), request.query),
  );

  app.get(
    '/users/:id',
    {
      onRequest: app.guard(),
      schema: {
        tags: ['users'],
        summary: 'Un usuario con sus carreras y asignaciones',
        params: idParam,
        response: { 200: userDetail, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => readUserDetail(app.db, actorOf(request), request.params.id),
  );
}

function registerCreate(app: RouteApp): void {
  app.post(
    '/users',
    {
      onRequest: app.guard(canManageCatalogues),
      schema: {
        tags: ['users'],
        summary:
          'Crea un usuario con una contraseña de un solo uso aleatoria (initial_password, que solo esta respuesta trae; una password enviada se ignora); con correo configurado, sin contraseña: se le envía un enlace de activación (mail)',
        body: userCreateBody,
        response: { 201: createdUser, ...errorResponses(401, 403, 422) },
      },
    },
    async (request, reply) => {
      const mail = app.mail;
      if (mail) {
        // With mail the person chooses their password from a link; nobody else ever sees one (DESIGN §5).
        const { user, outgoing } = await app.db.transaction().execute(async (trx) => {
          const created = await createUser(trx, actorOf(request), request.body, NO_PASSWORD_YET);
          return { user: created, outgoing: await prepareActivation(trx, mail, app.institution, [created], 'new') };
        });
        return reply.code(201).send({ ...user, mail: await deliver(mail, outgoing) });
      }
      const { password, hash } = issueOneTimePassword(app.initialPasswordDays);
      const user = await app.db.transaction().execute((trx) => createUser(trx, actorOf(request), request.body, hash));
      return reply.code(201).send({ ...user, initial_password: password });
    },
  );
}

function registerResetPassword(app: RouteApp): void {
  app.post(
    '/users/:id/reset-password',
    {
      onRequest: app.guard(canManageCatalogues),
      schema: {
        tags: ['users'],
        summary:
          'Restablece la contraseña de otra persona: una nueva de un solo uso (initial_password), o con correo configurado un enlace (mail); se cierran sus sesiones',
        params: idParam,
        response: { 200: passwordReset, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => {
      const mail = app.mail;
      if (mail) {
        // The old password stops working and the owner chooses a new one from the link (also their notice).
        const outgoing = await app.db.transaction().execute(async (trx) => {
          await resetPassword(trx, actorOf(request), request.params.id, NO_PASSWORD_YET);
          const person = (await findUserById(trx, request.params.id))!;
          return prepareActivation(trx, mail, app.institution, [person], 'reset');
        });
        const report = await deliver(mail, outgoing);
        const email = outgoing[0]!.person.email;
        return { message: report.sent ? MAIL_MSG.resetSent(email) : MAIL_MSG.notSent(1), mail: report };
      }
      const { password, hash } = issueOneTimePassword(app.initialPasswordDays);
      await app.db.transaction().execute((trx) => resetPassword(trx, actorOf(request), request.params.id, hash));
      return { message: MSG.passwordReset, initial_password: password };
    },
  );
}

function registerGroupPasswords(app: RouteApp): void {
  app.post(
    '/users/reset-passwords',
    {
      onRequest: app.guard(canManageCatalogues),
      schema: {
        tags: ['users'],
        summary:
          'Restablece las contraseñas de los alumnos de un grupo (hojas de acceso): una de un solo uso por alumno, una vez',
        body: groupPasswordsBody,
        response: { 200: groupPasswordsReset, ...errorResponses(401, 403, 422) },
      },
    },
    async (request) => {
      const mail = app.mail;
      if (mail) {
        const { answer, outgoing } = await app.db.transaction().execute(async (trx) => {
          const reset = await resetGroupPasswords(trx, actorOf(request), request.body.group_id, () => ({
            password: '',
            hash: NO_PASSWORD_YET,
          }));
          const people = reset.credentials.map(({ id, full_name, email }) => ({ id, full_name, email }));
          return { answer: reset, outgoing: await prepareActivation(trx, mail, app.institution, people, 'reset') };
        });
        const report = await deliver(mail, outgoing);
        const parts = [answer.message, report.sent ? MAIL_MSG.sentMany(report.sent) : ''];
        if (report.failed.length) parts.push(MAIL_MSG.notSent(report.failed.length));
        return { ...answer, message: parts.filter(Boolean).join(' '), credentials: [], mail: report };
      }
      return app.db
        .transaction()
        .execute((trx) =>
          resetGroupPasswords(trx, actorOf(request), request.body.group_id, () =>
            issueOneTimePassword(app.initialPasswordDays),
          ),
        );
    },
  );
}

/** With mail, a new e-mail takes effect only when it is confirmed from a link sent to it; the old one is told. */
async function updateAwaitingConfirmation(
  app: RouteApp,
  mail: Mailer,
  actor: AuthUser,
  id: number,
  body: z.infer<typeof userUpdateBody>,
  log: FastifyBaseLogger,
) {
  const { updated, outgoing, notice } = await app.db.transaction().execute(async (trx) => {
    const before = await findUserById(trx, id);
    const newEmail = body.email.toLowerCase();
    const changing = before !== undefined && newEmail !== before.email.toLowerCase();
    const user = await updateUser(trx, actor, id, {
      ...body,
      email: before?.email ?? body.email,
    });
    if (!changing) return { updated: user, outgoing: null, notice: null };
    if (await emailTakenByOther(trx, newEmail, user.id)) throw fieldError('email', MSG.emailTaken);
    const [link] = await issueLinks(trx, [{ userId: user.id, newEmail }], 'email', EMAIL_LINK_HOURS);
    const url = linkUrl(mail.config.publicUrl, LINK_PAGES.email, link!.token);
    return {
      updated: user,
      outgoing: {
        person: { full_name: user.full_name, email: newEmail },
        message: emailConfirmMail(app.institution, user, newEmail, url, link!.expiresAt),
      },
      notice: emailChangeNoticeMail(app.institution, user, newEmail),
    };
  });
  if (!outgoing) return updated;
  const report = await deliver(mail, [outgoing]);
  if (report.failed.length) {
    // Not sent: no change waits for a link nobody received.
    await dropLinks(app.db, updated.id, ['email']);
    return { ...updated, pending_email: null, mail: report };
  }
  notify(mail, notice, log);
  return { ...updated, pending_email: outgoing.person.email, mail: report };
}

function registerUpdate(app: RouteApp): void {
  app.put(
    '/users/:id',
    {
      onRequest: app.guard(),
      schema: {
        tags: ['users'],
        summary: 'Actualiza un usuario (o el propio perfil; cambiar el propio correo pide current_password)',
        params: idParam,
        body: userUpdateBody,
        response: {
          200: userUpdateAnswer,
          ...errorResponses(401, 403, 404, 422, 429),
        },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      // The e-mail is the login: changing one's own asks for the current password.
      if (actor.id === request.params.id && request.body.email !== actor.email.toLowerCase()) {
        await confirmCurrentPassword(app.db, app.throttle, actor, request.ip, request.body.current_password);
      }
      const mail = app.mail;
      if (mail) return updateAwaitingConfirmation(app, mail, actor, request.params.id, request.body, request.log);
      return app.db.transaction().execute(async (trx) => {
        const before = await findUserById(trx, request.params.id);
        const updated = await updateUser(trx, actor, request.params.id, request.body);
        // The e-mail is the login: a new one closes the account's other sessions (DESIGN §5); this one survives.
        if (before && updated.email !== before.email) await deleteOtherTokens(trx, updated.id, request.tokenHash);
        return updated;
      });
    },
  );
}

function registerDelete(app: RouteApp): void {
  app.delete(
    '/users/:id',
    {
      onRequest: app.guard(canManageCatalogues),
      schema: {
        tags: ['users'],
        summary: 'Elimina un usuario sin historial (con historial: 409, se sugiere Baja)',
        params: idParam,
        response: { 200: okResponse, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request) => {
      await app.db.transaction().execute((trx) => deleteUser(trx, actorOf(request), request.params.id));
      return { message: 'Usuario eliminado.' };
    },
  );
}

function registerOwnPassword(app: RouteApp): void {
  app.post(
    '/users/:id/password',
    {
      onRequest: app.guard(),
      config: { beforePasswordChange: true },
      schema: {
        tags: ['users'],
        summary: 'Cambia la contraseña propia',
        params: idParam,
        body: passwordChangeBody,
        response: { 200: okResponse, ...errorResponses(401, 403, 422, 429) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      if (actor.id !== request.params.id) throw forbidden();
      assertNewPassword(request.body.password, actor);
      await confirmCurrentPassword(app.db, app.throttle, actor, request.ip, request.body.current_password);
      const hash = await hashPassword(request.body.password);
      await app.db.transaction().execute(async (trx) => {
        await changeOwnPassword(trx, actor, hash, request.tokenHash);
        // Links to choose a password are pointless once the owner has chosen one.
        if (app.mail) await dropLinks(trx, actor.id, ['activation', 'reset']);
      });
      notify(app.mail, app.mail ? passwordChangedMail(app.institution, actor, nowIso(), false) : null, request.log);
      return { message: MSG.passwordChanged };
    },
  );
}

/** The sign-in history, and a sign-in recorded. */
function registerSessions(app: RouteApp): void {
  app.get(
    '/usersessions',
    {
      onRequest: app.guard(),
      schema: {
        tags: ['users'],
        summary: 'Historial de inicios de sesión',
        querystring: z.object({ user_id: idField().optional() }),
        response: { 200: z.array(userSession), ...errorResponses(401, 403, 422) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const userId = request.query.user_id ?? actor.id;
      if (userId !== actor.id && actor.role !== ROLE.ADMIN) throw forbidden();
      return listSessions(app.db, userId, 100);
    },
  );

  app.post(
    '/usersessions',
    {
      onRequest: app.guard(),
      schema: {
        tags: ['users'],
        summary: 'Registra un inicio de sesión del usuario actual',
        body: userSessionBody,
        response: { 201: okResponse, ...errorResponses(401, 403, 422) },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const agent = request.body.user_agent ?? request.headers['user-agent'] ?? null;
      await insertSession(app.db, actor.id, nowIso(), agent?.slice(0, 500) ?? null, request.ip);
      return reply.code(201).send({ message: 'Sesión registrada.' });
    },
  );
}

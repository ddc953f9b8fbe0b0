import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { canManageInstitution, groupPolicy, groupPolicyBody, groupPolicySaved } from '@egreso/domain';
import { actorOf } from '../../plugins/auth.js';
import { auditRow } from '../../lib/audit.js';
import { nowIso } from '../../lib/time.js';
import { readGroupPolicy, saveGroupPolicy } from './group-policy.repository.js';
import { errorResponses } from '../../lib/http-errors.js';
import type { RouteApp } from '../../lib/route-app.js';

export const groupPolicyRoutes: FastifyPluginAsyncZod = async (app) => {
  getAdminGroupPolicyRoute(app);
  putAdminGroupPolicyRoute(app);
};

// Every signed-in user may read the policy: it explains which subjects enrolment offers.
function getAdminGroupPolicyRoute(app: RouteApp): void {
  app.get(
    '/admin/group-policy',
    {
      onRequest: app.guard(),
      schema: {
        tags: ['group-policy'],
        summary: 'Política de grupos vigente',
        response: { 200: groupPolicy, ...errorResponses(401) },
      },
    },
    async () => readGroupPolicy(app.db),
  );
}

function putAdminGroupPolicyRoute(app: RouteApp): void {
  app.put(
    '/admin/group-policy',
    {
      onRequest: app.guard(canManageInstitution),
      schema: {
        tags: ['group-policy'],
        summary: 'Guarda la política de grupos; rige desde ese momento',
        body: groupPolicyBody,
        response: { 200: groupPolicySaved, ...errorResponses(401, 403, 422) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      await app.db.transaction().execute(async (trx) => {
        await saveGroupPolicy(trx, request.body, nowIso());
        await auditRow(trx, actor.id, 'group_policy.update', 'group_policy', 1, request.body);
      });
      return { ...(await readGroupPolicy(app.db)), saved: true as const };
    },
  );
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authRoutes } from './auth/auth.routes.js';
import { usersRoutes } from './users/users.routes.js';

/** Every API module, mounted under /api. */
export const apiModules: FastifyPluginAsyncZod[] = [authRoutes, usersRoutes];

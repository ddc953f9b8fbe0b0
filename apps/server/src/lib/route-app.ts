import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The instance a module's plugin hands its route functions: each registers its route on it, schemas typed by zod. */
export type RouteApp = Parameters<FastifyPluginAsyncZod>[0];

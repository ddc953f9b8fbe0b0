import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { LIMITS } from '@egreso/domain';

/**
 * File uploads (multipart/form-data, one file of at most LIMITS.uploadBytes; over it, 413). A module that takes
 * files registers it first, in its own scope: `await app.register(uploadsPlugin)`. It is not registered for the
 * whole app because @fastify/multipart adds an onResponse hook that every request would pay for.
 */
export const uploadsPlugin = fp(async (app: FastifyInstance) => {
  await app.register(multipart, { limits: { fileSize: LIMITS.uploadBytes, files: 1 }, throwFileSizeLimit: true });
});

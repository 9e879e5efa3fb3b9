import type { FastifyInstance } from 'fastify';

/** The staff console's catalog calls (issue 8). */
export async function adminCatalogRoutes(_app: FastifyInstance): Promise<void> {}

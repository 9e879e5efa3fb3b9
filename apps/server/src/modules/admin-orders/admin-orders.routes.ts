import type { FastifyInstance } from 'fastify';

/** The staff console's orders calls (issue 8). */
export async function adminOrdersRoutes(_app: FastifyInstance): Promise<void> {}

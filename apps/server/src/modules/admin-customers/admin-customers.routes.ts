import type { FastifyInstance } from 'fastify';

/** The staff console's customers calls (issue 8). */
export async function adminCustomersRoutes(_app: FastifyInstance): Promise<void> {}

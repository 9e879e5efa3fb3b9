import type { FastifyInstance } from 'fastify';

/** The staff console's tickets calls (issue 8). */
export async function adminTicketsRoutes(_app: FastifyInstance): Promise<void> {}

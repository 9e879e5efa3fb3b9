import { NOT_SIGNED_IN_RED_DOT } from '@vitrin/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/client';
import type { AuthUser } from '../../plugins/auth';

export interface RedDot {
  title: string;
  value: number;
}

/** A module's contribution: the red dots one signed-in user should see now. */
export type RedDotSource = (db: Database, user: AuthUser) => Promise<RedDot[]>;

declare module 'fastify' {
  interface FastifyInstance {
    redDots: {
      /** Each module adds its own source at start (unread replies, unpaid orders, …). */
      addSource(source: RedDotSource): void;
      collect(user: AuthUser | null): Promise<RedDot[]>;
    };
  }
}

export default fp(
  async (app: FastifyInstance) => {
    const sources: RedDotSource[] = [];
    app.decorate('redDots', {
      addSource: (source) => {
        sources.push(source);
      },
      collect: async (user) => {
        if (!user) return [{ title: NOT_SIGNED_IN_RED_DOT, value: 1 }];
        const lists = await Promise.all(sources.map((source) => source(app.db, user)));
        return lists.flat().filter((dot) => dot.value > 0);
      },
    });
  },
  { name: 'red-dots', dependencies: ['database'] },
);

import { changePassword, getRedDotInfo, RED_DOT_PROFILE_INCOMPLETE } from '@vitrin/contracts';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../lib/register-call';
import { readOptionalUser, withUser } from '../../plugins/auth';
import * as usersService from './users.service';

/**
 * The person's own account calls that need accounts alone: red dots, the password. The profile
 * with its order and service counts is composed by the customers module (account.routes.ts).
 */
export async function usersRoutes(app: FastifyInstance) {
  // Accounts' own red dot: a profile without a name (orders and invoices need one).
  app.redDots.addSource(async (db, user) => [
    { title: RED_DOT_PROFILE_INCOMPLETE, value: (await usersService.hasName(db, user.id)) ? 0 : 1 },
  ]);

  registerCall(app, getRedDotInfo, async (_input, { request }) =>
    app.redDots.collect(await readOptionalUser(app, request)),
  );

  await withUser(app, async (scope) => {
    registerCall(
      scope,
      changePassword,
      async (passwords, { user }) => {
        await usersService.changePassword(app.db, user, passwords);
        return {};
      },
      {
        successMessage: 'رمز عبور تغییر کرد؛ نشست‌های دیگر بسته شدند',
        rateLimit: { max: 10, timeWindowMs: 60_000 },
      },
    );
  });
}

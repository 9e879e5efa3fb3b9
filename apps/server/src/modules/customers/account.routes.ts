import {
  getJwtUserInfo,
  getUserAccountInfo,
  getUserInfo,
  TOAST_SUCCESS,
  updateProfile,
} from '@vitrin/contracts';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../lib/register-call';
import { withUser } from '../../plugins/auth';
import * as accounts from '../accounts';
import { findUserInfoById, readAccountInfo } from './account.service';

/**
 * The person's own account as the panel shows it: the profile with its counts, and the credit
 * page's account info. Accounts writes the profile; this module adds what other modules count.
 */
export async function accountRoutes(app: FastifyInstance): Promise<void> {
  await withUser(app, async (scope) => {
    const userInfo = (_input: unknown, { user }: { user: { id: string } }) =>
      findUserInfoById(app.db, user.id);
    registerCall(scope, getJwtUserInfo, userInfo);
    registerCall(scope, getUserInfo, userInfo);

    registerCall(
      scope,
      updateProfile,
      async (profile, { user }) => {
        await accounts.updateProfile(app.db, user.id, profile);
        return findUserInfoById(app.db, user.id);
      },
      { successMessage: TOAST_SUCCESS },
    );

    registerCall(scope, getUserAccountInfo, (_input, { user }) => readAccountInfo(app.db, user.id));
  });
}

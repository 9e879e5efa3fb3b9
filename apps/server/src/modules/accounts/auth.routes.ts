import {
  authenticate,
  checkUser,
  getUserRefreshTokens,
  REFRESH_COOKIE,
  refreshToken,
  register,
  resetPassword,
  revokeToken,
  revokeUserRefreshToken,
  SESSION_HINT_COOKIE,
  sendSignInTemporaryCode,
  sendTempCode,
  TOAST_SUCCESS,
  verifyTemporaryCode,
} from '@vitrin/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import { registerCall } from '../../lib/register-call';
import { withUser } from '../../plugins/auth';
import { createAccountsService, type Identity } from './auth.service';
import {
  type ClientContext,
  endOwnSession,
  findOpenSessionsByUserId,
  REFRESH_TOKEN_TTL_DAYS,
  revokeByToken,
  rotateRefreshToken,
} from './sessions.service';

// The cookie only travels to the calls that use it.
const REFRESH_COOKIE_PATH = '/api/jwt';
// Per address: a handful of tries a minute is what a person needs; more is someone guessing.
const CHECK_USER_LIMIT = { max: 20, timeWindowMs: 60_000 };
const SIGN_IN_LIMIT = { max: 10, timeWindowMs: 60_000 };
const CODE_SEND_LIMIT = { max: 5, timeWindowMs: 60_000 };

function clientContext(request: FastifyRequest): ClientContext {
  return { userAgent: request.headers['user-agent'], ipAddress: request.ip };
}

export async function authRoutes(app: FastifyInstance) {
  const accounts = createAccountsService(app);
  const secure = app.config.env === 'production';

  /**
   * API.md: the web app keeps the refresh token in an HttpOnly cookie as well. Beside it, a
   * readable hint with no secret in it (decision 0024): the page asks refresh-token on start
   * only when the hint says there may be a session to restore.
   */
  function withRefreshCookie(reply: FastifyReply, identity: Identity): Identity {
    const maxAge = REFRESH_TOKEN_TTL_DAYS * 86_400;
    reply.setCookie(REFRESH_COOKIE, identity.refreshToken, {
      path: REFRESH_COOKIE_PATH,
      httpOnly: true,
      secure,
      sameSite: 'lax',
      maxAge,
    });
    reply.setCookie(SESSION_HINT_COOKIE, '1', { path: '/', secure, sameSite: 'lax', maxAge });
    return identity;
  }

  /** The session cannot be restored: both cookies go, so the next start asks nothing. */
  function clearSessionCookies(reply: FastifyReply) {
    reply.clearCookie(REFRESH_COOKIE, { path: REFRESH_COOKIE_PATH });
    reply.clearCookie(SESSION_HINT_COOKIE, { path: '/' });
  }

  registerCall(app, checkUser, ({ username }) => accounts.checkUser(username), {
    rateLimit: CHECK_USER_LIMIT,
  });

  registerCall(
    app,
    register,
    ({ mobileNumber, password }) => accounts.register(mobileNumber, password),
    { rateLimit: SIGN_IN_LIMIT },
  );

  registerCall(
    app,
    authenticate,
    async ({ username, password }, { request, reply }) =>
      withRefreshCookie(
        reply,
        await accounts.authenticate(username, password, clientContext(request)),
      ),
    { rateLimit: SIGN_IN_LIMIT },
  );

  registerCall(
    app,
    sendSignInTemporaryCode,
    ({ username }, { request }) => accounts.sendSignInCode(username, clientContext(request)),
    { rateLimit: CODE_SEND_LIMIT, successMessage: 'کد ورود پیامک شد' },
  );

  registerCall(
    app,
    sendTempCode,
    ({ username }, { request }) => accounts.sendVerificationCode(username, clientContext(request)),
    { rateLimit: CODE_SEND_LIMIT, successMessage: 'کد تأیید پیامک شد' },
  );

  registerCall(
    app,
    verifyTemporaryCode,
    async ({ input, code }, { request, reply }) =>
      withRefreshCookie(reply, await accounts.verifyCode(input, code, clientContext(request))),
    { rateLimit: SIGN_IN_LIMIT },
  );

  registerCall(
    app,
    resetPassword,
    async ({ username, code, newPassword }, { request, reply }) =>
      withRefreshCookie(
        reply,
        await accounts.resetPassword(username, code, newPassword, clientContext(request)),
      ),
    { rateLimit: SIGN_IN_LIMIT, successMessage: 'رمز عبور تازه ثبت شد' },
  );

  registerCall(app, refreshToken, async ({ token }, { request, reply }) => {
    const presented = token ?? request.cookies[REFRESH_COOKIE];
    if (!presented) {
      // A hint that outlived its refresh cookie would make every start ask in vain.
      clearSessionCookies(reply);
      throw new AppError('UNAUTHENTICATED');
    }
    const result = await rotateRefreshToken(app.db, presented, clientContext(request));
    if (result.kind === 'reused') {
      request.log.warn(
        { userId: result.userId, sessionId: result.sessionId },
        'refresh token reused: session revoked',
      );
    }
    if (result.kind !== 'rotated') {
      clearSessionCookies(reply);
      throw new AppError('UNAUTHENTICATED');
    }
    return withRefreshCookie(reply, {
      id: result.user.id,
      jwtToken: await app.accessTokens.sign(result.user, result.sessionId),
      refreshToken: result.token,
    });
  });

  registerCall(app, revokeToken, async ({ Token }, { request, reply }) => {
    const presented = Token ?? request.cookies[REFRESH_COOKIE];
    if (presented) await revokeByToken(app.db, presented);
    clearSessionCookies(reply);
    return {};
  });

  await withUser(app, async (scope) => {
    registerCall(scope, getUserRefreshTokens, async (_input, { user }) => {
      const sessions = await findOpenSessionsByUserId(app.db, user.id);
      return sessions.map((session) => ({
        id: session.id,
        device: session.userAgent ?? 'نامشخص',
        ipAddress: session.ipAddress,
        createdAt: session.createdAt.toISOString(),
        lastUsedAt: session.lastUsedAt.toISOString(),
        current: session.id === user.sessionId,
      }));
    });

    registerCall(
      scope,
      revokeUserRefreshToken,
      async ({ id }, { user }) => {
        await endOwnSession(app.db, user.id, id);
        return {};
      },
      { successMessage: TOAST_SUCCESS },
    );
  });
}

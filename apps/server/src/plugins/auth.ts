import { createSecretKey, type KeyObject } from 'node:crypto';
import {
  hasPermission,
  type StaffPermission,
  USER_ROLES,
  type UserRoleName as UserRole,
} from '@vitrin/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { decodeProtectedHeader, type JWTPayload, jwtVerify, SignJWT } from 'jose';
import { type AccessTokenKeys, acceptedKeys } from '../lib/access-token-keys';
import { AppError } from '../lib/app-error';

/** Spec §4: the web refreshes 60 s before `exp`; a short life keeps a stolen token short-lived. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const ISSUER = 'vitrin';
const AUDIENCE = 'vitrin';

/** Who made a request: the user, their role, and the sign-in (session) the token belongs to. */
export interface AuthUser {
  id: string;
  role: UserRole;
  sessionId: string;
}

/**
 * What the auth checks ask of the accounts module, handed in by app.ts so that this plugin sits
 * below the modules: whether a session is still open, and a person's role and lock right now.
 */
export interface AccountLookup {
  isSessionOpen(sessionId: string): Promise<boolean>;
  readStanding(userId: string): Promise<{ role: UserRole; lockedAt: Date | null } | null>;
}

export interface AccessTokens {
  sign(user: { id: string; role: UserRole }, sessionId: string): Promise<string>;
  /** The user of a valid, unexpired token whose session is still open; null otherwise. */
  verify(token: string): Promise<AuthUser | null>;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
  }
  interface FastifyInstance {
    accountLookup: AccountLookup;
    accessTokens: AccessTokens;
  }
}

const authenticatedScopes = new WeakSet<object>();

/** Whether routes registered on `app` run behind the signed-in check. */
export function isAuthenticatedScope(app: FastifyInstance): boolean {
  return authenticatedScopes.has(app);
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * The caller when a bearer token is sent; null when none is. A token that is sent but invalid,
 * expired or revoked is `401`, so the client refreshes instead of acting signed out.
 */
export async function readOptionalUser(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<AuthUser | null> {
  const token = bearerToken(request);
  if (!token) return null;
  const user = await app.accessTokens.verify(token);
  if (!user) throw new AppError('UNAUTHENTICATED');
  return user;
}

/**
 * Staff calls (issue 8, decision 0017): the caller must hold `permission` in the role matrix by
 * the role read now from the database rather than the token, so a demoted or locked staff member
 * loses the console at once, not when the token expires.
 */
export async function requirePermission(
  app: FastifyInstance,
  user: AuthUser | null,
  permission: StaffPermission,
): Promise<void> {
  if (!user) throw new AppError('UNAUTHENTICATED');
  const row = await app.accountLookup.readStanding(user.id);
  if (!row || row.lockedAt || !hasPermission(row.role, permission)) {
    throw new AppError('FORBIDDEN');
  }
}

/**
 * Registers routes that need a signed-in user: a child context whose hook refuses a missing or
 * bad token before anything else runs (STYLE.md: never a URL allow-list).
 */
export async function withUser(
  app: FastifyInstance,
  register: (scope: FastifyInstance) => Promise<void>,
): Promise<void> {
  await app.register(async (scope) => {
    scope.addHook('onRequest', async (request) => {
      const token = bearerToken(request);
      const user = token ? await app.accessTokens.verify(token) : null;
      if (!user) throw new AppError('UNAUTHENTICATED');
      request.user = user;
    });
    authenticatedScopes.add(scope);
    await register(scope);
  });
}

/**
 * Signs with the current key, naming it in the `kid` header; accepts a token signed by any key
 * the node knows under that id, and refuses an id it does not know.
 */
export function createAccessTokens(keys: AccessTokenKeys, accounts: AccountLookup): AccessTokens {
  // Key objects, not bytes: jose keeps the CryptoKey it derives from each, where it would import
  // raw bytes again on every verify (issue 24's profile).
  const keyOf = (secret: string) => createSecretKey(Buffer.from(secret, 'utf8'));
  const signingKey = keyOf(keys.current.secret);
  const keysById = new Map(acceptedKeys(keys).map((key) => [key.id, keyOf(key.secret)] as const));

  /** The keys that may have signed a token with this `kid`. */
  function candidateKeys(kid: unknown): KeyObject[] {
    // Tokens signed before key ids (issue 23) have none. During the rolling deploy that brings
    // ids, nodes not yet updated still sign them with JWT_SECRET; refusing them would send every
    // signed-in tab to refresh at once, and two refreshes racing log a person out (0009). Any key
    // the node accepts may be tried: whoever holds one could sign with its id anyway.
    if (kid === undefined) return [...keysById.values()];
    const key = typeof kid === 'string' ? keysById.get(kid) : undefined;
    return key ? [key] : [];
  }

  async function verifiedClaims(token: string): Promise<JWTPayload | null> {
    let kid: unknown;
    try {
      ({ kid } = decodeProtectedHeader(token));
    } catch {
      return null;
    }
    for (const key of candidateKeys(kid)) {
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          audience: AUDIENCE,
          algorithms: ['HS256'],
        });
        return payload;
      } catch {
        // Not signed by this key, or expired: the next candidate, if any.
      }
    }
    return null;
  }

  return {
    sign: (user, sessionId) =>
      new SignJWT({ role: user.role, sid: sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid: keys.current.id })
        .setSubject(user.id)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
        .sign(signingKey),
    verify: async (token) => {
      const claims = await verifiedClaims(token);
      if (!claims) return null;
      const { sub, sid, role } = claims;
      if (typeof sub !== 'string' || typeof sid !== 'string') return null;
      if (!USER_ROLES.includes(role as UserRole)) return null;
      // A signed-out or ended session stops its access tokens at once, not 15 minutes later.
      const open = await accounts.isSessionOpen(sid);
      return open ? { id: sub, role: role as UserRole, sessionId: sid } : null;
    },
  };
}

export default fp<{ accounts: AccountLookup }>(
  async (app, { accounts }) => {
    app.decorate('accountLookup', accounts);
    app.decorateRequest('user', null);
    app.decorate('accessTokens', createAccessTokens(app.config.accessTokenKeys, accounts));
  },
  { name: 'auth', dependencies: ['config', 'database'] },
);

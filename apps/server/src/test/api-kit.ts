import type { ApiError, CallPath, PathInput, PathResult } from '@vitrin/contracts';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { startSession } from '../modules/accounts/sessions.service';
import { type UserRole, users } from '../schema';

// Shared by the modules' test kits: calls through the real app as a client makes them, and
// people with real access tokens.

let addressCounter = 0;
/** Each call from an address of its own: per-address limits are tested where they are meant. */
export function freshAddress(): string {
  addressCounter += 1;
  return `10.55.${Math.floor(addressCounter / 250) % 250}.${(addressCounter % 250) + 1}`;
}

/** POSTs JSON as a client does, with the bearer token when given. */
export function send(app: FastifyInstance, path: string, body: unknown, token?: string) {
  return app.inject({
    method: 'POST',
    url: path,
    remoteAddress: freshAddress(),
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    payload: JSON.stringify(body),
  });
}

/** A call that must succeed: its `data`, typed by the contract. */
export async function ok<P extends CallPath>(
  app: FastifyInstance,
  path: P,
  body: PathInput<P>,
  token?: string,
): Promise<PathResult<P>> {
  const response = await send(app, path, body, token);
  expect(response.statusCode, `${path} ${response.body}`).toBe(200);
  return response.json().data as PathResult<P>;
}

/** A call that must be refused with `status`: the envelope's error. */
export async function refused(
  app: FastifyInstance,
  path: string,
  body: unknown,
  token: string | undefined,
  status: number,
): Promise<ApiError> {
  const response = await send(app, path, body, token);
  expect(response.statusCode, `${path} ${response.body}`).toBe(status);
  const envelope = response.json() as { ok: boolean; error: ApiError };
  expect(envelope.ok).toBe(false);
  return envelope.error;
}

export interface SignedInUser {
  id: string;
  mobile: string;
  token: string;
}

let mobileCounter = 0;

/**
 * A verified user with an open session and its access token (the same token sign-in issues).
 * Mobiles come from a range the demo data does not use.
 */
export async function createSignedInUser(
  app: FastifyInstance,
  person: {
    role?: UserRole | undefined;
    firstName: string | null;
    lastName: string | null;
  },
): Promise<SignedInUser> {
  mobileCounter += 1;
  const role = person.role ?? 'customer';
  const mobile = `+98935${String(5_000_000 + mobileCounter).padStart(7, '0')}`;
  const [user] = await app.db
    .insert(users)
    .values({
      mobile,
      firstName: person.firstName,
      lastName: person.lastName,
      role,
      mobileVerifiedAt: new Date(),
    })
    .returning({ id: users.id });
  if (!user) throw new Error('user insert returned no row');
  const session = await startSession(app.db, user.id, {
    userAgent: 'api tests',
    ipAddress: undefined,
  });
  const token = await app.accessTokens.sign({ id: user.id, role }, session.sessionId);
  return { id: user.id, mobile, token };
}

import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { ApiRequestError } from './api-error';
import { createDeviceIdentityStorage, IDENTITY_KEY } from './device-identity-storage';
import { memoryPreferences } from './device-preferences';
import { createMemoryIdentityStorage, type Identity } from './identity-storage';
import {
  createSession,
  REFRESH_RETRY_MS,
  readTokenExpiry,
  readTokenRole,
  type SessionDeps,
} from './session';

const MINUTE = 60_000;

let tokenCount = 0;
function tokenExpiringAt(expiryMs: number): string {
  tokenCount += 1;
  const claims = { sub: 'u1', jti: tokenCount, exp: Math.floor(expiryMs / 1000) };
  const payload = btoa(JSON.stringify(claims))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
  return `eyJhbGciOiJIUzI1NiJ9.${payload}.signature`;
}

function identityExpiringIn(ms: number, n = 1): Identity {
  return { id: 'u1', jwtToken: tokenExpiringAt(Date.now() + ms), refreshToken: `refresh-${n}` };
}

function harness(overrides: Partial<SessionDeps> = {}) {
  let issued = 1;
  const deps = {
    storage: createMemoryIdentityStorage(),
    refresh: vi.fn(async () => identityExpiringIn(15 * MINUTE, ++issued)),
    revoke: vi.fn(async () => {}),
    now: () => Date.now(),
    setTimer: (run: () => void, delay: number) => setTimeout(run, delay),
    clearTimer: (timer: unknown) => clearTimeout(timer as ReturnType<typeof setTimeout>),
    reloadAtRoot: vi.fn(),
    onSignedIn: vi.fn(),
    onSignedOut: vi.fn(),
    ...overrides,
  };
  return { deps, session: createSession(deps) };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-11-21T10:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('session (spec §4)', () => {
  test('the expiry is read from the token', () => {
    expect(readTokenExpiry(tokenExpiringAt(Date.parse('2026-11-21T10:15:00Z')))).toBe(
      Date.parse('2026-11-21T10:15:00Z'),
    );
    expect(readTokenExpiry('not-a-jwt')).toBeNull();
  });

  test('the role is read from the token, and nothing from a token that is none', () => {
    const claims = (value: object) => `h.${btoa(JSON.stringify(value)).replace(/=+$/, '')}.s`;
    expect(readTokenRole(claims({ sub: 'u', role: 'support', exp: 1 }))).toBe('support');
    expect(readTokenRole(claims({ sub: 'u', exp: 1 }))).toBeNull();
    expect(readTokenRole(claims({ sub: 'u', role: 7 }))).toBeNull();
    expect(readTokenRole('not-a-jwt')).toBeNull();
    expect(readTokenRole('a.!!!.b')).toBeNull();
  });

  test('token refresh is scheduled 60 s before expiry', async () => {
    const { deps, session } = harness();
    await session.signIn(identityExpiringIn(15 * MINUTE));
    await vi.advanceTimersByTimeAsync(14 * MINUTE - 1);
    expect(deps.refresh).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(deps.refresh).toHaveBeenCalledTimes(1);
    // The new token's refresh is scheduled the same way.
    await vi.advanceTimersByTimeAsync(14 * MINUTE);
    expect(deps.refresh).toHaveBeenCalledTimes(2);
  });

  test('on start the refresh cookie restores the session; without one it is signed out', async () => {
    const restored = harness();
    await restored.session.start();
    expect(restored.deps.refresh).toHaveBeenCalledWith(null);
    expect(restored.session.getState().status).toBe('signed-in');

    const refused = harness({
      refresh: vi.fn(async () => {
        throw new ApiRequestError(401, { code: 'UNAUTHENTICATED', message: 'x' });
      }),
    });
    await refused.session.start();
    expect(refused.session.getState().status).toBe('signed-out');
    expect(refused.deps.onSignedOut).toHaveBeenCalled();
  });

  test('a signed-out start without the session hint asks the server nothing', async () => {
    const visitor = harness({ hasSessionHint: () => false });
    await visitor.session.start();
    expect(visitor.deps.refresh).not.toHaveBeenCalled();
    expect(visitor.session.getState().status).toBe('signed-out');
    // A call that needs a user is refused here too, without a refresh the server would refuse.
    await expect(visitor.session.withAccessToken(async () => 'ran')).rejects.toMatchObject({
      status: 401,
    });
    expect(visitor.deps.refresh).not.toHaveBeenCalled();
  });

  test('with the session hint a reload restores the session from the cookie', async () => {
    const returning = harness({ hasSessionHint: () => true });
    await returning.session.start();
    expect(returning.deps.refresh).toHaveBeenCalledWith(null);
    expect(returning.session.getState().status).toBe('signed-in');
  });

  test('a signed-in session refreshes 60 s before expiry even if the hint is gone', async () => {
    let hint = true;
    const { deps, session } = harness({ hasSessionHint: () => hint });
    await session.signIn(identityExpiringIn(15 * MINUTE));
    hint = false;
    await vi.advanceTimersByTimeAsync(14 * MINUTE);
    expect(deps.refresh).toHaveBeenCalledTimes(1);
    expect(session.getState().status).toBe('signed-in');
  });

  test('refreshes are single-flight: callers at once share one refresh', async () => {
    const { deps, session } = harness();
    await session.signIn(identityExpiringIn(15 * MINUTE));
    const [a, b, c] = await Promise.all([session.refresh(), session.refresh(), session.refresh()]);
    expect(deps.refresh).toHaveBeenCalledTimes(1);
    expect(a).toBe(b);
    expect(b).toBe(c);
  });

  test('a 401 refreshes once and retries once with the new token', async () => {
    const { deps, session } = harness();
    await session.signIn(identityExpiringIn(15 * MINUTE));
    const seen: string[] = [];
    const result = await session.withAccessToken(async (token) => {
      seen.push(token);
      if (seen.length === 1)
        throw new ApiRequestError(401, { code: 'UNAUTHENTICATED', message: 'x' });
      return 'ok';
    });
    expect(result).toBe('ok');
    expect(deps.refresh).toHaveBeenCalledTimes(1);
    expect(seen).toHaveLength(2);
    expect(seen[0]).not.toBe(seen[1]);
  });

  test('a second 401 is not retried again', async () => {
    const { deps, session } = harness();
    await session.signIn(identityExpiringIn(15 * MINUTE));
    const unauthenticated = new ApiRequestError(401, { code: 'UNAUTHENTICATED', message: 'x' });
    await expect(
      session.withAccessToken(async () => {
        throw unauthenticated;
      }),
    ).rejects.toBe(unauthenticated);
    expect(deps.refresh).toHaveBeenCalledTimes(1);
  });

  test('a network failure while refreshing keeps the session and tries again later', async () => {
    const { deps, session } = harness({
      refresh: vi.fn(async () => {
        throw new ApiRequestError(0, { code: 'UNAVAILABLE', message: 'x' });
      }),
    });
    await session.signIn(identityExpiringIn(15 * MINUTE));
    expect(await session.refresh()).toBeNull();
    expect(session.getState().status).toBe('signed-in');
    expect(deps.onSignedOut).not.toHaveBeenCalled();
  });

  test('logout revokes the token, clears identity, and reloads at the root', async () => {
    const { deps, session } = harness();
    await session.signIn(identityExpiringIn(15 * MINUTE));
    await session.logout();
    expect(deps.revoke).toHaveBeenCalledWith(null);
    expect(session.getState().status).toBe('signed-out');
    expect(await deps.storage.load()).toBeNull();
    expect(deps.onSignedOut).toHaveBeenCalled();
    expect(deps.reloadAtRoot).toHaveBeenCalled();
    // No refresh is left scheduled for the ended session.
    await vi.advanceTimersByTimeAsync(30 * MINUTE);
    expect(deps.refresh).not.toHaveBeenCalled();
  });

  test('device storage (Android) sends the refresh token in the body', async () => {
    const stored = identityExpiringIn(15 * MINUTE, 7);
    const storage = {
      restoresFromCookie: false,
      load: async () => stored,
      save: vi.fn(async () => {}),
    };
    const { deps, session } = harness({ storage });
    await session.start();
    await session.refresh();
    expect(deps.refresh).toHaveBeenCalledWith('refresh-7');
  });

  test('a refresh the network lost is tried again after a pause, not at once', async () => {
    const refresh = vi.fn(async (): Promise<Identity> => {
      throw new ApiRequestError(0, { code: 'UNAVAILABLE', message: 'x' });
    });
    const { session } = harness({ refresh });
    // A token that expired while the device slept: its refresh is due at once.
    await session.signIn(identityExpiringIn(-MINUTE));
    await vi.advanceTimersByTimeAsync(0);
    expect(refresh).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(REFRESH_RETRY_MS - 1);
    expect(refresh).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(refresh).toHaveBeenCalledTimes(2);
    expect(session.getState().status).toBe('signed-in');
  });
});

describe('session on device storage (Android, spec §4)', () => {
  const UNAVAILABLE = new ApiRequestError(0, { code: 'UNAVAILABLE', message: 'x' });

  async function deviceHarness(stored: Identity | null, overrides: Partial<SessionDeps> = {}) {
    const preferences = memoryPreferences();
    const storage = createDeviceIdentityStorage(preferences);
    if (stored) await storage.save(stored);
    return { preferences, ...harness({ storage, ...overrides }) };
  }

  test('on start the stored refresh token is traded in the body and the new identity saved', async () => {
    const { deps, session, preferences } = await deviceHarness(identityExpiringIn(5 * MINUTE, 7));
    await session.start();
    expect(deps.refresh).toHaveBeenCalledTimes(1);
    expect(deps.refresh).toHaveBeenCalledWith('refresh-7');
    const state = session.getState();
    expect(state.status === 'signed-in' && state.identity.refreshToken).toBe('refresh-2');
    // The rotated token replaces the spent one on the device.
    expect(JSON.parse(preferences.values.get(IDENTITY_KEY) ?? '').refreshToken).toBe('refresh-2');
  });

  test('nothing stored: signed out without asking the server', async () => {
    const { deps, session } = await deviceHarness(null);
    await session.start();
    expect(deps.refresh).not.toHaveBeenCalled();
    expect(session.getState().status).toBe('signed-out');
  });

  test('a stored session the server refuses (revoked elsewhere) ends and is removed', async () => {
    const { deps, session, preferences } = await deviceHarness(identityExpiringIn(MINUTE, 7), {
      refresh: vi.fn(async () => {
        throw new ApiRequestError(401, { code: 'UNAUTHENTICATED', message: 'x' });
      }),
    });
    await session.start();
    expect(session.getState().status).toBe('signed-out');
    expect(preferences.values.has(IDENTITY_KEY)).toBe(false);
    expect(deps.onSignedOut).toHaveBeenCalled();
  });

  test('started without a network, the stored identity is kept and asked about again later', async () => {
    const stored = identityExpiringIn(-MINUTE, 7);
    let online = false;
    const refresh = vi.fn(async (token: string | null) => {
      if (!online) throw UNAVAILABLE;
      expect(token).toBe('refresh-7');
      return identityExpiringIn(15 * MINUTE, 8);
    });
    const { session, preferences } = await deviceHarness(stored, { refresh });
    await session.start();
    expect(session.getState()).toEqual({ status: 'signed-in', identity: stored });
    expect(preferences.values.has(IDENTITY_KEY)).toBe(true);
    online = true;
    await vi.advanceTimersByTimeAsync(REFRESH_RETRY_MS);
    expect(refresh).toHaveBeenCalledTimes(2);
    const state = session.getState();
    expect(state.status === 'signed-in' && state.identity.refreshToken).toBe('refresh-8');
  });

  test('logout revokes the token in the body and clears the device', async () => {
    const { deps, session, preferences } = await deviceHarness(identityExpiringIn(5 * MINUTE, 7));
    await session.start();
    await session.logout();
    expect(deps.revoke).toHaveBeenCalledWith('refresh-2');
    expect(preferences.values.has(IDENTITY_KEY)).toBe(false);
    expect(deps.reloadAtRoot).toHaveBeenCalled();
    // A restart after logout is signed out.
    const restarted = harness({ storage: createDeviceIdentityStorage(preferences) });
    await restarted.session.start();
    expect(restarted.session.getState().status).toBe('signed-out');
  });

  test('a call made while the app starts waits for the start instead of signing out', async () => {
    const stored = identityExpiringIn(5 * MINUTE, 7);
    const { deps, session } = await deviceHarness(stored);
    const starting = session.start();
    const seen: string[] = [];
    const call = session.withAccessToken(async (token) => {
      seen.push(token);
      return 'ok';
    });
    await starting;
    expect(await call).toBe('ok');
    expect(deps.refresh).toHaveBeenCalledTimes(1);
    expect(deps.onSignedOut).not.toHaveBeenCalled();
    const state = session.getState();
    expect(state.status === 'signed-in' && seen[0]).toBe(
      state.status === 'signed-in' && state.identity.jwtToken,
    );
  });
});

import { defaultErrorMessages } from '@vitrin/contracts';
import { describe, expect, test, vi } from 'vitest';
import { createLiveSocketAuth, isBadTokenError } from './live-socket-auth';

async function handshake(auth: ReturnType<typeof createLiveSocketAuth>) {
  return new Promise<{ token: string }>((resolve) => auth.provide(resolve));
}

describe('the /live handshake’s token', () => {
  test('each attempt sends the session’s token; after a refusal, one fresh token', async () => {
    const accessToken = vi.fn(async (fresh: boolean) => (fresh ? 'fresh' : 'current'));
    const auth = createLiveSocketAuth(accessToken);
    expect(await handshake(auth)).toEqual({ token: 'current' });

    auth.invalidate();
    expect(await handshake(auth)).toEqual({ token: 'fresh' });
    expect(await handshake(auth)).toEqual({ token: 'current' });
    expect(accessToken.mock.calls).toEqual([[false], [true], [false]]);
  });

  test('no token to be had: an empty one is sent and the next attempt asks for a fresh one', async () => {
    const accessToken = vi.fn(async (fresh: boolean) => {
      if (!fresh) throw new Error('offline');
      return 'fresh';
    });
    const auth = createLiveSocketAuth(accessToken);
    expect(await handshake(auth)).toEqual({ token: '' });
    expect(await handshake(auth)).toEqual({ token: 'fresh' });
  });
});

describe('a refused token', () => {
  test('is told by the UNAUTHENTICATED message or code, or an English token message', () => {
    expect(isBadTokenError(new Error(defaultErrorMessages.UNAUTHENTICATED))).toBe(true);
    expect(
      isBadTokenError(Object.assign(new Error('x'), { data: { code: 'UNAUTHENTICATED' } })),
    ).toBe(true);
    expect(isBadTokenError(new Error('invalid token'))).toBe(true);
    expect(isBadTokenError(new Error('Unauthorized'))).toBe(true);
  });

  test('is not a network failure or another refusal', () => {
    expect(isBadTokenError(new Error('websocket error'))).toBe(false);
    expect(isBadTokenError(new Error('timeout'))).toBe(false);
    expect(isBadTokenError(new Error('سرور شلوغ است'))).toBe(false);
    expect(isBadTokenError('token')).toBe(false);
    expect(isBadTokenError(null)).toBe(false);
  });
});

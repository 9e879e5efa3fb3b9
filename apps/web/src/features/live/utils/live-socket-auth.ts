import { defaultErrorMessages, type ErrorCode } from '@vitrin/contracts';

/** What the `/live` handshake carries (contracts: `auth: { token }`, the access token). */
export interface LiveHandshakeAuth {
  token: string;
}

export interface LiveSocketAuth {
  /** Socket.IO's `auth` callback: it runs before every connection attempt. */
  provide(send: (auth: LiveHandshakeAuth) => void): void;
  /** The server said the token is bad: the next attempt asks for a fresh one. */
  invalidate(): void;
}

/**
 * The handshake's token: the session's current one, or, after the server refused the last, a
 * freshly refreshed one. `accessToken(fresh)` is the session's; a failure sends an empty token,
 * which the server refuses, so the next attempt tries again with a fresh one.
 */
export function createLiveSocketAuth(
  accessToken: (fresh: boolean) => Promise<string>,
): LiveSocketAuth {
  let needsFresh = false;
  return {
    provide(send) {
      const fresh = needsFresh;
      needsFresh = false;
      accessToken(fresh).then(
        (token) => send({ token }),
        () => {
          needsFresh = true;
          send({ token: '' });
        },
      );
    },
    invalidate() {
      needsFresh = true;
    },
  };
}

const BAD_TOKEN_CODE: ErrorCode = 'UNAUTHENTICATED';

/**
 * Whether a `connect_error` is the server refusing the token. The namespace's middleware sends
 * an Error whose message is the Persian text of `UNAUTHENTICATED` (contracts errors) and, when
 * it adds `data`, the code; an English "token"/"unauthorized" message is read the same way.
 */
export function isBadTokenError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { message, data } = error as { message?: unknown; data?: unknown };
  const code =
    typeof data === 'object' && data !== null ? (data as { code?: unknown }).code : undefined;
  if (code === BAD_TOKEN_CODE) return true;
  if (typeof message !== 'string') return false;
  return (
    message === defaultErrorMessages[BAD_TOKEN_CODE] ||
    /\b(token|jwt|unauthori[sz]ed|unauthenticated)\b/i.test(message)
  );
}

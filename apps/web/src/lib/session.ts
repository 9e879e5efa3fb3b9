import { TOKEN_REFRESH_LEAD_MS } from '@vitrin/contracts';
import { ApiRequestError } from './api-error';
import type { Identity, IdentityStorage } from './identity-storage';

export type SessionState =
  | { status: 'starting' }
  | { status: 'signed-out' }
  | { status: 'signed-in'; identity: Identity };

export interface SessionDeps {
  storage: IdentityStorage;
  /** Trades a refresh token (or, with null, the cookie) for a new identity. */
  refresh(refreshToken: string | null): Promise<Identity>;
  /** Revokes the refresh token (or, with null, the cookie's). */
  revoke(refreshToken: string | null): Promise<void>;
  /**
   * The web's session hint (decision 0024): false when no cookie says a session may be there,
   * so a signed-out start and a signed-out call ask refresh-token nothing. Left out: always ask.
   */
  hasSessionHint?(): boolean;
  now(): number;
  setTimer(run: () => void, delayMs: number): unknown;
  clearTimer(timer: unknown): void;
  /** Spec §4: logout reloads at the site root. */
  reloadAtRoot(): void;
  onSignedIn?(identity: Identity): void;
  onSignedOut?(): void;
}

/** A JWT's claims, only read here: the server checks the token. */
function readTokenClaims(jwt: string): Record<string, unknown> | null {
  const payload = jwt.split('.')[1];
  if (!payload) return null;
  try {
    const json: unknown = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    return typeof json === 'object' && json !== null ? (json as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The `exp` of a JWT, in milliseconds. */
export function readTokenExpiry(jwt: string): number | null {
  const exp = readTokenClaims(jwt)?.exp;
  return typeof exp === 'number' ? exp * 1000 : null;
}

/**
 * The `role` a JWT was issued with (`customer`, `support`, `admin`): enough to offer a way to the
 * staff console. It is a hint only; the server reads the role from its database on every staff
 * call, and a refreshed token carries the new role after a change.
 */
export function readTokenRole(jwt: string): string | null {
  const role = readTokenClaims(jwt)?.role;
  return typeof role === 'string' ? role : null;
}

/** After a refresh the network lost, the next try waits at least this long (not a busy loop). */
export const REFRESH_RETRY_MS = 15_000;

/** The state before the session has started, and the state the server renders pages with. */
export const SESSION_STARTING: SessionState = { status: 'starting' };

/**
 * The session of spec §4: signed out or signed in; refresh scheduled 60 s before the expiry
 * read from the token; one refresh at a time (a second refresh racing with the same token
 * would count as reuse and end the session on the server).
 */
export function createSession(deps: SessionDeps) {
  let state: SessionState = SESSION_STARTING;
  let timer: unknown = null;
  let refreshing: Promise<Identity | null> | null = null;
  let startup: Promise<void> | null = null;
  const listeners = new Set<() => void>();

  function publish(next: SessionState) {
    state = next;
    for (const listener of listeners) listener();
  }

  function schedule(identity: Identity, atLeastMs = 0) {
    if (timer !== null) deps.clearTimer(timer);
    timer = null;
    const expiry = readTokenExpiry(identity.jwtToken);
    if (expiry === null) return;
    const delay = Math.max(atLeastMs, expiry - TOKEN_REFRESH_LEAD_MS - deps.now());
    timer = deps.setTimer(() => {
      timer = null;
      void session.refresh();
    }, delay);
  }

  async function becomeSignedIn(identity: Identity) {
    await deps.storage.save(identity);
    schedule(identity);
    publish({ status: 'signed-in', identity });
    deps.onSignedIn?.(identity);
  }

  /** The server could not be reached: the identity stays, and the refresh is tried again. */
  function keepSignedIn(identity: Identity) {
    schedule(identity, REFRESH_RETRY_MS);
    if (state.status === 'signed-in' && state.identity === identity) return;
    publish({ status: 'signed-in', identity });
    deps.onSignedIn?.(identity);
  }

  async function becomeSignedOut() {
    if (timer !== null) deps.clearTimer(timer);
    timer = null;
    await deps.storage.save(null);
    publish({ status: 'signed-out' });
    deps.onSignedOut?.();
  }

  const session = {
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /**
     * On app start: the stored identity, or the refresh cookie, or signed out. Device storage
     * (Android) outlives the session it holds (revoked from another device, expired while the
     * app was closed), so its refresh token is traded for a new identity first; without a
     * network the stored identity is kept until the server can be asked.
     */
    start(): Promise<void> {
      startup ??= (async () => {
        const stored = await deps.storage.load();
        if (stored && deps.storage.restoresFromCookie) {
          await becomeSignedIn(stored);
          return;
        }
        // Signed in, kept signed in (no network), or signed out, as the refresh decides.
        await refreshFrom(stored);
      })();
      return startup;
    },

    /** After authenticate or verify-temporary-code. */
    signIn: (identity: Identity) => becomeSignedIn(identity),

    /** Single-flight: callers during a refresh share its result. Null when it failed. */
    refresh(): Promise<Identity | null> {
      // A call made while the app starts waits for the start's answer instead of racing it.
      if (state.status === 'starting' && startup) {
        return startup.then(() => (state.status === 'signed-in' ? state.identity : null));
      }
      return refreshFrom(state.status === 'signed-in' ? state.identity : null);
    },

    /** Runs a signed-in call; after a 401 it refreshes once and tries once more. */
    async withAccessToken<T>(run: (accessToken: string) => Promise<T>): Promise<T> {
      const current = state.status === 'signed-in' ? state.identity : await session.refresh();
      if (!current)
        throw new ApiRequestError(401, {
          code: 'UNAUTHENTICATED',
          message: 'لطفا وارد حساب کاربری خود شوید',
        });
      try {
        return await run(current.jwtToken);
      } catch (error) {
        if (!(error instanceof ApiRequestError) || error.status !== 401) throw error;
        const renewed = await session.refresh();
        if (!renewed) throw error;
        return run(renewed.jwtToken);
      }
    },

    /** Spec §4: revoke the token, clear identity and red dots, then reload at the root. */
    async logout() {
      const token = state.status === 'signed-in' ? state.identity.refreshToken : null;
      try {
        await deps.revoke(deps.storage.restoresFromCookie ? null : token);
      } finally {
        await becomeSignedOut();
        deps.reloadAtRoot();
      }
    },
  };

  /**
   * Trades `current`'s refresh token (in the body, for device storage) or the cookie (the web)
   * for a new identity. Only the server saying no ends the session; a network failure keeps
   * `current` and tries again in a while.
   */
  function refreshFrom(current: Identity | null): Promise<Identity | null> {
    refreshing ??= (async () => {
      try {
        const nothingToRestore = deps.storage.restoresFromCookie
          ? deps.hasSessionHint?.() === false
          : true;
        if (!current && nothingToRestore) {
          await becomeSignedOut();
          return null;
        }
        const token = deps.storage.restoresFromCookie ? null : (current?.refreshToken ?? null);
        const identity = await deps.refresh(token);
        await becomeSignedIn(identity);
        return identity;
      } catch (error) {
        if (current && !(error instanceof ApiRequestError && error.code !== 'UNAVAILABLE')) {
          keepSignedIn(current);
        } else {
          await becomeSignedOut();
        }
        return null;
      } finally {
        refreshing = null;
      }
    })();
    return refreshing;
  }

  return session;
}

export type Session = ReturnType<typeof createSession>;

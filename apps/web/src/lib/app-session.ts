import {
  type CallPath,
  type PathInput,
  type PathResult,
  SESSION_HINT_COOKIE,
} from '@vitrin/contracts';
import { useSyncExternalStore } from 'react';
import { IS_ANDROID_BUILD } from './config';
import { createDeviceIdentityStorage } from './device-identity-storage';
import { capacitorPreferences } from './device-preferences';
import { type CallOptions, callApi, showApiErrorToast } from './http';
import { createMemoryIdentityStorage } from './identity-storage';
import { replaceRedDots, resetRedDotsToSignedOut } from './red-dots';
import { createSession, SESSION_STARTING, type SessionState } from './session';

/**
 * The app's one session. The web keeps the identity in memory and restores it from the refresh
 * cookie; the Android build (spec §4) keeps it in device storage and sends the refresh token in
 * the body, since its WebView calls the API on another origin without cookies.
 */
export const appSession = createSession({
  storage: IS_ANDROID_BUILD
    ? createDeviceIdentityStorage(capacitorPreferences())
    : createMemoryIdentityStorage(),
  refresh: (token) => callApi('/api/jwt/refresh-token', token ? { token } : {}, { silent: true }),
  revoke: async (token) => {
    await callApi('/api/jwt/revoke-token', token ? { Token: token } : {}, { silent: true });
  },
  hasSessionHint: () =>
    document.cookie.split(';').some((pair) => pair.trim().startsWith(`${SESSION_HINT_COOKIE}=`)),
  now: () => Date.now(),
  setTimer: (run, delayMs) => window.setTimeout(run, delayMs),
  clearTimer: (timer) => window.clearTimeout(timer as number),
  reloadAtRoot: () => window.location.assign('/'),
  onSignedIn: (identity) => {
    callApi('/api/app/get-red-dot-info', {}, { accessToken: identity.jwtToken, silent: true })
      .then(replaceRedDots)
      .catch(() => {
        // Red dots are a hint; the next sign-in or page load fetches them again.
      });
  },
  onSignedOut: resetRedDotsToSignedOut,
});

// The server renders a public page as the session starts: it never knows the visitor's. Hydration
// reads the same, so a session that starts meanwhile cannot change the page half-way through
// hydrating it; React renders the real state right after.
export function useSession(): SessionState {
  return useSyncExternalStore(appSession.subscribe, appSession.getState, () => SESSION_STARTING);
}

/**
 * A call as the signed-in user: the access token is added, a 401 refreshes once and retries
 * once, and only the final failure is shown to the person.
 */
export async function callAsUser<P extends CallPath>(
  path: P,
  input: PathInput<P>,
  options: Omit<CallOptions, 'accessToken'> = {},
): Promise<PathResult<P>> {
  try {
    return await appSession.withAccessToken((accessToken) =>
      callApi(path, input, { ...options, accessToken, silent: true }),
    );
  } catch (error) {
    if (!options.silent) showApiErrorToast(error);
    throw error;
  }
}

/**
 * Asks the server for the signed-in user's red dots again, after something that may clear one
 * (reading a ticket's replies). A failure is kept quiet: red dots are a hint, and the next page
 * load fetches them again.
 */
export async function refreshRedDotsAsUser(): Promise<void> {
  try {
    replaceRedDots(await callAsUser('/api/app/get-red-dot-info', {}, { silent: true }));
  } catch {
    // Nothing to tell: see above.
  }
}

import { type DevicePreferences, PREFERENCES_PREFIX } from './device-preferences';
import type { Identity, IdentityStorage } from './identity-storage';

export const IDENTITY_KEY = `${PREFERENCES_PREFIX}identity`;

function isIdentity(value: unknown): value is Identity {
  if (typeof value !== 'object' || value === null) return false;
  const { id, jwtToken, refreshToken } = value as Record<string, unknown>;
  return (
    typeof id === 'string' &&
    id !== '' &&
    typeof jwtToken === 'string' &&
    jwtToken !== '' &&
    typeof refreshToken === 'string' &&
    refreshToken !== ''
  );
}

/**
 * Spec §4 on Android: the identity (id, jwtToken, refreshToken) is kept in device storage as one
 * JSON value, so it survives the app being closed. The WebView has no cookie to restore it from.
 * A value that is not a whole identity (an older format, a half-written value) is treated as
 * signed out and removed, so it cannot fail every start after it.
 */
export function createDeviceIdentityStorage(preferences: DevicePreferences): IdentityStorage {
  return {
    restoresFromCookie: false,
    async load() {
      const { value } = await preferences.get({ key: IDENTITY_KEY });
      if (value === null) return null;
      let parsed: unknown;
      try {
        parsed = JSON.parse(value);
      } catch {
        parsed = null;
      }
      if (isIdentity(parsed)) {
        return { id: parsed.id, jwtToken: parsed.jwtToken, refreshToken: parsed.refreshToken };
      }
      await preferences.remove({ key: IDENTITY_KEY });
      return null;
    },
    async save(identity) {
      if (identity === null) {
        await preferences.remove({ key: IDENTITY_KEY });
        return;
      }
      const { id, jwtToken, refreshToken } = identity;
      await preferences.set({
        key: IDENTITY_KEY,
        value: JSON.stringify({ id, jwtToken, refreshToken }),
      });
    },
  };
}

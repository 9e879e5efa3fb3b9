/** Spec §3: what a sign-in yields. */
export interface Identity {
  id: string;
  jwtToken: string;
  refreshToken: string;
}

/**
 * Where the signed-in identity is kept. The web keeps it in memory only (never localStorage,
 * where any injected script could read it) and restores it on reload from the HttpOnly refresh
 * cookie; the Android build keeps it in device storage (spec §4) behind the same interface.
 */
export interface IdentityStorage {
  load(): Promise<Identity | null>;
  save(identity: Identity | null): Promise<void>;
  /** Whether a reload can restore the session from the refresh cookie. */
  readonly restoresFromCookie: boolean;
}

export function createMemoryIdentityStorage(): IdentityStorage {
  let current: Identity | null = null;
  return {
    restoresFromCookie: true,
    load: async () => current,
    save: async (identity) => {
      current = identity;
    },
  };
}

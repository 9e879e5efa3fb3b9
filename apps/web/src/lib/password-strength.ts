import { passwordInput } from '@vitrin/contracts';
import type {
  PasswordStrength,
  PasswordStrengthChecker,
} from '@vitrin/contracts/password-strength';
import { useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';

/** The rule said before the person types; the meter then says how their password fares. */
export const PASSWORD_POLICY_TEXT = 'دست‌کم ۸ نویسه، نه رمزی رایج یا شمارهٔ موبایل‌تان';

/** Whom the password belongs to: what an attacker would try first (the server uses the same). */
export interface PasswordOwner {
  mobile: string;
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
}

interface Loaded {
  check: PasswordStrengthChecker;
  userInputs: string[];
  weakMessage: (strength: PasswordStrength) => string;
}

// The strength module and its dictionaries (about 1.5 MB) load only when a form that sets a
// password is shown, never with the rest of the site.
function loadChecker(owner: PasswordOwner): Promise<Loaded> {
  return import('@vitrin/contracts/password-strength').then(async (module) => ({
    check: await module.loadPasswordStrength(),
    userInputs: module.passwordUserInputs(owner),
    weakMessage: module.weakPasswordMessage,
  }));
}

export interface PasswordStrengthState {
  /** The verdict on what is typed; null while empty or while the dictionaries load. */
  strength: PasswordStrength | null;
  /** Whether the dictionaries are still loading for a non-empty password. */
  measuring: boolean;
  /**
   * Why the server would refuse `password` (too short, easy to guess), in its own Persian words,
   * or null when it would be accepted. Waits for the dictionaries when they are not loaded yet.
   */
  refusal: (password: string) => Promise<string | null>;
}

/**
 * Live strength of a new password, as the server will judge it, for the forms that set one.
 * Nothing loads while `enabled` is false (a form that only sometimes sets a password).
 */
export function usePasswordStrength(
  password: string,
  owner: PasswordOwner,
  enabled = true,
): PasswordStrengthState {
  const { mobile, firstName, lastName, email } = owner;
  const loading = useMemo(
    () => (enabled ? loadChecker({ mobile, firstName, lastName, email }) : null),
    [enabled, mobile, firstName, lastName, email],
  );
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  useEffect(() => {
    if (!loading) return;
    let current = true;
    loading.then(
      (ready) => current && setLoaded(ready),
      // A chunk that failed to load: the meter stays empty and the server still checks.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [loading]);

  // Scoring takes a few milliseconds a keystroke; a deferred value keeps typing smooth.
  const typed = useDeferredValue(password);
  const strength = useMemo(
    () => (loaded && typed !== '' ? loaded.check(typed, loaded.userInputs) : null),
    [loaded, typed],
  );

  const refusal = useCallback(
    async (candidate: string) => {
      const length = passwordInput().safeParse(candidate);
      if (!length.success) return length.error.issues[0]?.message ?? null;
      // Without the dictionaries (a chunk that did not load) the server's answer will say.
      const ready = await loading?.catch(() => null);
      if (!ready) return null;
      const verdict = ready.check(candidate, ready.userInputs);
      return verdict.strong ? null : ready.weakMessage(verdict);
    },
    [loading],
  );

  return { strength, measuring: enabled && password !== '' && loaded === null, refusal };
}

// What the domains module asks of a registry (issue 38, decision 0038), whichever protocol it
// speaks: generic EPP (RFC 5730–5734), IRNIC's EPP over HTTPS, or the built-in sandbox. Names are
// always passed in their A-label form (`xn--…`), as registries take them.
//
// The drivers grow with the issue: availability first (the search), then register, renew,
// transfer, update, poll. Each operation is added here when a driver implements it for real.

export const REGISTRAR_KINDS = ['sandbox', 'epp', 'irnic'] as const;
export type RegistrarKind = (typeof REGISTRAR_KINDS)[number];

/** One name's availability as the registry answered it (RFC 5731 §3.1.1, `<domain:cd>`). */
export interface NameCheck {
  name: string;
  available: boolean;
  /** The registry's own words on why not, when it gave them (`In use`, `Reserved`). */
  reason: string | null;
}

/**
 * Why a registry call failed. `retryable` says whether the same call later may succeed (a
 * timeout, a dropped connection, a session limit) or will not until a person acts.
 */
export type RegistrarErrorKind =
  | 'unreachable'
  | 'timeout'
  | 'auth'
  | 'refused'
  | 'billing'
  | 'not-found'
  | 'protocol';

const RETRYABLE: ReadonlySet<RegistrarErrorKind> = new Set(['unreachable', 'timeout', 'protocol']);

export class RegistrarError extends Error {
  readonly retryable: boolean;

  constructor(
    readonly kind: RegistrarErrorKind,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'RegistrarError';
    this.retryable = RETRYABLE.has(kind);
  }
}

export interface RegistrarDriver {
  readonly kind: RegistrarKind;
  /**
   * Availability of each name, in the order asked, in as few round trips as the registry allows.
   * A name the registry gave no answer for is left out: the caller does not know about it.
   */
  check(names: readonly string[]): Promise<NameCheck[]>;
}

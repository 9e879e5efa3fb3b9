import type { Database } from '../../db/client';
import {
  type RegistrarDriver,
  RegistrarError,
  type RegistrarKind,
} from '../../providers/registrar/registrar-driver';
import { SandboxRegistrar } from '../../providers/registrar/sandbox-registrar';

// Which driver speaks for a registrar account (decision 0038).

export interface RegistrarDeps {
  db: Database;
}

/**
 * The driver for one account. The EPP and IRNIC drivers are not built yet: an account of those
 * kinds answers every call with a plain refusal, so nothing pretends to have asked a registry.
 */
export function registrarFor(
  account: { kind: RegistrarKind },
  deps: RegistrarDeps,
): RegistrarDriver {
  switch (account.kind) {
    case 'sandbox':
      return new SandboxRegistrar(deps.db);
    case 'epp':
    case 'irnic':
      return new UnbuiltRegistrar(account.kind);
  }
}

class UnbuiltRegistrar implements RegistrarDriver {
  constructor(readonly kind: RegistrarKind) {}

  check(): Promise<never> {
    return Promise.reject(
      new RegistrarError('refused', `the ${this.kind} registrar driver is not built yet`),
    );
  }
}

/** `promise`, or a `timeout` RegistrarError once `ms` have passed. */
export function withinRegistrarTime<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new RegistrarError('timeout', `no answer from the registry in ${ms} ms`)),
      ms,
    );
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

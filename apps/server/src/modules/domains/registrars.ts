import { z } from 'zod';
import type { Database } from '../../db/client';
import type { SecretBox } from '../../lib/secret-box';
import { EppRegistrar } from '../../providers/registrar/epp-registrar';
import { parseEppEndpoint } from '../../providers/registrar/epp-session';
import { IrnicRegistrar } from '../../providers/registrar/irnic-registrar';
import {
  type RegistrarDriver,
  RegistrarError,
  type RegistrarKind,
} from '../../providers/registrar/registrar-driver';
import { SandboxRegistrar } from '../../providers/registrar/sandbox-registrar';
import type { registrarAccounts } from './schema';

// Which driver speaks for a registrar account (decision 0038), kept per account so that an EPP
// account holds one session open between calls, as registries expect.

type RegistrarAccount = Pick<
  typeof registrarAccounts.$inferSelect,
  'id' | 'kind' | 'endpoint' | 'credentials'
>;

const pem = z
  .string()
  .max(20_000)
  .regex(/^-----BEGIN [A-Z ]+-----/);

/** What each kind keeps sealed in `registrar_accounts.credentials`. */
export const registrarCredentialSchemas = {
  sandbox: z.strictObject({}),
  epp: z.strictObject({
    clientId: z.string().min(1).max(64),
    password: z.string().min(6).max(64),
    /** The registry's CA, when its certificate is not signed by a public one. */
    ca: pem.optional(),
    /** Our client certificate and key, for registries that ask for one (RFC 5734 §9). */
    cert: pem.optional(),
    key: pem.optional(),
  }),
  irnic: z.strictObject({
    /** The reseller's API token, sent as a bearer token. */
    token: z.string().min(1).max(512),
    /** The deposit code IRNIC gave the reseller: every command's object password. */
    depositCode: z.string().regex(/^\d{16}$/),
    /** The reseller's own handle (`ab1234-irnic`): which names are ours, and the balance. */
    resellerHandle: z.string().regex(/^[a-z]{2}\d{3,6}-irnic$/),
    ca: pem.optional(),
  }),
} satisfies Record<RegistrarKind, z.ZodType>;

/** Seals a kind's credentials after checking their shape. */
export function sealRegistrarCredentials(
  secrets: SecretBox,
  kind: RegistrarKind,
  credentials: unknown,
): string {
  return secrets.seal(JSON.stringify(registrarCredentialSchemas[kind].parse(credentials)));
}

/** How long one registry exchange may take before it counts as a timeout. */
export const REGISTRAR_TIMEOUT_MS = 15_000;

export interface RegistrarDeps {
  db: Database;
  secrets: SecretBox;
  /** One registry exchange (REGISTRAR_TIMEOUT_MS unless configured). */
  timeoutMs?: number;
}

type Closable = RegistrarDriver & { close?: () => Promise<void> };

/** The drivers of the registrar accounts in use, one per account, closed with the app. */
export class RegistrarPool {
  private readonly drivers = new Map<string, { version: string; driver: Closable }>();

  /** How long one registry exchange may take; the jobs are taken for stuck after a few. */
  readonly timeoutMs: number;

  constructor(private readonly deps: RegistrarDeps) {
    this.timeoutMs = deps.timeoutMs ?? REGISTRAR_TIMEOUT_MS;
  }

  driverFor(account: RegistrarAccount): RegistrarDriver {
    const version = `${account.kind} ${account.endpoint} ${account.credentials}`;
    const held = this.drivers.get(account.id);
    if (held?.version === version) return held.driver;
    // The account was changed (a new password, another endpoint): its old session ends.
    void held?.driver.close?.();
    const driver = this.make(account);
    this.drivers.set(account.id, { version, driver });
    return driver;
  }

  async close(): Promise<void> {
    const held = [...this.drivers.values()];
    this.drivers.clear();
    await Promise.all(held.map(({ driver }) => driver.close?.()));
  }

  private make(account: RegistrarAccount): Closable {
    switch (account.kind) {
      case 'sandbox':
        return new SandboxRegistrar(this.deps.db, account.id);
      case 'epp': {
        const credentials = registrarCredentialSchemas.epp.parse(
          JSON.parse(this.deps.secrets.open(account.credentials)),
        );
        const { clientId, password, ...tlsFiles } = credentials;
        return new EppRegistrar({
          endpoint: { ...parseEppEndpoint(account.endpoint), ...tlsFiles },
          login: { clientId, password },
          timeoutMs: this.timeoutMs,
        });
      }
      case 'irnic': {
        const credentials = registrarCredentialSchemas.irnic.parse(
          JSON.parse(this.deps.secrets.open(account.credentials)),
        );
        return new IrnicRegistrar({
          endpoint: account.endpoint,
          ...credentials,
          timeoutMs: this.timeoutMs,
        });
      }
    }
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

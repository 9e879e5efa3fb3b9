import type { DomainGlueModel } from '@vitrin/contracts';

// What the domains module asks of a registry (issue 38, decision 0038), whichever protocol it
// speaks: generic EPP (RFC 5730–5734, RFC 3915), IRNIC's EPP over HTTPS, or the built-in sandbox.
// Names are always passed in their A-label form (`xn--…`), lower case, as registries take them.
//
// Every write is safe to repeat from our side: the domains module calls `info` after an
// ambiguous failure and adopts what the registry already did (a create that went through before
// the connection dropped answers 2302 the second time; `info` shows the name is ours).

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
 *
 * - `exists`: the object already exists (EPP 2302): for a create, ask `info` whether it is ours.
 * - `not-found`: the object does not exist (EPP 2303).
 * - `prohibited`: the object's status forbids the command (EPP 2304: a lock, a pending action),
 *   or its associations do (EPP 2305: a host a domain still names as a nameserver).
 * - `billing`: the reseller's balance is short (EPP 2104); staff must top it up.
 * - `refused`: any other final refusal (syntax, policy 2306, parameter range 2004 …).
 */
export type RegistrarErrorKind =
  | 'unreachable'
  | 'timeout'
  | 'auth'
  | 'refused'
  | 'billing'
  | 'exists'
  | 'not-found'
  | 'prohibited'
  | 'protocol';

const RETRYABLE: ReadonlySet<RegistrarErrorKind> = new Set(['unreachable', 'timeout', 'protocol']);

export class RegistrarError extends Error {
  readonly retryable: boolean;
  /** The registry's own result code, when it answered one (EPP's 2302, IRNIC's 2201 …). */
  readonly code: number | null;

  constructor(
    readonly kind: RegistrarErrorKind,
    message: string,
    options?: { cause?: unknown; code?: number },
  ) {
    super(message, options);
    this.name = 'RegistrarError';
    this.retryable = RETRYABLE.has(kind);
    this.code = options?.code ?? null;
  }
}

/**
 * A registrant (and the admin, tech and billing contact: we send the same person for all) with
 * the identity Iranian registries ask for. Validated before it reaches a driver.
 */
export interface ContactSpec {
  /**
   * Our stable id for this contact (≤ 16 characters, RFC 5733's `clIDType` for the id we ask
   * for): a retried create asks for the same id. IRNIC assigns its own handle instead.
   */
  clientHandle: string;
  kind: 'person' | 'company' | 'foreigner';
  /** A person's full name, or the company's representative. Latin letters for gTLDs. */
  name: string;
  organisation: string | null;
  /** کد ملی (10 digits) for a person. */
  nationalCode: string | null;
  /** شناسه ملی (11 digits) and registration number for a company. */
  companyId: string | null;
  registrationNumber: string | null;
  /** For a foreigner. */
  passportNumber: string | null;
  email: string;
  /** E.164 in EPP's form: `+98.9121234567`. */
  phone: string;
  street: string;
  city: string;
  province: string;
  postalCode: string;
  /** ISO 3166 alpha-2, `IR` for most. */
  countryCode: string;
}

/** A domain as the registry holds it (RFC 5731 §3.1.2 `<domain:infData>`). */
export interface DomainInfo {
  name: string;
  /** EPP statuses as given (`ok`, `clientTransferProhibited`, `pendingTransfer`, `serverHold` …). */
  statuses: string[];
  /** Whether the registrar account asking is the sponsor (`clID`): the name is ours to manage. */
  ours: boolean;
  registrant: string | null;
  nameservers: string[];
  createdAt: Date | null;
  expiresAt: Date | null;
  /** The transfer code, when the registry shows it to the sponsor. */
  authCode: string | null;
}

export interface RegisterRequest {
  name: string;
  years: number;
  /** The registrant's handle at this registry (from `ensureContact`). */
  registrant: string;
  /** 2–4 host names; the registry's defaults when empty and it allows. */
  nameservers: string[];
  /** The transfer code we set on the new name (gTLDs); the registry may ignore it. */
  authCode: string;
}

/**
 * What a registration or transfer came to at once. `pending`: the registry took it and will
 * decide later (EPP 1001; IRNIC's holder check; a transfer awaiting the losing side), and a poll
 * message or an `info` tells the outcome.
 */
export type RegistryOutcome =
  | { state: 'done'; info: DomainInfo }
  | { state: 'pending'; note: string | null };

/**
 * How each kind of registry keeps the glue of a domain's child nameservers
 * (`ns1.sara-blog.com`):
 * - `host-objects`: as host objects of their own (RFC 5732), created, changed and deleted by
 *   the sponsor of the domain they are under, and named by domains as nameservers;
 * - `on-nameservers`: as an address on each of the domain's nameservers (RFC 5731 §1.1's host
 *   attributes), sent with a nameserver update. IRNIC works so, one address a nameserver.
 */
export const GLUE_MODEL_OF: Readonly<Record<RegistrarKind, DomainGlueModel>> = {
  sandbox: 'host-objects',
  epp: 'host-objects',
  irnic: 'on-nameservers',
};

/** A child nameserver as the registry holds it (RFC 5732 §3.1.2 `<host:infData>`). */
export interface HostInfo {
  /** Its A-label form: `ns1.sara-blog.com`. */
  name: string;
  /** Its glue, IPv4 and IPv6, as the registry holds them. */
  addresses: string[];
  /** Whether a domain names it as a nameserver (RFC 5732 §2.3 `linked`). */
  linked: boolean;
}

/**
 * Where a saved host's glue is: at the registry, or (`on-nameservers` registries) kept by us
 * for the next nameserver update, because the domain does not name the host yet and the
 * registry keeps glue only on a domain's nameservers.
 */
export type HostSaved = 'at-registry' | 'with-next-nameservers';

/** RFC 5730 §2.9.2.3 poll: one queued message. */
export interface PollMessage {
  id: string;
  /** The domain the message is about, when it names one. */
  name: string | null;
  /** The registry's text, as given. */
  text: string;
  /**
   * What happened, read from the message's data: a transfer or a registration finished one way
   * or the other, a renewal went through, the name was deleted or its state changed.
   */
  event:
    | 'registered'
    | 'registration-refused'
    | 'transfer-completed'
    | 'transfer-refused'
    | 'transferred-away'
    | 'renewed'
    | 'renewal-refused'
    | 'deleted'
    | 'state-changed'
    | 'other';
  /** The expiry the message carries, when it carries one. */
  expiresAt: Date | null;
  at: Date;
}

export interface RegistrarDriver {
  readonly kind: RegistrarKind;
  /**
   * Availability of each name, in the order asked, in as few round trips as the registry allows.
   * A name the registry gave no answer for is left out: the caller does not know about it.
   */
  check(names: readonly string[]): Promise<NameCheck[]>;
  /** The name as the registry holds it, or null when it does not exist there (EPP 2303). */
  info(name: string): Promise<DomainInfo | null>;
  /**
   * The registry's handle for this contact, created when missing. Safe to repeat: the same
   * `clientHandle` comes back as the same handle.
   */
  ensureContact(contact: ContactSpec): Promise<string>;
  /** RFC 5731 §3.2.1 create. An `exists` error means someone (maybe we) holds it. */
  register(request: RegisterRequest): Promise<RegistryOutcome>;
  /**
   * RFC 5731 §3.2.3 renew by `years` from `currentExpiry` (the registry refuses a stale one, so
   * a repeated renewal cannot extend twice). Answers the new expiry, or null while pending.
   */
  renew(name: string, years: number, currentExpiry: Date): Promise<{ expiresAt: Date | null }>;
  /** RFC 5731 §3.2.4 transfer request with the code the holder gave. */
  /**
   * `holder`, at IRNIC only: the new holder of a holder change, which moves a name between
   * holders as a transfer moves it between resellers (with the holder's PIN, approved by them).
   */
  requestTransfer(
    name: string,
    authCode: string,
    years: number,
    holder?: string,
  ): Promise<RegistryOutcome>;
  /**
   * RFC 5731 §3.2.4 transfer op="cancel": we, the gaining registrar, withdraw our own pending
   * request. With none of ours pending the registry refuses (2301 `refused`): whether the
   * transfer finished or ended otherwise, `info` tells.
   */
  cancelTransfer(name: string): Promise<void>;
  /**
   * RFC 5731 §3.2.5 update: replaces the name's nameservers with these (2–4). `glue` holds the
   * addresses of the child nameservers among them, by host name: a registry that keeps glue on
   * the nameservers (`on-nameservers`) is sent them; one with host objects has them already.
   */
  setNameservers(
    name: string,
    nameservers: readonly string[],
    glue?: Readonly<Record<string, readonly string[]>>,
  ): Promise<void>;
  /** The child nameserver `host` of the domain `name` as the registry holds it, or null. */
  hostInfo(name: string, host: string): Promise<HostInfo | null>;
  /**
   * Creates the child nameserver `host` under the domain `name` with these addresses, or gives
   * an existing one exactly these (RFC 5732 §3.2.1 create, §3.2.5 update). Safe to repeat: a
   * create whose answer was lost is found ours and changed instead.
   */
  saveHost(name: string, host: string, addresses: readonly string[]): Promise<HostSaved>;
  /**
   * RFC 5732 §3.2.2 delete of a child nameserver of `name`. `prohibited` while a domain still
   * names it as a nameserver (2305); one already gone is done.
   */
  deleteHost(name: string, host: string): Promise<void>;
  /** Sets or clears `clientTransferProhibited` (the registrar lock). */
  setTransferLock(name: string, locked: boolean): Promise<void>;
  /** Sets a new transfer code and answers it. */
  resetAuthCode(name: string): Promise<string>;
  /** RFC 3915 §4.2 restore of a name in redemption. */
  restore(name: string): Promise<void>;
  /** RFC 5731 §3.2.2 delete. */
  delete(name: string): Promise<void>;
  /** The oldest queued message, or null when the queue is empty (EPP 1300). */
  poll(): Promise<PollMessage | null>;
  /** Removes a message once it has been applied (EPP poll op="ack"). */
  ack(id: string): Promise<void>;
  /** The reseller's balance in Rial where the registry reports one; null where it does not. */
  balance(): Promise<number | null>;
  close?(): Promise<void>;
}

/**
 * Whether a name's statuses say the registry has not decided yet: EPP's `pendingCreate`,
 * `pendingTransfer` … (RFC 5731 §2.3), or one of IRNIC's review states (its registration,
 * renewal or holder change waiting for a check or for documents).
 */
export function registryPending(statuses: readonly string[]): boolean {
  return statuses.some(
    (status) =>
      /^pending(Create|Transfer)$/.test(status) ||
      /^irnic(Registration|HolderChange)(Pending\w*|DocRequired)$/.test(status),
  );
}

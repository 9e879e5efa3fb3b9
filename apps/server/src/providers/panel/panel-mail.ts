import { createPublicKey } from 'node:crypto';
import { type PanelDriver, PanelError } from './panel-driver';

// Business e-mail on a hosting panel (issue 35 item 3): the account's own domain is its mail
// domain, and the panel keeps its mailboxes. A driver whose panel has mail implements
// PanelMail next to PanelDriver; `mailOf` tells which do.

/** A mailbox as the panel lists it; sizes in MiB, a null quota is unlimited. */
export interface Mailbox {
  /** The part before the @, lowercase. */
  localPart: string;
  quotaMb: number | null;
  usedMb: number;
}

/** The DKIM key the panel signs the domain's mail with, as DNS publishes it. */
export interface DkimKey {
  /** The selector: the record lives at `<selector>._domainkey.<domain>`. */
  selector: string;
  /** Base64 SubjectPublicKeyInfo: the record's `p=`. */
  publicKey: string;
}

export interface PanelMail {
  listMailboxes(username: string, domain: string): Promise<Mailbox[]>;
  /** `quotaMb` null: unlimited (only where the plan allows it). */
  createMailbox(
    username: string,
    domain: string,
    localPart: string,
    password: string,
    quotaMb: number | null,
  ): Promise<void>;
  setMailboxPassword(
    username: string,
    domain: string,
    localPart: string,
    password: string,
  ): Promise<void>;
  setMailboxQuota(
    username: string,
    domain: string,
    localPart: string,
    quotaMb: number | null,
  ): Promise<void>;
  deleteMailbox(username: string, domain: string, localPart: string): Promise<void>;
  /** The domain's DKIM key, or null when the panel has none (or does not tell it). */
  dkimKey(username: string, domain: string): Promise<DkimKey | null>;
}

/**
 * Why the panel refused a mailbox change, when its answer says: the mailbox is already there,
 * is not there, the quota is more than the account may give, or the password is too weak.
 */
export type MailRefusalReason = 'exists' | 'missing' | 'quota' | 'weak-password';

export class MailRefusal extends PanelError {
  constructor(
    readonly reason: MailRefusalReason,
    message: string,
  ) {
    super(reason === 'missing' ? 'not-found' : 'refused', message);
    this.name = 'MailRefusal';
  }
}

/** Reads a panel's refusal wording as one of the reasons; null when it is none of them. */
export function mailRefusalReason(text: string): MailRefusalReason | null {
  if (/already exists|exists already|is already in use/i.test(text)) return 'exists';
  if (/does not exist|no such|not found|doesn't exist/i.test(text)) return 'missing';
  if (/quota|disk space|exceeds? the (?:maximum|limit)/i.test(text)) return 'quota';
  if (/password|too weak|strength/i.test(text)) return 'weak-password';
  return null;
}

export function mailOf(driver: PanelDriver): (PanelDriver & PanelMail) | null {
  return 'listMailboxes' in driver && typeof driver.listMailboxes === 'function'
    ? (driver as PanelDriver & PanelMail)
    : null;
}

/** The base64 SubjectPublicKeyInfo of a PEM key (private or public), as DKIM publishes it. */
export function dkimPublicKeyOf(pem: string): string {
  return createPublicKey(pem).export({ type: 'spki', format: 'der' }).toString('base64');
}

/** Private keys in a text (also as JSON escapes them) become [redacted]. */
export function scrubPem(text: string): string {
  return text.replace(
    /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?-----END [A-Z ]*PRIVATE KEY-----/g,
    '[redacted]',
  );
}

import { domainToASCII } from 'node:url';
import addressparser from 'nodemailer/lib/addressparser';

/** One e-mail, already rendered (email-layout.ts) in both parts. */
export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  /**
   * Idempotency: one event's mail. It becomes the Message-ID `<messageId@domain of from>`, so a
   * resend of the same event carries the same Message-ID and is recognisable downstream.
   * Letters, digits and `. _ - + =` only (it is also part of the outbox file name).
   */
  messageId: string;
}

/** Delivers e-mail. A send that fails throws MailSendError: callers never pretend it went. */
export interface MailSender {
  readonly name: string;
  /** Resolves with the Message-ID header the mail carried, `<id@domain>`. */
  send(message: MailMessage): Promise<{ messageId: string }>;
  /** Lets go of open connections (the SMTP pool); the app calls it when it closes. */
  close(): Promise<void>;
}

/**
 * Why a send failed, for the person who reads the failed-mail queue:
 * `auth` — the server refused our credentials (fix SMTP_URL); `rejected` — the server answered
 * this message with a refusal code; `unreachable` — no answer (connection, timeout, TLS);
 * `invalid` — the message could not be sent as built; `outbox` — the local outbox is not writable.
 */
export type MailFailure = 'auth' | 'rejected' | 'unreachable' | 'invalid' | 'outbox';

export class MailSendError extends Error {
  /** True when sending the same message again would fail the same way (a 5xx reply). */
  readonly permanent: boolean;
  readonly failure: MailFailure;
  /** The SMTP reply code, when the server gave one. */
  readonly responseCode: number | null;

  constructor(
    message: string,
    details: {
      permanent: boolean;
      failure: MailFailure;
      responseCode?: number | null;
      cause?: unknown;
    },
  ) {
    super(message, { cause: details.cause });
    this.name = 'MailSendError';
    this.permanent = details.permanent;
    this.failure = details.failure;
    this.responseCode = details.responseCode ?? null;
  }
}

// RFC 5322 dot-atom text would allow more (`/`, `{`…), but the id is also part of a file name.
const MESSAGE_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._+=-]{0,199}$/;

/** The domain of the From address, in ASCII: the right-hand side of every Message-ID we make. */
export function messageIdDomain(from: string): string {
  const [first] = addressparser(from, { flatten: true });
  const address = first?.address ?? '';
  const domain = domainToASCII(address.slice(address.lastIndexOf('@') + 1));
  if (!address.includes('@') || !domain) {
    throw new Error(`mail: the From address "${from}" has no domain`);
  }
  return domain;
}

/** `<id@domain>`; an id that could not stand in the header is a programming error. */
export function messageIdHeader(id: string, domain: string): string {
  if (!MESSAGE_ID_PATTERN.test(id)) {
    throw new Error(`mail: messageId "${id}" may hold only letters, digits and . _ - + =`);
  }
  return `<${id}@${domain}>`;
}

/** The message as nodemailer takes it; both senders build the same MIME from it. */
export function nodemailerMessage(message: MailMessage, from: string, domain: string) {
  return {
    from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    messageId: messageIdHeader(message.messageId, domain),
    // RFC 3834: an automatic mail, so vacation responders do not answer it.
    headers: { 'Auto-Submitted': 'auto-generated' },
  };
}

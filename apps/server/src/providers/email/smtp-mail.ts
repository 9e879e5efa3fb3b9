import { isIP } from 'node:net';
import { createTransport } from 'nodemailer';
import type { Logger } from '../../lib/logger';
import {
  type MailMessage,
  MailSendError,
  type MailSender,
  messageIdDomain,
  nodemailerMessage,
} from './mail-sender';

const CONNECTION_TIMEOUT_MS = 10_000;
const GREETING_TIMEOUT_MS = 10_000;
/** Silence on an open connection, mid-command, before it is given up. */
const SOCKET_TIMEOUT_MS = 30_000;
/** A whole send, waiting in the pool's queue included; the job queue retries after it. */
const SEND_TIMEOUT_MS = 60_000;
const MAX_CONNECTIONS = 2;

function isLoopback(host: string): boolean {
  if (host === 'localhost') return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  return host === '::1';
}

/**
 * Transport options from `smtp://user:pass@host:port` (STARTTLS when offered) or `smtps://`
 * (TLS from the first byte). Errors name the problem, never the URL: it holds the password.
 */
export function smtpTransportOptions(url: string) {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error('SMTP_URL is not a URL (smtp://user:pass@host:port)');
  }
  const secure = parsed.protocol === 'smtps:';
  if (!secure && parsed.protocol !== 'smtp:') {
    throw new Error('SMTP_URL must start with smtp:// or smtps://');
  }
  if (!parsed.hostname) throw new Error('SMTP_URL names no host');
  const host = parsed.hostname.replace(/^\[(.*)\]$/, '$1');
  const user = decodeURIComponent(parsed.username);
  const auth = user ? { user, pass: decodeURIComponent(parsed.password) } : undefined;
  return {
    pool: true as const,
    host,
    port: parsed.port ? Number(parsed.port) : secure ? 465 : 587,
    secure,
    // The password never crosses the network in clear: to another machine over smtp://, the
    // server must offer STARTTLS. A relay on the same machine may go without.
    requireTLS: !secure && auth !== undefined && !isLoopback(host),
    auth,
    maxConnections: MAX_CONNECTIONS,
    // The pool resends a message whose connection dropped mid-send; once covers a server
    // closing an idle connection as we start, and the job queue owns any further retries.
    maxRequeues: 1,
    connectionTimeout: CONNECTION_TIMEOUT_MS,
    greetingTimeout: GREETING_TIMEOUT_MS,
    socketTimeout: SOCKET_TIMEOUT_MS,
    // nodemailer's own logging would print the SMTP dialogue, AUTH included.
    logger: false,
    debug: false,
  };
}

interface NodemailerError {
  code?: string;
  responseCode?: number;
  response?: string;
  message?: string;
}

/** Errors nodemailer raises before anything reaches the server, the same on every try. */
const LOCAL_REFUSALS = new Set(['ECONFIG', 'EENVELOPE', 'EMAXRECIPIENTS', 'EMESSAGE']);

/**
 * RFC 5321: a 5yz reply is a permanent refusal, 4yz a temporary one. 503 (bad sequence of
 * commands) is the exception nodemailer also makes: the session was in the wrong state, and the
 * same message goes through on a new connection.
 */
export function smtpFailure(error: unknown): MailSendError {
  const { code, responseCode, response, message } = (error ?? {}) as NodemailerError;
  const reply = (response ?? '').split(/\r?\n/)[0] ?? '';
  const permanentReply =
    responseCode !== undefined && responseCode >= 500 && responseCode < 600 && responseCode !== 503;
  if (code === 'EAUTH' || code === 'ENOAUTH') {
    // No reply code: the server offers no login we can do, or the URL has no password.
    const permanent = responseCode === undefined || permanentReply;
    return new MailSendError(
      `SMTP authentication failed${reply ? `: ${reply}` : `: ${message ?? code}`}`,
      { permanent, failure: 'auth', responseCode, cause: error },
    );
  }
  if (responseCode !== undefined) {
    return new MailSendError(`SMTP server refused the mail: ${reply || responseCode}`, {
      permanent: permanentReply,
      failure: 'rejected',
      responseCode,
      cause: error,
    });
  }
  if (code && LOCAL_REFUSALS.has(code)) {
    return new MailSendError(`mail not sendable: ${message ?? code}`, {
      permanent: true,
      failure: 'invalid',
      cause: error,
    });
  }
  return new MailSendError(`SMTP server unreachable: ${code ?? ''} ${message ?? ''}`.trim(), {
    permanent: false,
    failure: 'unreachable',
    cause: error,
  });
}

/** Sends through an SMTP server, over a small pool of connections kept open between mails. */
export class SmtpMailSender implements MailSender {
  readonly name = 'smtp';
  private readonly domain: string;
  private readonly transport;

  constructor(
    private readonly settings: { url: string; from: string },
    private readonly log: Logger,
  ) {
    this.domain = messageIdDomain(settings.from);
    this.transport = createTransport(smtpTransportOptions(settings.url));
  }

  async send(message: MailMessage): Promise<{ messageId: string }> {
    const mail = nodemailerMessage(message, this.settings.from, this.domain);
    try {
      await this.transport.sendMail({ ...mail, signal: AbortSignal.timeout(SEND_TIMEOUT_MS) });
    } catch (error) {
      throw smtpFailure(error);
    }
    this.log.info({ mail: { to: message.to, subject: message.subject } }, 'mail sent (smtp)');
    return { messageId: mail.messageId };
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}

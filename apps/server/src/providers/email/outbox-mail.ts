import { appendFile, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createTransport } from 'nodemailer';
import type { Logger } from '../../lib/logger';
import {
  type MailMessage,
  MailSendError,
  type MailSender,
  messageIdDomain,
  nodemailerMessage,
} from './mail-sender';

/** One line of `outbox/mail.jsonl`. */
export interface OutboxIndexEntry {
  to: string;
  subject: string;
  /** The Message-ID header, `<id@domain>`. */
  messageId: string;
  /** The .eml file, relative to the outbox folder. */
  file: string;
  at: string;
}

/** A mail kept in memory when there is no outbox folder. */
export interface SentMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  messageId: string;
  /** The whole MIME message, as SMTP would have carried it. */
  raw: string;
  at: string;
}

/**
 * The default sender: builds the real MIME message (the same bytes SMTP would carry) and writes
 * it to `outbox/mail/<time>-<id>.eml`, with one line per mail in `outbox/mail.jsonl`, where a
 * person running the demo opens it in a mail program. Without an outbox folder (tests) the mails
 * are kept in `sent`; with one they are not, since a running server would hold every raw mail.
 */
export class OutboxMailSender implements MailSender {
  readonly name = 'outbox';
  readonly sent: SentMail[] = [];
  private readonly domain: string;
  // CRLF line ends, as on the wire.
  private readonly transport = createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'windows',
  });

  constructor(
    private readonly settings: { outboxDir: string | null; from: string },
    private readonly log: Logger,
  ) {
    this.domain = messageIdDomain(settings.from);
  }

  async send(message: MailMessage): Promise<{ messageId: string }> {
    const mail = nodemailerMessage(message, this.settings.from, this.domain);
    const info = await this.transport.sendMail(mail);
    // `buffer: true` makes it a Buffer; the type also allows the stream the option turns off.
    const raw = info.message as Buffer;
    const at = new Date().toISOString();
    if (!this.settings.outboxDir) {
      const { to, subject, html, text } = message;
      this.sent.push({ to, subject, html, text, messageId: mail.messageId, raw: `${raw}`, at });
      this.logSent(message);
      return { messageId: mail.messageId };
    }
    // A file name without colons, so the outbox can be copied to any file system.
    const file = path.join('mail', `${at.replace(/[:.]/g, '-')}-${message.messageId}.eml`);
    const entry: OutboxIndexEntry = {
      to: message.to,
      subject: message.subject,
      messageId: mail.messageId,
      file: file.split(path.sep).join('/'),
      at,
    };
    try {
      await mkdir(path.join(this.settings.outboxDir, 'mail'), { recursive: true });
      await writeFile(path.join(this.settings.outboxDir, file), raw);
      await appendFile(
        path.join(this.settings.outboxDir, 'mail.jsonl'),
        `${JSON.stringify(entry)}\n`,
      );
    } catch (error) {
      throw new MailSendError('mail outbox not writable', {
        permanent: false,
        failure: 'outbox',
        cause: error,
      });
    }
    this.logSent(message);
    return { messageId: mail.messageId };
  }

  private logSent(message: MailMessage): void {
    this.log.info({ mail: { to: message.to, subject: message.subject } }, 'mail (outbox sender)');
  }

  /** Holds nothing open: files are written and closed per mail. */
  async close(): Promise<void> {}
}

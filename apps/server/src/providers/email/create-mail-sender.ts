import type { Logger } from '../../lib/logger';
import type { MailSender } from './mail-sender';
import { OutboxMailSender } from './outbox-mail';
import { SmtpMailSender } from './smtp-mail';

// Apart from mail-sender.ts (the interface both senders implement), so that neither sender
// imports the file that imports it (decision 0036: no file circle).

export type MailSettings =
  | { transport: 'outbox'; outboxDir: string | null; from: string }
  | { transport: 'smtp'; url: string; from: string };

/** The sender the settings name: the local outbox (default) or an SMTP server. */
export function createMailSender(settings: MailSettings, log: Logger): MailSender {
  return settings.transport === 'smtp'
    ? new SmtpMailSender({ url: settings.url, from: settings.from }, log)
    : new OutboxMailSender({ outboxDir: settings.outboxDir, from: settings.from }, log);
}

import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { CodeMessage, NoticeMessage, SmsSender } from './sms-sender';

export interface OutboxEntry {
  to: string;
  text: string;
  /** The one-time code; null for a notice. */
  code: string | null;
  at: string;
}

/**
 * The default sender: appends `{to, text, code, at}` as one JSON line to `outbox/sms.jsonl`, where
 * a person running the demo (or a test) reads the code, and logs that it did, with neither the
 * number nor the text (a code in the text would be a code in the log). Without an outbox folder
 * (tests on memory) the entries are kept in `sent`.
 */
export class ConsoleSmsSender implements SmsSender {
  readonly name = 'console';
  readonly sent: OutboxEntry[] = [];

  constructor(
    private readonly outboxDir: string | null,
    private readonly log: FastifyBaseLogger,
  ) {}

  sendCode(message: CodeMessage): Promise<void> {
    return this.write({ to: message.to, text: message.text, code: message.code });
  }

  sendNotice(message: NoticeMessage): Promise<void> {
    return this.write({ to: message.to, text: message.text, code: null });
  }

  private async write(message: Omit<OutboxEntry, 'at'>): Promise<void> {
    const entry: OutboxEntry = { ...message, at: new Date().toISOString() };
    this.log.info(
      { sms: { kind: entry.code === null ? 'notice' : 'code' } },
      'sms (console sender): written to the outbox',
    );
    this.sent.push(entry);
    if (this.outboxDir) {
      await mkdir(this.outboxDir, { recursive: true });
      await appendFile(path.join(this.outboxDir, 'sms.jsonl'), `${JSON.stringify(entry)}\n`);
    }
  }
}

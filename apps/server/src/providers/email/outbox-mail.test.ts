import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { expect, test } from 'vitest';
import { createMailSender } from './create-mail-sender';
import { renderEmail } from './email-layout';
import { type MailMessage, MailSendError } from './mail-sender';
import { OutboxMailSender } from './outbox-mail';

const FROM = 'ویترین <no-reply@vitrin.ir>';

function recordingLog() {
  const lines: Array<{ details: object; message?: string }> = [];
  const record = (details: object, message?: string) => lines.push({ details, message });
  return { lines, log: { info: record, warn: record, error: record } };
}

function welcomeMail(messageId: string): MailMessage {
  const { html, text } = renderEmail({
    title: 'هاست شما آماده است',
    paragraphs: ['سرویس «هاست لینوکس ۵ گیگ» شما راه‌اندازی شد.'],
    details: [{ label: 'نام کاربری', value: 'maryam_24', ltr: true }],
  });
  return {
    to: 'maryam@example.com',
    subject: 'هاست شما آماده است — ویترین',
    html,
    text,
    messageId,
  };
}

function freshOutbox(): string {
  return path.join(mkdtempSync(path.join(tmpdir(), 'vitrin-mail-')), 'outbox');
}

test('the outbox keeps the real MIME message as a .eml file a mail program opens', async () => {
  const outbox = freshOutbox();
  const { log } = recordingLog();
  const sender = new OutboxMailSender({ outboxDir: outbox, from: FROM }, log);
  const result = await sender.send(welcomeMail('welcome-service-42'));
  expect(result).toEqual({ messageId: '<welcome-service-42@vitrin.ir>' });

  const [line] = readFileSync(path.join(outbox, 'mail.jsonl'), 'utf8').trim().split('\n');
  const entry = JSON.parse(line ?? '');
  expect(entry).toMatchObject({
    to: 'maryam@example.com',
    subject: 'هاست شما آماده است — ویترین',
    messageId: '<welcome-service-42@vitrin.ir>',
  });
  expect(entry.file).toMatch(
    /^mail\/\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z-welcome-service-42\.eml$/,
  );
  expect(Date.parse(entry.at)).not.toBeNaN();

  const raw = readFileSync(path.join(outbox, entry.file));
  // On the wire every line ends in CRLF; the file holds exactly that.
  expect(raw.toString('latin1')).toMatch(/^[^\n]*\r\n/);
  expect(raw.toString('latin1')).not.toMatch(/[^\r]\n/);
  const parsed = await simpleParser(raw);
  expect(parsed.subject).toBe('هاست شما آماده است — ویترین');
  expect(parsed.messageId).toBe('<welcome-service-42@vitrin.ir>');
  expect(parsed.from?.value).toEqual([{ name: 'ویترین', address: 'no-reply@vitrin.ir' }]);
  expect(parsed.to && !Array.isArray(parsed.to) && parsed.to.value[0]?.address).toBe(
    'maryam@example.com',
  );
  expect(parsed.headers.get('auto-submitted')).toBe('auto-generated');
  expect(parsed.html).toContain('<html dir="rtl" lang="fa">');
  expect(parsed.html).toContain('سرویس «هاست لینوکس ۵ گیگ» شما راه‌اندازی شد.');
  expect(parsed.text).toContain('نام کاربری: maryam_24');
});

test('each mail adds one line to mail.jsonl, and a resend of the same event keeps its Message-ID', async () => {
  const outbox = freshOutbox();
  const { log, lines } = recordingLog();
  const sender = new OutboxMailSender({ outboxDir: outbox, from: FROM }, log);
  await sender.send(welcomeMail('suspension-warning-17-1'));
  await sender.send(welcomeMail('suspension-warning-17-1'));
  await sender.send(welcomeMail('renewed-17-2'));
  const entries = readFileSync(path.join(outbox, 'mail.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
  expect(entries.map((entry) => entry.messageId)).toEqual([
    '<suspension-warning-17-1@vitrin.ir>',
    '<suspension-warning-17-1@vitrin.ir>',
    '<renewed-17-2@vitrin.ir>',
  ]);
  // A resend is a second file, not an overwrite: the outbox shows it happened.
  expect(new Set(entries.map((entry) => entry.file)).size).toBe(3);
  for (const entry of entries) {
    const parsed = await simpleParser(readFileSync(path.join(outbox, entry.file)));
    expect(parsed.messageId).toBe(entry.messageId);
  }
  // One log line per mail, naming recipient and subject.
  expect(lines).toHaveLength(3);
  expect(lines[0]?.details).toEqual({
    mail: { to: 'maryam@example.com', subject: 'هاست شما آماده است — ویترین' },
  });
});

test('without an outbox folder the mails are kept in memory with their raw source', async () => {
  const sender = createMailSender(
    { transport: 'outbox', outboxDir: null, from: FROM },
    recordingLog().log,
  );
  expect(sender).toBeInstanceOf(OutboxMailSender);
  expect(sender.name).toBe('outbox');
  const mail = welcomeMail('terminated-9');
  await sender.send(mail);
  const [sent] = (sender as OutboxMailSender).sent;
  expect(sent).toMatchObject({
    to: mail.to,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    messageId: '<terminated-9@vitrin.ir>',
  });
  const parsed = await simpleParser(sent?.raw ?? '');
  expect(parsed.subject).toBe(mail.subject);
  expect(parsed.messageId).toBe('<terminated-9@vitrin.ir>');
  expect(parsed.html).toBe(mail.html);
});

test('an id that could not stand in a Message-ID or a file name is refused before anything is written', async () => {
  const outbox = freshOutbox();
  const sender = new OutboxMailSender({ outboxDir: outbox, from: FROM }, recordingLog().log);
  for (const id of ['../../etc/passwd', 'a b', 'x@y', '<x>', '', 'شناسه']) {
    await expect(sender.send(welcomeMail(id))).rejects.toThrow(/messageId/);
  }
  expect(() => readFileSync(path.join(outbox, 'mail.jsonl'))).toThrow(/ENOENT/);
});

test('a From address without a domain is a configuration error at start', () => {
  expect(
    () => new OutboxMailSender({ outboxDir: null, from: 'ویترین' }, recordingLog().log),
  ).toThrow(/no domain/);
});

test('an outbox that cannot be written is a temporary failure, never a silent success', async () => {
  const parent = mkdtempSync(path.join(tmpdir(), 'vitrin-mail-'));
  const notAFolder = path.join(parent, 'outbox');
  writeFileSync(notAFolder, 'a file where the folder should be');
  const sender = new OutboxMailSender({ outboxDir: notAFolder, from: FROM }, recordingLog().log);
  const failure = await sender.send(welcomeMail('setup-failed-3')).catch((error) => error);
  expect(failure).toBeInstanceOf(MailSendError);
  expect(failure).toMatchObject({ permanent: false, failure: 'outbox' });
});

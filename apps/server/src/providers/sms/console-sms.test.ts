import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { expect, test } from 'vitest';
import { ConsoleSmsSender } from './console-sms';

test('the console sender appends {to, text, code, at} as one JSON line to outbox/sms.jsonl', async () => {
  const outbox = path.join(mkdtempSync(path.join(tmpdir(), 'vitrin-sms-')), 'outbox');
  const sender = new ConsoleSmsSender(outbox, Fastify({ logger: false }).log);
  await sender.sendCode({
    to: '+989121234567',
    code: '482913',
    text: 'کد ورود شما به ویترین: 482913',
  });
  await sender.sendCode({
    to: '+989351234567',
    code: '105533',
    text: 'کد تأیید شما در ویترین: 105533',
  });
  const lines = readFileSync(path.join(outbox, 'sms.jsonl'), 'utf8').trim().split('\n');
  expect(lines).toHaveLength(2);
  const first = JSON.parse(lines[0] ?? '');
  expect(first).toMatchObject({
    to: '+989121234567',
    code: '482913',
    text: 'کد ورود شما به ویترین: 482913',
  });
  expect(Date.parse(first.at)).not.toBeNaN();
});

test('a notice is written the same way, with no code', async () => {
  const outbox = path.join(mkdtempSync(path.join(tmpdir(), 'vitrin-sms-')), 'outbox');
  const sender = new ConsoleSmsSender(outbox, Fastify({ logger: false }).log);
  const text = 'سرویس «هاست لینوکس ۵ گیگ» شما ۲۰ مرداد ۱۴۰۵ به پایان می‌رسد.';
  await sender.sendNotice({ to: '+989121234567', text });
  const [line] = readFileSync(path.join(outbox, 'sms.jsonl'), 'utf8').trim().split('\n');
  expect(JSON.parse(line ?? '')).toMatchObject({ to: '+989121234567', text, code: null });
  expect(sender.sent).toEqual([expect.objectContaining({ to: '+989121234567', text, code: null })]);
});

test('without an outbox folder the sender keeps what it sent in memory only', async () => {
  const sender = new ConsoleSmsSender(null, Fastify({ logger: false }).log);
  await sender.sendNotice({ to: '+989351234567', text: 'پیام آزمون' });
  expect(sender.sent.map(({ to, text, code }) => ({ to, text, code }))).toEqual([
    { to: '+989351234567', text: 'پیام آزمون', code: null },
  ]);
});

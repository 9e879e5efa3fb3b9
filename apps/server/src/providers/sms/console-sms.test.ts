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

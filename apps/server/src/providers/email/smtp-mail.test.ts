import { once } from 'node:events';
import { type AddressInfo, createServer } from 'node:net';
import { inspect } from 'node:util';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { createMailSender } from './create-mail-sender';
import { renderEmail } from './email-layout';
import { type MailMessage, MailSendError } from './mail-sender';
import { SmtpMailSender, smtpFailure, smtpTransportOptions } from './smtp-mail';

const USER = 'vitrin-mailer';
// Characters a URL must percent-encode, to prove the sender decodes them.
const PASSWORD = 'p@ss:w/rd#۱';
const FROM = 'ویترین <no-reply@vitrin.ir>';

/** What the test server answers next; each test sets it before it sends. */
let refuse: { at: 'connect' | 'rcpt'; code: number; text: string } | null = null;
let received: Buffer[] = [];
let connections = 0;
let closedConnections = 0;
let server: SMTPServer;
let port: number;

function smtpError(code: number, text: string): Error {
  return Object.assign(new Error(text), { responseCode: code });
}

beforeAll(async () => {
  server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authOptional: false,
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    onConnect(_session, callback) {
      connections += 1;
      callback(refuse?.at === 'connect' ? smtpError(refuse.code, refuse.text) : null);
    },
    onAuth(auth, _session, callback) {
      if (auth.username === USER && auth.password === PASSWORD) {
        callback(null, { user: USER });
      } else {
        callback(smtpError(535, 'Authentication credentials invalid'));
      }
    },
    onRcptTo(_address, _session, callback) {
      callback(refuse?.at === 'rcpt' ? smtpError(refuse.code, refuse.text) : null);
    },
    async onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      received.push(Buffer.concat(chunks));
      callback();
    },
    onClose() {
      closedConnections += 1;
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  port = (server.server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const senders: SmtpMailSender[] = [];
afterEach(async () => {
  await Promise.all(senders.splice(0).map((sender) => sender.close()));
  refuse = null;
  received = [];
});

function recordingLog() {
  const lines: unknown[] = [];
  const record = (details: object, message?: string) => lines.push({ details, message });
  return { lines, log: { info: record, warn: record, error: record } };
}

function smtpSender(
  url = `smtp://${encodeURIComponent(USER)}:${encodeURIComponent(PASSWORD)}@127.0.0.1:${port}`,
  log = recordingLog().log,
): SmtpMailSender {
  const sender = new SmtpMailSender({ url, from: FROM }, log);
  senders.push(sender);
  return sender;
}

const subject = 'هشدار تعلیق سرویس «هاست لینوکس ۵ گیگ» — ویترین';

function warningMail(messageId: string, to = 'maryam@example.com'): MailMessage {
  const { html, text } = renderEmail({
    title: 'سرویس شما به‌زودی معلق می‌شود',
    paragraphs: ['سرویس شما ۲۰ مرداد ۱۴۰۵ به پایان می‌رسد.'],
    details: [{ label: 'دامنه', value: 'maryam-shop.ir', ltr: true }],
    action: { label: 'تمدید سرویس', url: 'https://vitrin.ir/account/services/17' },
  });
  return { to, subject, html, text, messageId };
}

async function failureOf(promise: Promise<unknown>): Promise<MailSendError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(MailSendError);
  return error as MailSendError;
}

describe('SMTP sender against a real SMTP listener', () => {
  test('a Persian mail arrives with its subject, addresses, Message-ID and both parts', async () => {
    const { log, lines } = recordingLog();
    const sender = smtpSender(undefined, log);
    const result = await sender.send(warningMail('suspension-warning-17-1'));
    expect(result).toEqual({ messageId: '<suspension-warning-17-1@vitrin.ir>' });
    expect(received).toHaveLength(1);
    const raw = received[0] ?? Buffer.from('');
    // The header itself is RFC 2047 encoded ASCII; decoded, it is the Persian subject.
    expect(raw.toString('latin1')).toMatch(/^Subject: =\?UTF-8\?[BQ]\?/m);
    const parsed = await simpleParser(raw);
    expect(parsed.subject).toBe(subject);
    expect(parsed.from?.value).toEqual([{ name: 'ویترین', address: 'no-reply@vitrin.ir' }]);
    expect(parsed.to && !Array.isArray(parsed.to) && parsed.to.value[0]?.address).toBe(
      'maryam@example.com',
    );
    expect(parsed.messageId).toBe('<suspension-warning-17-1@vitrin.ir>');
    expect(parsed.headers.get('auto-submitted')).toBe('auto-generated');
    expect(parsed.html).toContain('<html dir="rtl" lang="fa">');
    expect(parsed.html).toContain('سرویس شما ۲۰ مرداد ۱۴۰۵ به پایان می‌رسد.');
    expect(parsed.text).toContain('سرویس شما ۲۰ مرداد ۱۴۰۵ به پایان می‌رسد.');
    expect(parsed.text).toContain('https://vitrin.ir/account/services/17');
    expect(lines).toEqual([
      { details: { mail: { to: 'maryam@example.com', subject } }, message: 'mail sent (smtp)' },
    ]);
  });

  test('mails share one pooled connection, and close() lets it go', async () => {
    const before = { opened: connections, closed: closedConnections };
    const sender = smtpSender();
    await sender.send(warningMail('renewed-17-1'));
    await sender.send(warningMail('renewed-17-2'));
    await sender.send(warningMail('renewed-17-3'));
    expect(received).toHaveLength(3);
    expect(connections - before.opened).toBe(1);
    await sender.close();
    await expect.poll(() => closedConnections - before.closed).toBe(1);
  });

  test('a 550 for the recipient is a permanent failure', async () => {
    refuse = { at: 'rcpt', code: 550, text: '5.1.1 No such user here' };
    const failure = await failureOf(smtpSender().send(warningMail('welcome-5', 'nobody@x.ir')));
    expect(failure).toMatchObject({ permanent: true, failure: 'rejected', responseCode: 550 });
    expect(failure.message).toContain('No such user here');
    expect(received).toHaveLength(0);
  });

  test('a 452 (mailbox full for now) is a temporary failure', async () => {
    refuse = { at: 'rcpt', code: 452, text: '4.2.2 Mailbox full, try later' };
    const failure = await failureOf(smtpSender().send(warningMail('welcome-6')));
    expect(failure).toMatchObject({ permanent: false, failure: 'rejected', responseCode: 452 });
  });

  test('a server that greets with 421 (busy) is a temporary failure', async () => {
    refuse = { at: 'connect', code: 421, text: '4.3.2 Too busy, try later' };
    const failure = await failureOf(smtpSender().send(warningMail('welcome-7')));
    expect(failure).toMatchObject({ permanent: false, failure: 'rejected', responseCode: 421 });
    expect(failure.message).toContain('Too busy');
  });

  test('a port nothing listens on is a temporary failure', async () => {
    const probe = createServer().listen(0, '127.0.0.1');
    await once(probe, 'listening');
    const closedPort = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const failure = await failureOf(
      smtpSender(`smtp://${USER}:x@127.0.0.1:${closedPort}`).send(warningMail('welcome-8')),
    );
    expect(failure).toMatchObject({ permanent: false, failure: 'unreachable', responseCode: null });
  });

  test('a wrong password is a permanent authentication failure, and the password is never shown', async () => {
    const { log, lines } = recordingLog();
    const wrong = 'wrong-pass-۲۲';
    const url = `smtp://${USER}:${encodeURIComponent(wrong)}@127.0.0.1:${port}`;
    const sender = createMailSender({ transport: 'smtp', url, from: FROM }, log);
    senders.push(sender as SmtpMailSender);
    expect(sender.name).toBe('smtp');
    const failure = await failureOf(sender.send(warningMail('welcome-9')));
    expect(failure).toMatchObject({ permanent: true, failure: 'auth', responseCode: 535 });
    expect(failure.message).toMatch(/^SMTP authentication failed/);
    expect(received).toHaveLength(0);
    // Nothing a caller would log, the cause included, carries the password.
    const shown = `${inspect(failure, { depth: 10 })} ${JSON.stringify(lines)}`;
    expect(shown).not.toContain(wrong);
    expect(shown).not.toContain(encodeURIComponent(wrong));
    expect(shown).not.toContain(Buffer.from(`\0${USER}\0${wrong}`).toString('base64'));
  });
});

test('503 (bad command sequence) and a 454 at login may pass on a new connection; a local refusal never', () => {
  expect(
    smtpFailure({ code: 'EENVELOPE', responseCode: 503, response: '503 5.5.1 Error' }),
  ).toMatchObject({ permanent: false, failure: 'rejected' });
  expect(
    smtpFailure({ code: 'EAUTH', responseCode: 454, response: '454 4.7.0 Temporary failure' }),
  ).toMatchObject({ permanent: false, failure: 'auth' });
  expect(smtpFailure({ code: 'ENOAUTH', message: 'Missing credentials' })).toMatchObject({
    permanent: true,
    failure: 'auth',
  });
  expect(smtpFailure({ code: 'EENVELOPE', message: 'No recipients defined' })).toMatchObject({
    permanent: true,
    failure: 'invalid',
  });
  expect(smtpFailure({ code: 'ETIMEDOUT', message: 'Greeting never received' })).toMatchObject({
    permanent: false,
    failure: 'unreachable',
  });
});

describe('SMTP URL', () => {
  test('smtp:// and smtps:// give host, port, TLS mode and the decoded credentials', () => {
    expect(
      smtpTransportOptions('smtp://mailer%40vitrin.ir:p%40ss%3Aw%2Frd@mail.vitrin.ir:2525'),
    ).toMatchObject({
      pool: true,
      host: 'mail.vitrin.ir',
      port: 2525,
      secure: false,
      auth: { user: 'mailer@vitrin.ir', pass: 'p@ss:w/rd' },
      logger: false,
    });
    expect(smtpTransportOptions('smtps://u:p@mail.vitrin.ir')).toMatchObject({
      port: 465,
      secure: true,
      requireTLS: false,
    });
    expect(smtpTransportOptions('smtp://relay.local')).toMatchObject({
      port: 587,
      auth: undefined,
      requireTLS: false,
    });
  });

  test('a password goes to another machine only over TLS; a relay on this machine may go without', () => {
    expect(smtpTransportOptions('smtp://u:p@mail.vitrin.ir:587').requireTLS).toBe(true);
    expect(smtpTransportOptions('smtp://u:p@10.0.0.5:25').requireTLS).toBe(true);
    expect(smtpTransportOptions('smtp://u:p@127.0.0.1:1025').requireTLS).toBe(false);
    expect(smtpTransportOptions('smtp://u:p@localhost:1025').requireTLS).toBe(false);
    expect(smtpTransportOptions('smtp://u:p@[::1]:1025')).toMatchObject({
      host: '::1',
      requireTLS: false,
    });
  });

  test('every connection step has a timeout', () => {
    const options = smtpTransportOptions('smtp://mail.vitrin.ir');
    for (const timeout of [
      options.connectionTimeout,
      options.greetingTimeout,
      options.socketTimeout,
    ]) {
      expect(timeout).toBeGreaterThan(0);
      expect(timeout).toBeLessThanOrEqual(60_000);
    }
  });

  test('a URL that is not smtp(s) is refused without repeating it', () => {
    expect(() => smtpTransportOptions('http://u:secret-pw@mail.vitrin.ir')).toThrow(
      /smtp:\/\/ or smtps:\/\//,
    );
    expect(() => smtpTransportOptions('not a url secret-pw')).toThrow(/not a URL/);
    for (const url of ['http://u:secret-pw@mail.vitrin.ir', 'not a url secret-pw']) {
      expect(() => smtpTransportOptions(url)).not.toThrow(/secret-pw/);
    }
  });
});

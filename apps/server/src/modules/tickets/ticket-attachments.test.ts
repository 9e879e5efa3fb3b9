import { createHash, randomUUID } from 'node:crypto';
import {
  CSRF_COOKIE,
  CSRF_HEADER,
  errorEnvelope,
  REFRESH_COOKIE,
  TICKET_ATTACHMENT_MAX_BYTES,
  TICKET_ATTACHMENT_PATH,
  TICKET_UPLOAD_PATH,
} from '@vitrin/contracts';
import { count, eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { FileNotFoundError } from '../../lib/file-store';
import { ticketMessageFiles, ticketMessages, uploads } from '../../schema';
import { freshAddress, ok, refused, send } from '../../test/api-kit';
import {
  ATTACHMENT_FILE_NAME_MAX_LENGTH,
  cleanFileName,
  contentDisposition,
  LOOSE_UPLOADS_PER_USER,
} from '../files/uploads.service';
import { replyAsStaff } from './tickets.service';
import {
  createPerson,
  download,
  NEW_TICKET,
  openTicket,
  pngOfSize,
  postForm,
  SAMPLE_FILES,
  SAMPLE_TYPES,
  setupTicketsTest,
  upload,
  uploaded,
} from './tickets-test-kit';

const t = setupTicketsTest();

const HOUR_MS = 3_600_000;
const SANDBOX_CSP = "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'";
const UNSUPPORTED = 'فقط تصویر (JPG، PNG، WebP، GIF) یا فایل PDF پذیرفته می‌شود';
const TOO_LARGE = 'حجم هر پیوست حداکثر ۵ مگابایت است';

async function attachmentRows() {
  const [row] = await t.app.db.select({ total: count() }).from(uploads);
  return row?.total ?? 0;
}

async function storageKeyOf(attachmentId: string): Promise<string> {
  const [row] = await t.app.db
    .select({ storageKey: uploads.storageKey })
    .from(uploads)
    .where(eq(uploads.id, attachmentId));
  if (!row) throw new Error(`no attachment ${attachmentId}`);
  return row.storageKey;
}

describe('uploading', () => {
  test.each(Object.entries(SAMPLE_TYPES))(
    'a %s is taken, typed from its bytes, and its bytes and SHA-256 kept',
    async (kind, type) => {
      const owner = await createPerson(t.app);
      const bytes = SAMPLE_FILES[kind as keyof typeof SAMPLE_TYPES];
      const attachment = await uploaded(t.app, owner, {
        name: `file.${kind === 'jpeg' ? 'jpg' : kind}`,
        bytes,
      });
      expect(attachment).toEqual({
        id: expect.any(String),
        fileName: `file.${kind === 'jpeg' ? 'jpg' : kind}`,
        contentType: type,
        sizeBytes: bytes.length,
      });
      const [row] = await t.app.db.select().from(uploads).where(eq(uploads.id, attachment.id));
      expect(row).toMatchObject({
        uploadedBy: owner.id,
        keptAt: null,
        sha256: createHash('sha256').update(bytes).digest('hex'),
      });
      expect(await t.app.files.read(row?.storageKey ?? '')).toEqual(bytes);
    },
  );

  test('the declared type and name do not count: a PDF named .png is stored as a PDF', async () => {
    const owner = await createPerson(t.app);
    const attachment = await uploaded(t.app, owner, {
      name: 'تصویر.png',
      bytes: SAMPLE_FILES.pdf,
      contentType: 'image/png',
    });
    expect(attachment).toMatchObject({ contentType: 'application/pdf', fileName: 'تصویر.pdf' });
    const png = await uploaded(t.app, owner, { name: 'x.pdf', bytes: SAMPLE_FILES.png });
    expect(png).toMatchObject({ contentType: 'image/png', fileName: 'x.png' });
  });

  test('a text file renamed .png is refused 415 with the Persian message; nothing is kept', async () => {
    const owner = await createPerson(t.app);
    const before = await attachmentRows();
    for (const bytes of [SAMPLE_FILES.text, Buffer.from('<svg onload="alert(1)"/>')]) {
      const response = await upload(t.app, owner.token, {
        name: 'photo.png',
        bytes,
        contentType: 'image/png',
      });
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({
        ok: false,
        error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: UNSUPPORTED },
      });
    }
    expect(await attachmentRows()).toBe(before);
  });

  test('5 MB is taken; one byte more is refused 413 with the Persian message', async () => {
    const owner = await createPerson(t.app);
    const exact = await uploaded(t.app, owner, {
      name: 'big.png',
      bytes: pngOfSize(TICKET_ATTACHMENT_MAX_BYTES),
    });
    expect(exact.sizeBytes).toBe(TICKET_ATTACHMENT_MAX_BYTES);
    const before = await attachmentRows();
    const response = await upload(t.app, owner.token, {
      name: 'big.png',
      bytes: pngOfSize(TICKET_ATTACHMENT_MAX_BYTES + 1),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      ok: false,
      error: { code: 'PAYLOAD_TOO_LARGE', message: TOO_LARGE },
    });
    expect(await attachmentRows()).toBe(before);
  });

  test('an empty file, no file, a second part or a wrong field name is 400 in Persian', async () => {
    const owner = await createPerson(t.app);
    const png = { name: 'file', fileName: 'a.png', data: SAMPLE_FILES.png };
    const cases = [
      { parts: [{ ...png, data: Buffer.alloc(0) }], message: 'فایل انتخاب‌شده خالی است' },
      { parts: [], message: 'فایلی برای بارگذاری انتخاب نشده است' },
      { parts: [png, { ...png, fileName: 'b.png' }], message: /فقط یک فایل/ },
      { parts: [png, { name: 'note', data: 'سلام' }], message: /فقط یک فایل/ },
      { parts: [{ name: 'note', data: 'سلام' }, png], message: /فقط یک فایل/ },
      { parts: [{ ...png, name: 'upload' }], message: /فقط یک فایل/ },
      { parts: [{ name: 'file', data: 'نه یک فایل' }], message: /فقط یک فایل/ },
      { parts: [{ ...png, name: '__proto__' }], message: /فقط یک فایل/ },
    ];
    const before = await attachmentRows();
    for (const { parts, message } of cases) {
      const response = await postForm(t.app, parts, owner.token);
      expect(response.statusCode, JSON.stringify(parts.map((part) => part.name))).toBe(400);
      const { error } = errorEnvelope.parse(response.json());
      expect(error.code).toBe('VALIDATION');
      expect(error.message).toMatch(message);
      expect(error.fields?.file).toBe(error.message);
    }
    expect(await attachmentRows()).toBe(before);
  });

  test('a body that is not a proper form is a 4xx envelope, never a 500', async () => {
    const owner = await createPerson(t.app);
    const post = (contentType: string, payload: string | Buffer) =>
      t.app.inject({
        method: 'POST',
        url: TICKET_UPLOAD_PATH,
        remoteAddress: freshAddress(),
        headers: { 'content-type': contentType, authorization: `Bearer ${owner.token}` },
        payload,
      });
    const cases: Array<[string, string | Buffer, number, string]> = [
      ['multipart/form-data', 'no boundary at all', 400, 'MALFORMED_BODY'],
      [
        'multipart/form-data; boundary=xyz',
        '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\x89PNG',
        400,
        'MALFORMED_BODY',
      ],
      ['multipart/form-data; boundary=xyz', 'not a form', 400, 'MALFORMED_BODY'],
      ['application/json', '{"file":"iVBORw0KGgo="}', 415, 'UNSUPPORTED_MEDIA_TYPE'],
      ['text/plain', 'file', 415, 'UNSUPPORTED_MEDIA_TYPE'],
    ];
    const before = await attachmentRows();
    for (const [contentType, payload, status, code] of cases) {
      const response = await post(contentType, payload);
      expect(response.statusCode, contentType).toBe(status);
      const { error } = errorEnvelope.parse(response.json());
      expect(error.code).toBe(code);
      expect(error.message).toMatch(/[\u0600-\u06FF]/);
    }
    expect(await attachmentRows()).toBe(before);
  });

  test('random bytes in a form never answer 5xx and never keep a file', async () => {
    const owner = await createPerson(t.app);
    const before = await attachmentRows();
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ maxLength: 300 }),
        fc.constantFrom('file', 'x', ''),
        fc.string({ maxLength: 30 }),
        async (bytes, name, fileName) => {
          const response = await postForm(
            t.app,
            // A leading zero byte: no accepted type's signature, whatever follows.
            [{ name, fileName, data: Buffer.concat([Buffer.from([0]), bytes]) }],
            owner.token,
          );
          expect(response.statusCode).toBeGreaterThanOrEqual(400);
          expect(response.statusCode).toBeLessThan(500);
          expect(errorEnvelope.safeParse(response.json()).success).toBe(true);
        },
      ),
      { numRuns: 60 },
    );
    expect(await attachmentRows()).toBe(before);
  });

  test('uploading needs sign-in', async () => {
    const response = await upload(t.app, undefined, { name: 'a.png', bytes: SAMPLE_FILES.png });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('UNAUTHENTICATED');
  });

  test('an upload that carries the refresh cookie must echo the CSRF token', async () => {
    const owner = await createPerson(t.app);
    const file = [{ name: 'file', fileName: 'a.png', data: SAMPLE_FILES.png }];
    const cookies = `${REFRESH_COOKIE}=some-refresh-token; ${CSRF_COOKIE}=csrf-123`;
    const forged = await postForm(t.app, file, owner.token, { cookie: cookies });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().error.code).toBe('CSRF');
    const proper = await postForm(t.app, file, owner.token, {
      cookie: cookies,
      [CSRF_HEADER]: 'csrf-123',
    });
    expect(proper.statusCode).toBe(200);
  });

  test(`a person may hold ${LOOSE_UPLOADS_PER_USER} unsent uploads; sending frees room`, async () => {
    const owner = await createPerson(t.app);
    const ids: string[] = [];
    for (let index = 0; index < LOOSE_UPLOADS_PER_USER; index += 1) {
      ids.push(
        (await uploaded(t.app, owner, { name: `${index}.png`, bytes: SAMPLE_FILES.png })).id,
      );
    }
    const response = await upload(t.app, owner.token, {
      name: 'one-more.png',
      bytes: SAMPLE_FILES.png,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({ code: 'CONFLICT', message: /پیوستِ فرستاده‌نشده/ });
    // Someone else is not affected.
    await uploaded(t.app, await createPerson(t.app), { name: 'a.png', bytes: SAMPLE_FILES.png });
    await openTicket(t.app, owner, { attachmentIds: ids.slice(0, 2) });
    await uploaded(t.app, owner, { name: 'now-fits.png', bytes: SAMPLE_FILES.png });
  });

  test('uploads racing past the cap: exactly the cap is kept, the rest refused 409', async () => {
    const owner = await createPerson(t.app);
    const responses = await Promise.all(
      Array.from({ length: LOOSE_UPLOADS_PER_USER + 5 }, (_, index) =>
        upload(t.app, owner.token, { name: `${index}.png`, bytes: SAMPLE_FILES.png }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(LOOSE_UPLOADS_PER_USER);
    expect(statuses.filter((status) => status === 409)).toHaveLength(5);
    const kept = await t.app.db
      .select({ storageKey: uploads.storageKey })
      .from(uploads)
      .where(eq(uploads.uploadedBy, owner.id));
    expect(kept).toHaveLength(LOOSE_UPLOADS_PER_USER);
  });
});

describe('file names', () => {
  test('only the last path segment, without control or direction characters', () => {
    expect(cleanFileName('../../etc/passwd.png', 'image/png')).toBe('passwd.png');
    expect(cleanFileName('C:\\Users\\sara\\Desktop\\رسید پرداخت.PDF', 'application/pdf')).toBe(
      'رسید پرداخت.pdf',
    );
    expect(cleanFileName('invoice\u202Efdp.exe', 'application/pdf')).toBe('invoicefdp.exe.pdf');
    expect(cleanFileName('a\u0000b\u0007c\r\n.jpg', 'image/jpeg')).toBe('abc.jpg');
    expect(cleanFileName('  اسکرین‌شات   صفحه  .jpeg ', 'image/jpeg')).toBe('اسکرین‌شات صفحه.jpeg');
  });

  test('the extension follows the bytes', () => {
    expect(cleanFileName('scan.pdf', 'image/png')).toBe('scan.png');
    expect(cleanFileName('notes.txt', 'image/gif')).toBe('notes.txt.gif');
    expect(cleanFileName('photo', 'image/webp')).toBe('photo.webp');
    expect(cleanFileName('photo.JPG', 'image/jpeg')).toBe('photo.jpg');
  });

  test('a missing or empty name falls back to «پیوست»', () => {
    expect(cleanFileName(undefined, 'image/png')).toBe('پیوست.png');
    expect(cleanFileName('', 'application/pdf')).toBe('پیوست.pdf');
    expect(cleanFileName('\u202E\u200F...', 'image/png')).toBe('پیوست.png');
    expect(cleanFileName('folder/', 'image/png')).toBe('پیوست.png');
  });

  test(`at most ${ATTACHMENT_FILE_NAME_MAX_LENGTH} characters, keeping the extension`, () => {
    const name = cleanFileName(`${'ب'.repeat(300)}.png`, 'image/png');
    expect(Array.from(name)).toHaveLength(ATTACHMENT_FILE_NAME_MAX_LENGTH);
    expect(name.endsWith('ب.png')).toBe(true);
    // Never half an emoji.
    const emoji = cleanFileName(`${'😀'.repeat(120)}.gif`, 'image/gif');
    expect(emoji).toBe(`${'😀'.repeat(ATTACHMENT_FILE_NAME_MAX_LENGTH - 4)}.gif`);
  });

  test('an upload answers the cleaned name', async () => {
    const owner = await createPerson(t.app);
    const attachment = await uploaded(t.app, owner, {
      name: '..\\..\\\u202Egnp.exe',
      bytes: SAMPLE_FILES.png,
    });
    expect(attachment.fileName).toBe('gnp.exe.png');
  });

  test('Content-Disposition carries an ASCII fallback and the UTF-8 name', () => {
    expect(contentDisposition('رسید (۱).pdf', 'application/pdf')).toBe(
      `attachment; filename="____ (_).pdf"; filename*=UTF-8''${encodeURIComponent('رسید')}%20%28${encodeURIComponent('۱')}%29.pdf`,
    );
    expect(contentDisposition('a"b;c.png', 'image/png')).toBe(
      `inline; filename="a_b_c.png"; filename*=UTF-8''a%22b%3Bc.png`,
    );
  });
});

describe('attaching uploads to messages', () => {
  test('uploads sent with a ticket and a reply are listed with their messages', async () => {
    const owner = await createPerson(t.app);
    const shot = await uploaded(t.app, owner, { name: 'خطا.png', bytes: SAMPLE_FILES.png });
    const receipt = await uploaded(t.app, owner, { name: 'رسید.pdf', bytes: SAMPLE_FILES.pdf });
    const ticket = await openTicket(t.app, owner, { attachmentIds: [shot.id, receipt.id] });
    const photo = await uploaded(t.app, owner, { name: 'photo.jpg', bytes: SAMPLE_FILES.jpeg });
    await ok(
      t.app,
      '/api/user/tickets/submit-reply',
      { ticketId: ticket.id, body: 'این هم عکس دیگر', attachmentIds: [photo.id] },
      owner.token,
    );
    const { items } = await ok(
      t.app,
      '/api/user/tickets/get-ticket-replies',
      { ticketId: ticket.id },
      owner.token,
    );
    expect(items.map((item) => item.attachments)).toEqual([[shot, receipt], [photo]]);
  });

  test('another person’s upload, a used one, or one id twice refuses the message: 404 on attachmentIds', async () => {
    const owner = await createPerson(t.app);
    const stranger = await createPerson(t.app);
    const theirs = await uploaded(t.app, stranger, { name: 'a.png', bytes: SAMPLE_FILES.png });
    const mine = await uploaded(t.app, owner, { name: 'b.png', bytes: SAMPLE_FILES.png });
    const ticket = await openTicket(t.app, owner);
    const used = await uploaded(t.app, owner, { name: 'c.png', bytes: SAMPLE_FILES.png });
    await ok(
      t.app,
      '/api/user/tickets/submit-reply',
      { ticketId: ticket.id, body: 'با پیوست', attachmentIds: [used.id] },
      owner.token,
    );

    const [messagesBefore] = await t.app.db.select({ total: count() }).from(ticketMessages);
    const attempts = [
      [theirs.id],
      [mine.id, theirs.id],
      [used.id],
      [mine.id, mine.id],
      [randomUUID()],
    ];
    for (const attachmentIds of attempts) {
      for (const [path, body] of [
        ['/api/user/tickets/submit-ticket', { ...NEW_TICKET, attachmentIds }],
        ['/api/user/tickets/submit-reply', { ticketId: ticket.id, body: 'پاسخ', attachmentIds }],
      ] as const) {
        const error = await refused(t.app, path, body, owner.token, 404);
        expect(error).toMatchObject({
          code: 'NOT_FOUND',
          fields: { attachmentIds: expect.stringMatching(/پیوست پیدا نشد/) },
        });
      }
    }
    const [messagesAfter] = await t.app.db.select({ total: count() }).from(ticketMessages);
    expect(messagesAfter).toEqual(messagesBefore);
    // Nothing was bound along the way: both uploads are still loose and usable by their owners.
    const [mineRow] = await t.app.db.select().from(uploads).where(eq(uploads.id, mine.id));
    const [theirRow] = await t.app.db.select().from(uploads).where(eq(uploads.id, theirs.id));
    expect(mineRow?.keptAt).toBeNull();
    expect(theirRow?.keptAt).toBeNull();
    const bound = await t.app.db
      .select()
      .from(ticketMessageFiles)
      .where(inArray(ticketMessageFiles.uploadId, [mine.id, theirs.id]));
    expect(bound).toEqual([]);
    expect((await openTicket(t.app, owner, { attachmentIds: [mine.id] })).messageCount).toBe(1);
  });

  test('one upload sent with two messages at once is attached to one of them only', async () => {
    const owner = await createPerson(t.app);
    const ticket = await openTicket(t.app, owner);
    const shot = await uploaded(t.app, owner, { name: 'a.png', bytes: SAMPLE_FILES.png });
    const responses = await Promise.all(
      [1, 2, 3].map((index) =>
        send(
          t.app,
          '/api/user/tickets/submit-reply',
          { ticketId: ticket.id, body: `پاسخ ${index}`, attachmentIds: [shot.id] },
          owner.token,
        ),
      ),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 404, 404]);
    const { items } = await ok(
      t.app,
      '/api/user/tickets/get-ticket-replies',
      { ticketId: ticket.id },
      owner.token,
    );
    expect(items).toHaveLength(2);
    expect(items[1]?.attachments).toEqual([shot]);
  });

  test('an upload older than a day can no longer be attached', async () => {
    const owner = await createPerson(t.app);
    const old = await uploaded(t.app, owner, { name: 'old.png', bytes: SAMPLE_FILES.png });
    await t.app.db
      .update(uploads)
      .set({ createdAt: new Date(Date.now() - 24 * HOUR_MS - 1000) })
      .where(eq(uploads.id, old.id));
    const error = await refused(
      t.app,
      '/api/user/tickets/submit-ticket',
      { ...NEW_TICKET, attachmentIds: [old.id] },
      owner.token,
      404,
    );
    expect(error.fields?.attachmentIds).toMatch(/پیوست/);
  });

  test('staff attach their own uploads to a reply', async () => {
    const owner = await createPerson(t.app);
    const ticket = await openTicket(t.app, owner);
    const guide = await uploaded(t.app, t.staff, { name: 'راهنما.pdf', bytes: SAMPLE_FILES.pdf });
    const customerUpload = await uploaded(t.app, owner, { name: 'a.png', bytes: SAMPLE_FILES.png });
    await expect(
      replyAsStaff(t.app, {
        ticketId: ticket.id,
        staffUserId: t.staff.id,
        body: 'پاسخ',
        attachmentIds: [customerUpload.id],
      }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND', fields: { attachmentIds: expect.any(String) } });
    await replyAsStaff(t.app, {
      ticketId: ticket.id,
      staffUserId: t.staff.id,
      body: 'راهنمای پیوست را ببینید.',
      attachmentIds: [guide.id],
    });
    const { items } = await ok(
      t.app,
      '/api/user/tickets/get-ticket-replies',
      { ticketId: ticket.id },
      owner.token,
    );
    expect(items.at(-1)?.attachments).toEqual([guide]);
    const response = await download(t.app, owner.token, { attachmentId: guide.id });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload).toEqual(SAMPLE_FILES.pdf);
  });
});

describe('reading an attachment back', () => {
  test('answers the uploaded bytes with headers that can never run script', async () => {
    const owner = await createPerson(t.app);
    const png = await uploaded(t.app, owner, { name: 'صفحهٔ خطا.png', bytes: SAMPLE_FILES.png });
    const pdf = await uploaded(t.app, owner, { name: 'رسید.pdf', bytes: SAMPLE_FILES.pdf });
    await openTicket(t.app, owner, { attachmentIds: [png.id, pdf.id] });

    const image = await download(t.app, owner.token, { attachmentId: png.id });
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload).toEqual(SAMPLE_FILES.png);
    expect(image.headers).toMatchObject({
      'content-type': 'image/png',
      'content-length': String(SAMPLE_FILES.png.length),
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
      'content-security-policy': SANDBOX_CSP,
      'content-disposition': contentDisposition('صفحهٔ خطا.png', 'image/png'),
    });
    expect(String(image.headers['content-disposition'])).toMatch(/^inline; /);

    const document = await download(t.app, owner.token, { attachmentId: pdf.id });
    expect(document.rawPayload).toEqual(SAMPLE_FILES.pdf);
    expect(document.headers['content-type']).toBe('application/pdf');
    expect(document.headers['content-security-policy']).toBe(SANDBOX_CSP);
    expect(String(document.headers['content-disposition'])).toMatch(
      /^attachment; filename="____.pdf"; filename\*=UTF-8''/,
    );
  });

  test('the owner, the uploader while loose, and staff may read; anyone else gets 404 like a missing id', async () => {
    const owner = await createPerson(t.app);
    const stranger = await createPerson(t.app);
    const sent = await uploaded(t.app, owner, { name: 'sent.png', bytes: SAMPLE_FILES.png });
    const loose = await uploaded(t.app, owner, { name: 'loose.png', bytes: SAMPLE_FILES.png });
    await openTicket(t.app, owner, { attachmentIds: [sent.id] });

    for (const id of [sent.id, loose.id]) {
      expect((await download(t.app, owner.token, { attachmentId: id })).statusCode).toBe(200);
      expect((await download(t.app, t.staff.token, { attachmentId: id })).statusCode).toBe(200);
      const theirs = await download(t.app, stranger.token, { attachmentId: id });
      const missing = await download(t.app, stranger.token, { attachmentId: randomUUID() });
      expect(theirs.statusCode).toBe(404);
      expect(theirs.json()).toEqual({
        ok: false,
        error: { code: 'NOT_FOUND', message: 'این پیوست پیدا نشد' },
      });
      expect(missing.json()).toEqual(theirs.json());
      expect(theirs.headers['content-type']).toMatch(/^application\/json/);
    }
    expect((await download(t.app, undefined, { attachmentId: sent.id })).statusCode).toBe(401);
  });

  test('an attachment on an internal note is for staff only', async () => {
    const owner = await createPerson(t.app);
    const ticket = await openTicket(t.app, owner);
    const note = await uploaded(t.app, t.staff, { name: 'note.png', bytes: SAMPLE_FILES.png });
    await replyAsStaff(t.app, {
      ticketId: ticket.id,
      staffUserId: t.staff.id,
      body: 'یادداشت داخلی با پیوست',
      attachmentIds: [note.id],
      internal: true,
    });
    expect((await download(t.app, owner.token, { attachmentId: note.id })).statusCode).toBe(404);
    expect((await download(t.app, t.staff.token, { attachmentId: note.id })).statusCode).toBe(200);
  });

  test('a bad id or body is 400 with the field named; hostile bodies never answer 5xx', async () => {
    const owner = await createPerson(t.app);
    const bad = await download(t.app, owner.token, { attachmentId: '../../etc/passwd' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({
      code: 'VALIDATION',
      fields: { attachmentId: 'شناسه معتبر نیست' },
    });
    const extra = await download(t.app, owner.token, { attachmentId: randomUUID(), path: 'x' });
    expect(extra.statusCode).toBe(400);
    expect(Object.keys(extra.json().error.fields)).toEqual(['path']);

    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.record({ attachmentId: fc.oneof(fc.string(), fc.integer(), fc.constant(null)) }),
          fc.dictionary(fc.string({ maxLength: 10 }), fc.string({ maxLength: 10 })),
          fc.string(),
        ),
        async (body) => {
          const response = await download(t.app, owner.token, body);
          expect(response.statusCode).toBeGreaterThanOrEqual(400);
          expect(response.statusCode).toBeLessThan(500);
          expect(errorEnvelope.parse(response.json()).error.message).toMatch(/[\u0600-\u06FF]/);
        },
      ),
      { numRuns: 100 },
    );
  });

  test('bytes changed or lost in the store are a 500 without details, never served', async () => {
    const owner = await createPerson(t.app);
    const changed = await uploaded(t.app, owner, { name: 'a.png', bytes: SAMPLE_FILES.png });
    const lost = await uploaded(t.app, owner, { name: 'b.png', bytes: SAMPLE_FILES.png });
    await t.app.files.put(await storageKeyOf(changed.id), Buffer.from('tampered'));
    await t.app.files.delete(await storageKeyOf(lost.id));
    await expect(t.app.files.read(await storageKeyOf(lost.id))).rejects.toBeInstanceOf(
      FileNotFoundError,
    );
    for (const id of [changed.id, lost.id]) {
      const response = await download(t.app, owner.token, { attachmentId: id });
      expect(response.statusCode).toBe(500);
      const { error } = errorEnvelope.parse(response.json());
      expect(error).toEqual({
        code: 'INTERNAL',
        message: 'خطایی پیش آمد',
        requestId: expect.any(String),
      });
      expect(response.body).not.toContain('tampered');
    }
  });
});

test('the API docs list the upload (multipart) and the read-back with its body', async () => {
  const response = await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
  expect(response.statusCode).toBe(200);
  const paths = response.json().paths;
  const uploadCall = paths[TICKET_UPLOAD_PATH].post;
  expect(uploadCall.security).toEqual([{ bearer: [] }]);
  expect(uploadCall.description).toContain('multipart/form-data');
  expect(
    Object.keys(uploadCall.responses['200'].content['application/json'].schema.properties),
  ).toEqual(expect.arrayContaining(['ok', 'data']));
  const readCall = paths[TICKET_ATTACHMENT_PATH].post;
  expect(readCall.requestBody.content['application/json'].schema.required).toEqual([
    'attachmentId',
  ]);
  expect(readCall.description).toContain('Content-Security-Policy');
});

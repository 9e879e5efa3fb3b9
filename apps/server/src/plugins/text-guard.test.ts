import { TEXT_PROBLEM_MESSAGES } from '@vitrin/contracts';
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { writeAudit } from '../modules/audit/audit.service';
import { auditLog, cannedReplies, discountCodes } from '../schema';
import { createSignedInUser, freshAddress, ok, type SignedInUser, send } from '../test/api-kit';
import { createStaff } from '../test/staff-kit';
import { setupTestApp } from '../test/test-app';

// Issue 18: text PostgreSQL or JSON cannot hold gave 500s (NUL in a discount code and in the
// sandbox pay page's address, lone surrogates in staff text fields). Each now answers 400
// VALIDATION in Persian, names the field, and changes nothing.

const t = setupTestApp({ seedDemoData: true });
let admin: SignedInUser;
let support: SignedInUser;
let customer: SignedInUser;

beforeAll(async () => {
  admin = await createStaff(t.app, 'admin');
  support = await createStaff(t.app, 'support');
  customer = await createSignedInUser(t.app, { firstName: 'متن', lastName: 'آزما' });
});

// JSON.stringify writes a lone surrogate as the escape `\ud800`, as a careless client sends it.
const post = (path: string, body: unknown, token?: string) => send(t.app, path, body, token);

function expectRefusedText(
  response: Awaited<ReturnType<typeof send>>,
  field: string,
  message: string,
) {
  expect(response.statusCode, response.body).toBe(400);
  const { ok: succeeded, error } = response.json();
  expect(succeeded).toBe(false);
  expect(error.code).toBe('VALIDATION');
  expect(error.fields[field]).toBe(message);
}

async function auditRows(): Promise<number> {
  const [row] = await t.app.db.select({ total: count() }).from(auditLog);
  return row?.total ?? 0;
}

describe('text PostgreSQL or JSON cannot hold is a Persian 400, never a 500', () => {
  test('NUL in a discount code', async () => {
    const response = await post('/api/cart/apply-discount-code-in-cart', {
      code: 'VITRIN\u000010',
    });
    expectRefusedText(response, 'code', TEXT_PROBLEM_MESSAGES.control);
  });

  test('NUL and malformed escapes in the sandbox pay page address and in page addresses', async () => {
    for (const url of [
      '/pay/sandbox/%00',
      '/pay/sandbox/abc%00def',
      '/pay/sandbox/%ED%A0%80',
      '/pay/sandbox/%E0%A4%A',
      '/articles/%00',
      '/store/x%01y',
      '/downloads/%00.apk',
      '/api/store/get-products%00',
    ]) {
      const response = await t.app.inject({ method: 'GET', url, remoteAddress: freshAddress() });
      expect(response.statusCode, `${url} ${response.body}`).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION');
      expect(response.json().error.fields._path).toMatch(/[\u0600-\u06FF]/);
    }
    const posted = await t.app.inject({
      method: 'POST',
      url: '/pay/sandbox/%00',
      remoteAddress: freshAddress(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'choice=pay',
    });
    expect(posted.statusCode).toBe(400);
  });

  test('query strings go through the same rule', async () => {
    for (const url of ['/articles?q=%00', '/store?q=a%01b', '/?x=%ED%A0%80']) {
      const response = await t.app.inject({ method: 'GET', url, remoteAddress: freshAddress() });
      expect(response.statusCode, `${url} ${response.body}`).toBeLessThan(500);
      if (url.includes('%ED')) continue; // decoded by the query parser as U+FFFD: harmless text
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION');
    }
  });

  test('a lone surrogate in a canned reply title, a discount code edit and an article edit', async () => {
    const auditBefore = await auditRows();
    const repliesBefore = await t.app.db.select({ total: count() }).from(cannedReplies);
    expectRefusedText(
      await post(
        '/api/admin/tickets/create-canned-reply',
        { title: 'سلام \ud800', body: 'متن' },
        support.token,
      ),
      'title',
      TEXT_PROBLEM_MESSAGES.malformed,
    );
    expect(await t.app.db.select({ total: count() }).from(cannedReplies)).toEqual(repliesBefore);

    const [code] = await t.app.db
      .select()
      .from(discountCodes)
      .where(eq(discountCodes.code, 'VITRIN10'));
    if (!code) throw new Error('the demo seed has VITRIN10');
    expectRefusedText(
      await post(
        '/api/admin/discounts/update-discount-code',
        { id: code.id, title: '\udc00تخفیف' },
        admin.token,
      ),
      'title',
      TEXT_PROBLEM_MESSAGES.malformed,
    );
    const [unchanged] = await t.app.db
      .select()
      .from(discountCodes)
      .where(eq(discountCodes.id, code.id));
    expect(unchanged?.title).toBe(code.title);

    const articles = await ok(t.app, '/api/admin/catalog/list-articles', {}, admin.token);
    const article = articles.items[0];
    if (!article) throw new Error('the demo seed has articles');
    expectRefusedText(
      await post(
        '/api/admin/catalog/update-article',
        { id: article.id, bodyHtml: '<p>\ud800</p>' },
        admin.token,
      ),
      'bodyHtml',
      TEXT_PROBLEM_MESSAGES.malformed,
    );
    expect(await auditRows()).toBe(auditBefore);
  });

  test('a name or title that flips direction is refused; a ticket body may hold the marks', async () => {
    expectRefusedText(
      await post(
        '/api/user/update-profile',
        { firstName: 'علی\u202e', lastName: 'رضایی', email: null },
        customer.token,
      ),
      'firstName',
      TEXT_PROBLEM_MESSAGES.direction,
    );
    const ticket = await post(
      '/api/user/tickets/submit-ticket',
      {
        department: 'technical',
        subject: 'دامنهٔ example.com',
        body: 'نشانی \u2067example.com/فارسی\u2069 باز نمی‌شود.\nلطفا بررسی کنید.',
      },
      customer.token,
    );
    expect(ticket.statusCode, ticket.body).toBe(200);
  });

  test('a bad key anywhere in the body is refused before the schema sees it', async () => {
    const response = await post(
      '/api/user/update-profile',
      { firstName: 'علی', lastName: 'رضایی', '\u0000': 1 },
      customer.token,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION');
  });
});

test('the audit writer stores what PostgreSQL refuses as a replacement character, never a 500', async () => {
  await writeAudit(t.app.db, {
    actorId: admin.id,
    action: 'product.update',
    entityType: 'product',
    entityId: 'unstorable',
    before: { title: 'a\u0000b', ['k\ud800']: 'c\udfffd', nested: [{ x: '\u0000' }] },
    after: { title: 'سلام' },
    reason: 'دلیل\u0000',
  });
  const [row] = await t.app.db.select().from(auditLog).where(eq(auditLog.entityId, 'unstorable'));
  expect(row?.before).toEqual({
    title: 'a\ufffdb',
    'k\ufffd': 'c\ufffdd',
    nested: [{ x: '\ufffd' }],
  });
  expect(row?.reason).toBe('دلیل\ufffd');
});

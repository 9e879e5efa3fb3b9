import { eq } from 'drizzle-orm';
import { beforeAll, expect, test } from 'vitest';
import { insertDomain } from '../apps/server/src/modules/domains/domains-test-kit';
import { domainEvents, serviceEvents, services, users } from '../apps/server/src/schema';
import { saveScreenshot, viewports } from './browser';
import { ADMIN, newPage, screenshotBoth, signIn } from './flows';
import { useInProcessServerAndBrowser } from './harness';

// Issue 38: the console's one queue of what automation gave up on, services and domains
// together. On the demo's data (رضا's VPS waits past its 24 hours) plus a setup the panel job
// handed over and a registration the registry did not finish, as those jobs leave them: the
// admin reaches the queue from the dashboard's card and from the menu, finds the three oldest
// first with their reasons, opens the domain's page from its row, refunds it there, and the
// queue no longer holds it.

const h = useInProcessServerAndBrowser();
const HOUR = 3_600_000;
const DOMAIN = 'sara-waiting.ir';
/** What the jobs said when they handed each over: the queue shows it as the reason. */
const REASONS = {
  setup: 'هیچ سرور فعالی با جای خالی در گروه «default» نیست؛ سرویس به کارشناس سپرده شد',
  domain: 'موجودی حساب نمایندگی نزد ثبت‌کننده کافی نیست؛ کارشناس پیگیری می‌کند',
};
const LIST = 'فهرست کارهای منتظر کارشناس';
let domainId = '';

beforeAll(async () => {
  const db = h.server.app.db;
  const [sara] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.mobile, '+989121234567'));
  if (!sara) throw new Error('the demo has سارا');
  const [service] = await db
    .insert(services)
    .values({
      userId: sara.id,
      name: 'هاست لینوکس ۵ گیگ (sara-queue.ir)',
      domainName: 'sara-queue.ir',
      status: 'needs-attention',
      statusChangedAt: new Date(Date.now() - 3 * HOUR),
    })
    .returning();
  if (!service) throw new Error('no service inserted');
  await db.insert(serviceEvents).values({
    serviceId: service.id,
    kind: 'provision.handover',
    actor: 'system',
    message: REASONS.setup,
    toStatus: 'needs-attention',
  });
  const domain = await insertDomain(db, {
    userId: sara.id,
    name: DOMAIN,
    status: 'needs-attention',
    statusChangedAt: new Date(Date.now() - HOUR),
    note: 'ثبت دامنه در دست پشتیبانی است؛ به‌زودی انجام می‌شود',
  });
  domainId = domain.id;
  await db.insert(domainEvents).values({
    domainId: domain.id,
    kind: 'registry.needs-staff',
    actor: 'system',
    message: REASONS.domain,
    toStatus: 'needs-attention',
  });
});

test('an admin works the queue of services and domains automation gave up on', async () => {
  const { page, close } = await newPage(h.browser);
  try {
    await signIn(page, h.server.url, '/admin', ADMIN);
    // From the dashboard's card of waiting work.
    await page
      .getByRole('region', { name: 'کارهای منتظر' })
      .getByRole('link', { name: /کار منتظر کارشناس/ })
      .click();
    await page.waitForURL(`${h.server.url}/admin/work`);
    await page.getByRole('heading', { name: 'کارهای منتظر کارشناس', level: 1 }).waitFor();

    const table = page.getByRole('table', { name: LIST });
    const rows = table.getByRole('row');
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(4);
    const texts = await rows.allTextContents();
    const at = (words: string) => texts.findIndex((text) => text.includes(words));
    // Oldest first: رضا's VPS (days past its payment), the setup (3 h), the domain (1 h).
    expect(at('رضا کریمی')).toBeGreaterThan(0);
    expect(at('رضا کریمی')).toBeLessThan(at('sara-queue.ir'));
    expect(at('sara-queue.ir')).toBeLessThan(at(DOMAIN));
    expect(texts[at('رضا کریمی')]).toContain('تحویل دستی دیرشده');
    expect(texts[at('sara-queue.ir')]).toContain(REASONS.setup);
    expect(texts[at(DOMAIN)]).toContain(REASONS.domain);
    expect(texts[at(DOMAIN)]).toContain('۱ ساعت');

    // The menu carries the same count, urgent, on the queue's own item.
    const menu = page.getByRole('navigation', { name: 'منوی کنسول کارکنان' }).first();
    await menu.getByLabel(/^[۰-۹]+ کار منتظر کارشناس$/).waitFor();
    await screenshotBoth(page, 'waiting-work');
    await page.setViewportSize({ width: 1280, height: 900 });
    await saveScreenshot(page, 'waiting-work-1280');
    await page.setViewportSize(viewports.phone);
    const cards = page.getByRole('list', { name: LIST });
    await cards.getByRole('listitem', { name: DOMAIN }).getByText(REASONS.domain).waitFor();
    await page.setViewportSize(viewports.desktop);

    // The row's link opens the domain's page, where staff refund it.
    await table
      .getByRole('link', { name: `تلاش دوباره، ثبت دستی یا بازپرداخت: ${DOMAIN}` })
      .click();
    await page.waitForURL(`${h.server.url}/admin/domains/${domainId}`);
    await page.getByRole('heading', { name: DOMAIN, level: 1 }).waitFor();
    await page.getByRole('button', { name: 'لغو و بازپرداخت' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('دلیل').fill('ثبت‌کننده این نام را نمی‌پذیرد');
    await dialog.getByRole('button', { name: 'بله، لغو و بازپرداخت شود' }).click();
    await page.getByText('دامنه لغو شد و مبلغ آن به کیف پول مشتری برگشت').first().waitFor();

    // Back through the menu: the domain has left the queue; the rest stays.
    await menu.getByRole('link', { name: /کارهای منتظر کارشناس/ }).click();
    await page.waitForURL(`${h.server.url}/admin/work`);
    await table.getByText('sara-queue.ir').waitFor();
    await expect.poll(() => table.getByText(DOMAIN).count()).toBe(0);
  } finally {
    await close();
  }
}, 240_000);

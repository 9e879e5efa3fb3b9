import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sealRegistrarCredentials } from '../apps/server/src/modules/domains/registrars';
import { FakeIrnicServer } from '../apps/server/src/providers/registrar/fake-irnic-server';
import {
  domainContactHandles,
  domainContacts,
  domains,
  registrarAccounts,
} from '../apps/server/src/schema';
import { selfSignedCertificate } from '../apps/server/src/test/self-signed';
import { viewports } from './browser';
import { CUSTOMER, newPage, screenshotBoth, signIn } from './flows';
import { useInProcessServerAndBrowser } from './harness';

// IRNIC's holder change on the customer's domain page (issue 38): a .ir name that still names
// the holder details the customer had before is moved to the current ones with the PIN IRNIC
// e-mails the current holder, and waits for that holder's approval. The registry is the IRNIC
// fake over HTTPS, as the API tests use it.

const h = useInProcessServerAndBrowser();

const FLOW_TIMEOUT_MS = 180_000;
const CREDENTIALS = {
  token: 'e2e-reseller-token',
  depositCode: '1234567890123456',
  resellerHandle: 'vi100-irnic',
};

describe('a holder change at IRNIC', () => {
  let registry: FakeIrnicServer;
  let domainId = '';
  const name = `sara-holder-${process.pid}.ir`;

  beforeAll(async () => {
    const db = h.server.app.db;
    const pair = await selfSignedCertificate();
    registry = new FakeIrnicServer({ ...pair, ...CREDENTIALS });
    const endpoint = await registry.start();
    const [account] = await db
      .insert(registrarAccounts)
      .values({
        name: 'irnic-e2e-holder',
        kind: 'irnic',
        endpoint,
        credentials: sealRegistrarCredentials(h.server.app.secrets, 'irnic', {
          ...CREDENTIALS,
          ca: pair.cert,
        }),
        defaultNameservers: ['ns1.vitrin.localhost', 'ns2.vitrin.localhost'],
      })
      .returning({ id: registrarAccounts.id });
    // سارا's holder details as they are now, and the e-mail she had when the name was registered.
    const [blog] = await db.select().from(domains).where(eq(domains.name, 'sara-blog.com'));
    const [contact] = await db
      .select()
      .from(domainContacts)
      .where(eq(domainContacts.userId, blog?.userId ?? ''));
    if (!account || !blog || !contact) throw new Error('the demo has سارا with holder details');
    const earlier = registry.addContact({ email: 'sara-earlier@example.ir', lastname: 'Ahmadi' });
    const current = registry.addContact({ email: contact.email, lastname: 'Ahmadi' });
    await db.insert(domainContactHandles).values({
      contactId: contact.id,
      registrarAccountId: account.id,
      handle: current,
      version: contact.version,
    });
    const held = registry.addDomain({
      name,
      holder: earlier,
      reseller: CREDENTIALS.resellerHandle,
      nameservers: ['ns1.vitrin.localhost', 'ns2.vitrin.localhost'],
    });
    const [row] = await db
      .insert(domains)
      .values({
        userId: blog.userId,
        name,
        ascii: name,
        tld: 'ir',
        registrarAccountId: account.id,
        status: 'active',
        origin: 'import',
        years: 1,
        registeredAt: held.createdAt,
        expiresAt: held.expiresAt,
        nameservers: held.nameservers,
        holderHandle: earlier,
        locked: true,
        syncedAt: new Date(),
      })
      .returning({ id: domains.id });
    domainId = row?.id ?? '';
  });

  afterAll(async () => {
    await registry?.stop();
  });

  test(
    'سارا asks IRNIC for the PIN, sends the change with it on a phone, and the name is hers as she is now once the holder approves',
    async () => {
      const { page, close } = await newPage(h.browser, viewports.phone);
      try {
        await signIn(page, h.server.url, `/account/domains/${domainId}`, CUSTOMER);
        await page.getByRole('heading', { name, level: 1 }).waitFor();
        const card = page.getByRole('region', { name: 'تغییر دارندهٔ دامنه' });
        await card.waitFor();
        await screenshotBoth(page, 'domain-holder-change');

        await card.getByRole('button', { name: '۱. درخواست کد PIN از ایرنیک' }).click();
        await page
          .getByText('ایرنیک کد PIN را به ایمیل دارندهٔ کنونی دامنه می‌فرستد')
          .first()
          .waitFor();
        const pin = registry.pinOf(name);
        expect(pin).toMatch(/^\d{9}$/);

        await card.getByLabel('۲. کد PIN').fill('111111111');
        await card.getByRole('button', { name: 'فرستادن تغییر دارنده' }).click();
        await card.getByText('کد PIN درست نیست یا دیگر کار نمی‌کند؛ کد تازه بخواهید').waitFor();

        await card.getByLabel('۲. کد PIN').fill(pin ?? '');
        await card.getByRole('button', { name: 'فرستادن تغییر دارنده' }).click();
        await page.getByText('تغییر دارنده منتظر تأیید است').waitFor();
        expect(registry.domain(name)?.pending?.kind).toBe('holder-change');
        await screenshotBoth(page, 'domain-holder-change-asked');

        registry.approveTransfer(name);
        await h.server.app.domainsJob.runOnce();
        await page.reload();
        await page.getByText('دارندهٔ کنونی تأیید کرد و دارندهٔ دامنه در ایرنیک تغییر کرد').waitFor();
        expect(await page.getByText('تغییر دارنده منتظر تأیید است').count()).toBe(0);
        expect(await page.getByRole('region', { name: 'تغییر دارندهٔ دامنه' }).count()).toBe(0);
      } finally {
        await close();
      }
    },
    FLOW_TIMEOUT_MS,
  );
});

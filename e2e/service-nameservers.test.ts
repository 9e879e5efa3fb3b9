import { and, eq, isNotNull } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { services, users } from '../apps/server/src/schema';
import { horizontalOverflow, viewports } from './browser';
import { CUSTOMER, newPage, screenshotBoth, signIn } from './flows';
import { useInProcessServerAndBrowser } from './harness';

// Issue 35 item 15: a hosting service's page shows the nameservers to point its domain at (the
// demo's sandbox server has ns1/ns2.vitrin.localhost), each with a copy button, on a phone and a
// desktop.

const h = useInProcessServerAndBrowser();

describe('the service page shows its nameservers', () => {
  test('with copy buttons, at 390 and 1440 px', { timeout: 120_000 }, async () => {
    const [owner] = await h.server.app.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.mobile, `+98${CUSTOMER.mobile.slice(1)}`));
    const [service] = await h.server.app.db
      .select({ id: services.id, domain: services.domainName })
      .from(services)
      .where(
        and(
          eq(services.userId, owner?.id ?? ''),
          eq(services.status, 'active'),
          isNotNull(services.serverId),
          isNotNull(services.domainName),
        ),
      )
      .limit(1);
    if (!service) throw new Error('the demo customer has no active service on a panel');

    for (const [viewport, name] of [
      [viewports.phone, 'phone'],
      [viewports.desktop, 'desktop'],
    ] as const) {
      const { page, close } = await newPage(h.browser, viewport);
      try {
        const path = `/account/services/${service.id}`;
        await signIn(page, h.server.url, path);
        const section = page.getByRole('region', { name: 'نیم‌سرورها' });
        await section.waitFor();
        const list = section.getByRole('list', { name: 'نیم‌سرورهای سرویس' });
        expect(await list.getByRole('listitem').allTextContents()).toEqual([
          expect.stringContaining('ns1.vitrin.localhost'),
          expect.stringContaining('ns2.vitrin.localhost'),
        ]);
        await section.getByRole('button', { name: 'کپی نیم‌سرور ۱' }).waitFor();
        await section.getByRole('button', { name: 'کپی نیم‌سرور ۲' }).waitFor();
        expect(await section.textContent()).toContain(service.domain ?? '');
        expect(await horizontalOverflow(page)).toBe(0);
        await section.scrollIntoViewIfNeeded();
        if (name === 'desktop') await screenshotBoth(page, 'service-nameservers');
      } finally {
        await close();
      }
    }
  });
});

import { and, eq, like } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { services, users } from '../apps/server/src/schema';
import { viewports } from './browser';
import { newPage, screenshotBoth, signIn } from './flows';
import { useInProcessServerAndBrowser } from './harness';

// Issue 35 item 13c: on a phone «هاست لینوکس ۵ گیگ (sara-blog.com)» broke at the domain's hyphen
// («sara-» on one line, «blog.com)» on the next) in the panel's service lists. A domain in a
// service's name wraps whole: to the next line, never inside itself.

const h = useInProcessServerAndBrowser();

/**
 * Every hyphenated domain the page shows that is drawn on more than one line: for each text node
 * holding one, the boxes of the domain's characters must share one line.
 */
function brokenDomains(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const broken: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (const match of text.matchAll(/[a-z0-9]+(?:-[a-z0-9]+)+\.[a-z]{2,}/g)) {
        const range = document.createRange();
        range.setStart(node, match.index ?? 0);
        range.setEnd(node, (match.index ?? 0) + match[0].length);
        const rects = [...range.getClientRects()].filter((rect) => rect.width > 0);
        if (rects.length === 0) continue;
        const tops = new Set(rects.map((rect) => Math.round(rect.top)));
        if (tops.size > 1) broken.push(`${match[0]} in «${text.trim()}»`);
      }
    }
    return broken;
  });
}

describe('a domain in a service name stays whole on a phone', () => {
  test('the dashboard, the services list and the service page', async () => {
    const [service] = await h.server.app.db
      .select({ id: services.id, name: services.name })
      .from(services)
      .innerJoin(users, eq(users.id, services.userId))
      .where(
        and(
          eq(users.mobile, '+989121234567'),
          eq(services.domainName, 'sara-blog.com'),
          like(services.name, 'هاست%'),
        ),
      )
      .limit(1);
    if (!service) throw new Error('the demo customer has no hosting for sara-blog.com');

    const { page, close } = await newPage(h.browser, viewports.phone);
    await signIn(page, h.server.url, '/account');
    const pages = [
      ['/account', 'panel-dashboard-domains'],
      ['/account/services', 'panel-services-domains'],
      [`/account/services/${service.id}`, 'panel-service-domain-title'],
    ] as const;
    for (const [path, shot] of pages) {
      await page.goto(h.server.url + path);
      await page.getByText('sara-blog.com').first().waitFor();
      await page.evaluate(() => document.fonts.ready);
      const shown = await page.evaluate(
        (name) => [...document.querySelectorAll('a, h1')].some((e) => e.textContent === name),
        service.name,
      );
      expect(shown, `${path} names ${service.name}`).toBe(true);
      // Narrower than the phone too: the name must go to a further line whole.
      for (const width of [390, 360, 320]) {
        await page.setViewportSize({ width, height: 844 });
        expect(await brokenDomains(page), `${path} at ${width}px`).toEqual([]);
      }
      await page.setViewportSize(viewports.phone);
      await screenshotBoth(page, shot);
    }
    await close();
  });
});

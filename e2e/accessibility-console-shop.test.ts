import { describe, test } from 'vitest';
import { checkAs, consoleShopPages, printCovered } from './axe';
import { ADMIN } from './flows';
import { useInProcessServerAndBrowser } from './harness';

// Issue 22 (axe.ts): the staff console's catalog, articles, discounts and billing.
const h = useInProcessServerAndBrowser();

describe('accessibility (axe-core, both widths): the staff console’s shop', () => {
  test('the staff console’s catalog, articles, discounts and billing have no violations', async () => {
    await checkAs(h.server, h.browser, 'admin', consoleShopPages, ADMIN);
  }, 400_000);

  test('the pages covered', () => {
    printCovered();
  });
});

import { describe, test } from 'vitest';
import { checkAs, consoleCustomerPages, printCovered } from './axe';
import { ADMIN } from './flows';
import { useInProcessServerAndBrowser } from './harness';

// Issue 22 (axe.ts): the staff console's orders, customers, tickets, provisioning and errors.
const h = useInProcessServerAndBrowser();

describe('accessibility (axe-core, both widths): the staff console', () => {
  test('the staff console’s orders, customers, tickets, provisioning and errors have no violations', async () => {
    await checkAs(h.server, h.browser, 'admin', consoleCustomerPages, ADMIN);
  }, 400_000);

  test('the pages covered', () => {
    printCovered();
  });
});

import { describe, test } from 'vitest';
import { checkAs, printCovered, publicPages } from './axe';
import { CUSTOMER } from './flows';
import { useInProcessServerAndBrowser } from './harness';

// Issue 22 (axe.ts): the public site, signed out and signed in. The customer panel, the staff
// console and the keyboard and toast checks are in the other accessibility-*.test.ts files.

// In this process, as panel.test.ts runs it: nothing outside the test can stop it mid-run.
const h = useInProcessServerAndBrowser();

describe('accessibility (axe-core, both widths): the public site', () => {
  test('the public site signed out has no violations', async () => {
    await checkAs(h.server, h.browser, 'signed out', publicPages);
  }, 300_000);

  test('the public site signed in has no violations', async () => {
    await checkAs(h.server, h.browser, 'customer', publicPages, CUSTOMER);
  }, 300_000);

  test('the pages covered', () => {
    printCovered();
  });
});

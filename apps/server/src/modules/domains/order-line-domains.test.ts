import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { domains, registrarAccounts, sandboxRegistryNames } from '../../schema';
import { ok } from '../../test/api-kit';
import { setupTestApp } from '../../test/test-app';
import { createCustomer, DEMO_CUSTOMER, grantCredit, signIn } from '../orders/checkout-test-kit';
import { insertDomain } from './domains-test-kit';

// Issue 38: the owner's order says what became of each domain line it paid for (the payment's
// callback and the order's page read it): being registered, waiting for its transfer code,
// active, with support, refunded. Orders asks the domains module (the `orderLineDomains` port);
// it never reads domains' tables.

const t = setupTestApp({ seedDemoData: true });
/** The demo customer: her holder's details are on file, as a registry needs them. */
let buyer: { id: string; token: string };
let counter = 0;

beforeAll(async () => {
  buyer = await signIn(t.app, DEMO_CUSTOMER.username, DEMO_CUSTOMER.password);
  await grantCredit(t.app.db, buyer.id, 500_000_000);
  const cart = await ok(t.app, '/api/cart/get-cart', {}, buyer.token);
  if (cart.lines.length > 0) {
    await ok(
      t.app,
      '/api/cart/delete-cart-products',
      { lineIds: cart.lines.map((line) => line.id) },
      buyer.token,
    );
  }
});

function freshName(prefix: string, tld = 'ir'): string {
  counter += 1;
  return `${prefix}-${process.pid}-${counter}.${tld}`;
}

const addDomain = (name: string, action: 'register' | 'transfer') =>
  ok(t.app, '/api/cart/add-domain-to-cart', { name, action, years: 1 }, buyer.token);

const detailOf = (orderId: string) =>
  ok(t.app, '/api/user/orders/order-get-detail', { orderId }, buyer.token);

/** The order's domain lines: name, what the line bought, and what became of it. */
async function domainLines(orderId: string) {
  const detail = await detailOf(orderId);
  return detail.lines.flatMap((line) =>
    line.domain ? [{ name: line.domainName, ...line.domain }] : [],
  );
}

async function setSandboxRegistrar(enabled: boolean) {
  await t.app.db
    .update(registrarAccounts)
    .set({ enabled })
    .where(eq(registrarAccounts.name, 'sandbox-registry'));
}

describe("an order's domain lines", () => {
  test('say nothing before payment, then what the registry did with each', async () => {
    const registered = freshName('line-new');
    const raced = freshName('line-raced');
    const takenMeanwhile = freshName('line-taken');
    const moving = freshName('line-moving', 'com');
    await t.app.db.insert(sandboxRegistryNames).values({
      name: moving,
      sponsor: 'another-registrar',
      expiresAt: new Date(Date.now() + 100 * 86_400_000),
      authCode: 'Move-Me#42',
    });
    for (const name of [registered, raced, takenMeanwhile]) await addDomain(name, 'register');
    await addDomain(moving, 'transfer');
    const order = await ok(t.app, '/api/cart/submit-order', {}, buyer.token);
    expect(order.lines.map((line) => line.domain?.state)).toEqual([null, null, null, null]);
    expect((await domainLines(order.id)).map((line) => [line.action, line.state])).toEqual([
      ['register', null],
      ['register', null],
      ['register', null],
      ['transfer', null],
    ]);
    // Another customer's order took this name a moment before this one was paid.
    const other = await createCustomer(t.app);
    await insertDomain(t.app.db, {
      userId: other.id,
      name: takenMeanwhile,
      status: 'pending-registration',
    });

    await ok(t.app, '/api/cart/use-wallet-in-order', { orderId: order.id }, buyer.token);
    const own = (name: string) =>
      t.app.db
        .select({ id: domains.id })
        .from(domains)
        .where(eq(domains.ascii, name))
        .then((rows) => rows.find(() => true)?.id);
    const paid = await domainLines(order.id);
    expect(paid).toEqual([
      {
        name: registered,
        action: 'register',
        years: 1,
        domainId: await own(registered),
        state: 'registering',
        note: null,
      },
      expect.objectContaining({ name: raced, state: 'registering' }),
      {
        name: takenMeanwhile,
        action: 'register',
        years: 1,
        domainId: null,
        state: 'refunded',
        note: null,
      },
      expect.objectContaining({
        name: moving,
        state: 'awaiting-transfer-code',
        note: expect.stringContaining('کد انتقال'),
      }),
    ]);

    // Another registrar takes one name between the payment and the registration job.
    await t.app.db
      .insert(sandboxRegistryNames)
      .values({ name: raced, sponsor: 'another-registrar', expiresAt: new Date() });
    await t.app.jobs.drain();
    const done = await domainLines(order.id);
    expect(done.map((line) => [line.name, line.state])).toEqual([
      [registered, 'active'],
      [raced, 'refunded'],
      [takenMeanwhile, 'refunded'],
      [moving, 'awaiting-transfer-code'],
    ]);
    expect(done[1]?.note).toEqual(expect.any(String));
    expect(done[1]?.domainId).toEqual(expect.any(String));
  });

  test('a registration the registry could not finish is with support; a renewal says so too', async () => {
    const stuck = freshName('line-stuck');
    await addDomain(stuck, 'register');
    const order = await ok(t.app, '/api/cart/submit-order', {}, buyer.token);
    await ok(t.app, '/api/cart/use-wallet-in-order', { orderId: order.id }, buyer.token);
    await setSandboxRegistrar(false);
    try {
      await t.app.jobs.drain();
    } finally {
      await setSandboxRegistrar(true);
    }
    const [line] = await domainLines(order.id);
    expect(line).toMatchObject({ name: stuck, state: 'with-support' });
    expect(line?.note).toEqual(expect.any(String));

    // A renewal of a name she holds: renewing while its job waits, active once the registry has it.
    const held = freshName('line-held');
    await addDomain(held, 'register');
    const bought = await ok(t.app, '/api/cart/submit-order', {}, buyer.token);
    await ok(t.app, '/api/cart/use-wallet-in-order', { orderId: bought.id }, buyer.token);
    await t.app.jobs.drain();
    const domainId = (await domainLines(bought.id))[0]?.domainId ?? '';
    await ok(t.app, '/api/user/domains/renew-domain', { id: domainId, years: 1 }, buyer.token);
    const renewal = await ok(t.app, '/api/cart/submit-order', {}, buyer.token);
    await ok(t.app, '/api/cart/use-wallet-in-order', { orderId: renewal.id }, buyer.token);
    expect(await domainLines(renewal.id)).toEqual([
      { name: held, action: 'renew', years: 1, domainId, state: 'renewing', note: null },
    ]);
    await t.app.jobs.drain();
    expect((await domainLines(renewal.id))[0]?.state).toBe('active');
  });

  test('a line that buys no domain has none', async () => {
    const customer = await createCustomer(t.app);
    await ok(
      t.app,
      '/api/cart/add-to-cart',
      {
        productId: await productOf('host-linux-5g'),
        cycle: 'monthly',
        domainName: freshName('site'),
      },
      customer.token,
    );
    const order = await ok(t.app, '/api/cart/submit-order', {}, customer.token);
    expect(order.lines.map((line) => line.domain)).toEqual([null]);
  });
});

async function productOf(slug: string): Promise<string> {
  return (await ok(t.app, '/api/store/get-product', { slug })).id;
}

import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { products, services } from '../../schema';
import { ok, refused, send } from '../../test/api-kit';
import { setupTestApp } from '../../test/test-app';
import {
  type Customer,
  catalogPrice,
  chooseAtSandbox,
  createCustomer,
  expectBooksBalanced,
  fillCart,
  grantCredit,
  PAID_THEME,
} from '../orders/checkout-test-kit';
import { DISCOUNT_PROBLEMS } from '../orders/discount-rules';
import { readBalance } from '../wallet/wallet.service';
import {
  buyService,
  DAY_MS,
  deliverByHand,
  freshDomain,
  serviceRow,
  setService,
} from './panel-test-kit';
import { addMonths } from './renewals';

const t = setupTestApp({ seedDemoData: true });

const renew = (who: Customer, serviceId: string, cycle?: 'monthly' | 'quarterly' | 'annual') =>
  ok(
    t.app,
    '/api/user/services/renew-service',
    cycle ? { serviceId, cycle } : { serviceId },
    who.token,
  );

async function renewRefused(who: Customer, body: Record<string, unknown>, status = 422) {
  return refused(t.app, '/api/user/services/renew-service', body, who.token, status);
}

const getCart = (who: Customer) => ok(t.app, '/api/cart/get-cart', {}, who.token);

async function servicesOf(userId: string) {
  return t.app.db.select().from(services).where(eq(services.userId, userId));
}

/** Submits the cart and pays it all from credit granted for it; answers the paid order. */
async function submitAndPayByWallet(who: Customer) {
  const order = await ok(t.app, '/api/cart/submit-order', {}, who.token);
  await grantCredit(t.app.db, who.id, order.totalRial);
  return ok(t.app, '/api/cart/use-wallet-in-order', { orderId: order.id }, who.token);
}

const hosting = () => ({ slug: 'host-linux-5g', cycle: 'monthly' as const, domain: freshDomain() });

describe('renew-service puts a renewal in the cart', () => {
  test('at the cycle price alone: no setup fee, no theme price', async () => {
    const customer = await createCustomer(t.app);
    const vps = await deliverByHand(
      t.app,
      await buyService(t.app, customer, { slug: 'vps-2core', cycle: 'monthly' }),
    );
    const site = await buyService(t.app, customer, {
      slug: 'builder-business',
      cycle: 'monthly',
      theme: PAID_THEME,
      domain: freshDomain(),
    });
    await renew(customer, vps.id);
    const cart = await renew(customer, site.id);
    expect(cart.cartToken).toBeNull();
    expect(cart.lines).toHaveLength(2);
    const [vpsLine, siteLine] = cart.lines;
    expect(vpsLine).toMatchObject({
      product: { slug: 'vps-2core' },
      cycle: 'monthly',
      renewal: {
        serviceId: vps.id,
        serviceName: vps.name,
        expiresAt: vps.expiresAt?.toISOString(),
      },
      priceRial: await catalogPrice(t.app.db, 'vps-2core', 'monthly'),
      setupFeeRial: 0,
      themePriceRial: 0,
      discountRial: 0,
    });
    expect(vpsLine?.totalRial).toBe(vpsLine?.priceRial);
    expect(siteLine).toMatchObject({
      product: { slug: 'builder-business' },
      renewal: { serviceId: site.id },
      domainName: site.domainName,
      theme: null,
      priceRial: await catalogPrice(t.app.db, 'builder-business', 'monthly'),
      setupFeeRial: 0,
      themePriceRial: 0,
    });
    expect(cart.totalRial - cart.vatRial).toBe(
      (vpsLine?.priceRial ?? 0) + (siteLine?.priceRial ?? 0),
    );
  });

  test('once per service: renewing again changes the same line’s cycle', async () => {
    const customer = await createCustomer(t.app);
    const service = await buyService(t.app, customer, hosting());
    const first = await renew(customer, service.id);
    expect(first.lines.map((line) => line.cycle)).toEqual(['monthly']);
    const again = await renew(customer, service.id, 'annual');
    expect(again.lines).toHaveLength(1);
    expect(again.lines[0]?.id).toBe(first.lines[0]?.id);
    expect(again.lines[0]?.cycle).toBe('annual');
    expect(again.lines[0]?.priceRial).toBe(await catalogPrice(t.app.db, 'host-linux-5g', 'annual'));
    // The cart's own cycle change works on a renewal line too.
    const changed = await ok(
      t.app,
      '/api/cart/update-cart-product',
      { lineId: first.lines[0]?.id ?? '', cycle: 'quarterly' },
      customer.token,
    );
    expect(changed.lines[0]).toMatchObject({
      cycle: 'quarterly',
      renewal: { serviceId: service.id },
    });
  });

  test('a renewal beside a new purchase of the same product stays its own line', async () => {
    const customer = await createCustomer(t.app);
    const line = hosting();
    const service = await buyService(t.app, customer, line);
    await renew(customer, service.id);
    const cart = await fillCart(t.app, { token: customer.token }, [line]);
    expect(cart.lines.map((row) => row.renewal?.serviceId ?? null)).toEqual([service.id, null]);
    expect(cart.lines[1]?.domainName).toBe(line.domain);
  });

  test('priced at the sale price when the cycle is on sale', async () => {
    const customer = await createCustomer(t.app);
    const shop = await buyService(t.app, customer, {
      slug: 'builder-shop',
      cycle: 'monthly',
      theme: PAID_THEME,
      domain: freshDomain(),
    });
    const cart = await renew(customer, shop.id, 'annual');
    expect(cart.lines[0]).toMatchObject({ priceRial: 79_000_000, regularPriceRial: 89_000_000 });
    expect(cart.lines[0]?.priceRial).toBe(await catalogPrice(t.app.db, 'builder-shop', 'annual'));
  });

  test('the services list says the renewal is in the cart, with every cycle’s price', async () => {
    const customer = await createCustomer(t.app);
    const service = await buyService(t.app, customer, hosting());
    const before = await ok(t.app, '/api/user/services/get-user-services', {}, customer.token);
    expect(before.items[0]?.renewal).toMatchObject({ cycle: 'monthly', inCart: false });
    expect(before.items[0]?.renewal?.cycles.map((price) => price.cycle)).toEqual([
      'monthly',
      'quarterly',
      'semiannual',
      'annual',
    ]);
    await renew(customer, service.id);
    const after = await ok(t.app, '/api/user/services/get-user-services', {}, customer.token);
    expect(after.items[0]?.renewal?.inCart).toBe(true);
  });
});

describe('paying for a renewal extends the service instead of making one', () => {
  test('by wallet: the cycle is added to the old expiry, and no service is created', async () => {
    const customer = await createCustomer(t.app);
    const service = await buyService(t.app, customer, hosting());
    const oldExpiry = service.expiresAt ?? new Date(0);
    await renew(customer, service.id);
    const paid = await submitAndPayByWallet(customer);
    expect(paid.status).toBe('paid');
    expect(paid.lines).toEqual([
      expect.objectContaining({
        productSlug: 'host-linux-5g',
        renewsServiceId: service.id,
        domainName: service.domainName,
        setupFeeRial: 0,
        themePriceRial: 0,
      }),
    ]);
    const after = await serviceRow(t.app, service.id);
    expect(after.expiresAt).toEqual(addMonths(oldExpiry, 1));
    expect(after.status).toBe('active');
    expect(await servicesOf(customer.id)).toHaveLength(1);
    expect((await getCart(customer)).lines).toEqual([]);
    const info = await ok(t.app, '/api/user/get-user-info', {}, customer.token);
    expect(info).toMatchObject({ ordersCount: 2, servicesCount: 1 });
    await expectBooksBalanced(t.app.db);
  });

  test('through the sandbox gateway, switching the cycle to annual', async () => {
    const customer = await createCustomer(t.app);
    const service = await buyService(t.app, customer, hosting());
    await renew(customer, service.id, 'annual');
    const order = await ok(t.app, '/api/cart/submit-order', {}, customer.token);
    expect(order.totalRial - order.vatRial).toBe(
      await catalogPrice(t.app.db, 'host-linux-5g', 'annual'),
    );
    const started = await ok(t.app, '/api/pay/pay-order', { orderId: order.id }, customer.token);
    const back = await chooseAtSandbox(t.app, started.redirectUrl, 'pay');
    const verified = await ok(t.app, '/api/pay/verify-pay-order', { authority: back.authority });
    expect(verified).toMatchObject({ status: 'paid', orderId: order.id });
    const after = await serviceRow(t.app, service.id);
    expect(after.cycle).toBe('annual');
    expect(after.expiresAt).toEqual(addMonths(service.expiresAt ?? new Date(0), 12));
    expect(await servicesOf(customer.id)).toHaveLength(1);
    await expectBooksBalanced(t.app.db);
  });

  test('an expired service is renewed from the day it is paid, not from its old expiry', async () => {
    const customer = await createCustomer(t.app);
    const bought = await buyService(t.app, customer, hosting());
    const service = await setService(t.app, bought.id, {
      status: 'expired',
      expiresAt: new Date(Date.now() - 40 * DAY_MS),
    });
    const listed = await ok(t.app, '/api/user/services/get-user-services', {}, customer.token);
    expect(listed.items[0]).toMatchObject({ status: 'expired', renewal: { cycle: 'monthly' } });
    await renew(customer, service.id, 'quarterly');
    const paid = await submitAndPayByWallet(customer);
    const after = await serviceRow(t.app, service.id);
    expect(after.status).toBe('active');
    expect(after.cycle).toBe('quarterly');
    expect(after.expiresAt).toEqual(addMonths(new Date(paid.paidAt ?? 0), 3));
    await expectBooksBalanced(t.app.db);
  });

  test('a discount code covers a renewal like any line, its restrictions included', async () => {
    const customer = await createCustomer(t.app);
    const service = await buyService(t.app, customer, hosting());
    await renew(customer, service.id, 'annual');
    const withCode = await ok(
      t.app,
      '/api/cart/apply-discount-code-in-cart',
      { code: 'VITRIN10' },
      customer.token,
    );
    const price = await catalogPrice(t.app.db, 'host-linux-5g', 'annual');
    expect(withCode.discountRial).toBe(Math.floor(price / 100) * 10);
    // BUILDER30 covers the website-builder group only: not a hosting renewal.
    const error = await refused(
      t.app,
      '/api/cart/apply-discount-code-in-cart',
      { code: 'BUILDER30' },
      customer.token,
      422,
    );
    expect(error.message).toBe(DISCOUNT_PROBLEMS.noLines);
    const order = await ok(t.app, '/api/cart/submit-order', {}, customer.token);
    expect(order).toMatchObject({
      discountCode: 'VITRIN10',
      totalRial: price - withCode.discountRial + order.vatRial,
    });
    expect(order.lines[0]?.renewsServiceId).toBe(service.id);
  });
});

describe('what cannot be renewed', () => {
  test('a cancelled, suspended or pending service, each with its reason', async () => {
    const customer = await createCustomer(t.app);
    const reasons = {
      cancelled: 'این سرویس لغو شده و قابل تمدید نیست',
      suspended: 'این سرویس معلق شده است و تا رفع تعلیق قابل تمدید نیست؛ با پشتیبانی تماس بگیرید',
      pending: 'این سرویس هنوز راه‌اندازی نشده است و قابل تمدید نیست',
    } as const;
    for (const [status, reason] of Object.entries(reasons)) {
      const service = await buyService(t.app, customer, hosting());
      await setService(t.app, service.id, { status: status as keyof typeof reasons });
      const error = await renewRefused(customer, { serviceId: service.id });
      expect(error).toMatchObject({ code: 'SERVICE_NOT_RENEWABLE', message: reason });
      const listed = await ok(
        t.app,
        '/api/user/services/get-service-detail',
        { serviceId: service.id },
        customer.token,
      );
      expect(listed.renewal).toBeNull();
    }
    expect((await getCart(customer)).lines).toEqual([]);
  });

  test('a product no longer sold, or a cycle it is not sold for', async () => {
    const customer = await createCustomer(t.app);
    // A VPS is sold monthly and quarterly, never by the year.
    const vps = await deliverByHand(
      t.app,
      await buyService(t.app, customer, { slug: 'vps-2core', cycle: 'monthly' }),
    );
    const error = await renewRefused(customer, { serviceId: vps.id, cycle: 'annual' });
    expect(error).toMatchObject({
      code: 'SERVICE_NOT_RENEWABLE',
      message: 'این سرویس با این دورهٔ پرداخت تمدید نمی‌شود',
      fields: { cycle: 'این سرویس با این دورهٔ پرداخت تمدید نمی‌شود' },
    });

    const mail = await deliverByHand(
      t.app,
      await buyService(t.app, customer, {
        slug: 'email-team',
        cycle: 'quarterly',
        domain: freshDomain(),
      }),
    );
    await hideProduct('email-team', async () => {
      const hidden = await renewRefused(customer, { serviceId: mail.id });
      expect(hidden).toMatchObject({
        code: 'SERVICE_NOT_RENEWABLE',
        message: 'محصول این سرویس دیگر فروخته نمی‌شود و سرویس قابل تمدید نیست',
      });
      const listed = await ok(t.app, '/api/user/services/get-user-services', {}, customer.token);
      expect(listed.items.find((item) => item.id === mail.id)?.renewal).toBeNull();
    });
  });

  test('another person’s service is not found, told apart from nothing', async () => {
    const owner = await createCustomer(t.app);
    const other = await createCustomer(t.app);
    const service = await buyService(t.app, owner, hosting());
    const theirs = await renewRefused(other, { serviceId: service.id }, 404);
    const missing = await renewRefused(other, { serviceId: randomUUID() }, 404);
    expect(theirs).toEqual(missing);
    expect(theirs).toEqual({ code: 'NOT_FOUND', message: 'این سرویس پیدا نشد' });
    expect((await getCart(other)).lines).toEqual([]);
  });

  test('bad payloads are refused and change nothing; a visitor is asked to sign in', async () => {
    const customer = await createCustomer(t.app);
    const service = await buyService(t.app, customer, hosting());
    for (const body of [
      {},
      { serviceId: 'not-an-id' },
      { serviceId: service.id, cycle: 'weekly' },
      { serviceId: service.id, cycle: null },
      { serviceId: service.id, extra: 1 },
      { serviceId: [service.id] },
    ]) {
      const error = await renewRefused(customer, body, 400);
      expect(error.code, JSON.stringify(body)).toBe('VALIDATION');
    }
    const visitor = await send(t.app, '/api/user/services/renew-service', {
      serviceId: service.id,
    });
    expect(visitor.statusCode).toBe(401);
    expect((await getCart(customer)).lines).toEqual([]);
  });
});

describe('a renewal that stops being possible', () => {
  test('is dropped from the cart on the next read, with the reason; submit refuses first', async () => {
    const customer = await createCustomer(t.app);
    const kept = await buyService(t.app, customer, hosting());
    const stopped = await buyService(t.app, customer, hosting());
    await renew(customer, kept.id);
    await renew(customer, stopped.id);
    await setService(t.app, stopped.id, { status: 'cancelled' });
    const error = await refused(t.app, '/api/cart/submit-order', {}, customer.token, 422);
    expect(error).toMatchObject({
      code: 'SERVICE_NOT_RENEWABLE',
      message: 'این سرویس لغو شده و قابل تمدید نیست',
    });
    const cart = await getCart(customer);
    expect(cart.lines.map((line) => line.renewal?.serviceId)).toEqual([kept.id]);
    expect(cart.removedNotice).toBe(
      `تمدید «${stopped.name}» از سبد حذف شد: این سرویس لغو شده و قابل تمدید نیست`,
    );
    expect((await getCart(customer)).removedNotice).toBeNull();
    const order = await ok(t.app, '/api/cart/submit-order', {}, customer.token);
    expect(order.lines.map((line) => line.renewsServiceId)).toEqual([kept.id]);
  });

  test('while an order renewing it waits for payment, it is not renewed twice', async () => {
    const customer = await createCustomer(t.app);
    const service = await buyService(t.app, customer, hosting());
    await renew(customer, service.id);
    const order = await ok(t.app, '/api/cart/submit-order', {}, customer.token);
    const error = await renewRefused(customer, { serviceId: service.id, cycle: 'annual' });
    expect(error.code).toBe('SERVICE_NOT_RENEWABLE');
    expect(error.message).toMatch(/^تمدید این سرویس در سفارش [۰-۹]+ در انتظار پرداخت است/);
    await ok(t.app, '/api/user/orders/cancel-order', { orderId: order.id }, customer.token);
    const cart = await renew(customer, service.id, 'annual');
    expect(cart.lines[0]?.renewal?.serviceId).toBe(service.id);
  });

  test('staff stop the service after submit: paying is refused, cancelling gives credit back', async () => {
    const customer = await createCustomer(t.app);
    const service = await buyService(t.app, customer, hosting());
    await renew(customer, service.id);
    const order = await ok(t.app, '/api/cart/submit-order', {}, customer.token);
    await grantCredit(t.app.db, customer.id, order.totalRial);
    await ok(
      t.app,
      '/api/cart/use-wallet-in-order',
      { orderId: order.id, amountRial: 100_000 },
      customer.token,
    );
    await setService(t.app, service.id, { status: 'suspended' });
    const message = `سرویس «${service.name}» دیگر قابل تمدید نیست؛ این سفارش را لغو کنید`;
    for (const path of ['/api/pay/pay-order', '/api/cart/use-wallet-in-order'] as const) {
      const error = await refused(t.app, path, { orderId: order.id }, customer.token, 422);
      expect(error).toEqual({ code: 'SERVICE_NOT_RENEWABLE', message });
    }
    await ok(t.app, '/api/user/orders/cancel-order', { orderId: order.id }, customer.token);
    expect(await readBalance(t.app.db, customer.id)).toBe(order.totalRial);
    const after = await serviceRow(t.app, service.id);
    expect(after).toMatchObject({ status: 'suspended', expiresAt: service.expiresAt });
    await expectBooksBalanced(t.app.db);
  });

  test('stopped while the person is at the gateway: the order is paid, the period is added, the status stays', async () => {
    const customer = await createCustomer(t.app);
    const service = await buyService(t.app, customer, hosting());
    await renew(customer, service.id);
    const order = await ok(t.app, '/api/cart/submit-order', {}, customer.token);
    const started = await ok(t.app, '/api/pay/pay-order', { orderId: order.id }, customer.token);
    await setService(t.app, service.id, { status: 'cancelled' });
    const back = await chooseAtSandbox(t.app, started.redirectUrl, 'pay');
    const verified = await ok(t.app, '/api/pay/verify-pay-order', { authority: back.authority });
    // The money the gateway took paid the order: never lost, never applied twice.
    expect(verified).toMatchObject({ status: 'paid', creditedToWallet: false });
    const after = await serviceRow(t.app, service.id);
    // Staff stopped it: paying never brings it back; the period paid for stays with it.
    expect(after.status).toBe('cancelled');
    expect(after.expiresAt).toEqual(addMonths(service.expiresAt ?? new Date(0), 1));
    expect(await servicesOf(customer.id)).toHaveLength(1);
    await expectBooksBalanced(t.app.db);
  });
});

describe('carts and signing in', () => {
  test('a visitor cart merged into an account keeps the account’s renewal', async () => {
    const customer = await createCustomer(t.app);
    const service = await buyService(t.app, customer, hosting());
    await renew(customer, service.id);
    const visitor = await fillCart(t.app, {}, [
      { slug: 'email-team', cycle: 'monthly', domain: freshDomain() },
    ]);
    const merged = await ok(
      t.app,
      '/api/cart/get-cart',
      { cartToken: visitor.cartToken ?? '' },
      customer.token,
    );
    expect(merged.cartToken).toBeNull();
    expect(
      merged.lines.map((line) => [line.product.slug, line.renewal?.serviceId ?? null]),
    ).toEqual([
      ['host-linux-5g', service.id],
      ['email-team', null],
    ]);
    expect(visitor.lines.every((line) => line.renewal === null)).toBe(true);
  });
});

test('after everything in this file the books balance', async () => {
  await expectBooksBalanced(t.app.db);
});

/** Hides a product for the length of `body`: what staff do when they stop selling it. */
async function hideProduct(slug: string, body: () => Promise<void>): Promise<void> {
  await t.app.db.update(products).set({ status: 'hidden' }).where(eq(products.slug, slug));
  try {
    await body();
  } finally {
    await t.app.db.update(products).set({ status: 'active' }).where(eq(products.slug, slug));
  }
}

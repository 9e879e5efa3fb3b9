import {
  adminRefundOrder,
  changeServicePlan,
  getPlanChangeOptions,
  getServiceDetail,
  renewService,
  vatOf,
} from '@vitrin/contracts';
import { toPersianDigits } from '@vitrin/fa';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import {
  billingDocuments,
  orderLines,
  orders,
  products,
  sandboxPanelAccounts,
  serviceEvents,
} from '../../schema';
import { ok, refused, type SignedInUser } from '../../test/api-kit';
import { createStaff } from '../../test/staff-kit';
import { setupTestApp } from '../../test/test-app';
import {
  catalogPrice,
  chooseAtSandbox,
  createCustomer,
  DEMO_CUSTOMER,
  expectBooksBalanced,
  grantCredit,
  productIdOf,
  signIn,
  useWallet,
} from '../orders/checkout-test-kit';
import { readBalance } from '../wallet';
import { buyService, deliverByHand, freshDomain, serviceRow } from './panel-test-kit';
import { calculatePlanChange, PLAN_CHANGE_PROBLEMS, termOf } from './plan-change';
import { services } from './schema';

// Changing a service's plan (issue 20, decision 0021): the prorated calculation, an upgrade paid
// as an order, a downgrade credited at once, the panel's package following, and the refusals
// that keep a term from being priced twice.

const t = setupTestApp({ seedDemoData: true });
let admin: SignedInUser;

beforeAll(async () => {
  admin = await createStaff(t.app, 'admin');
});

/** The order whose line bought `serviceId`. */
async function orderOfService(serviceId: string) {
  const { orderLineId } = await serviceRow(t.app, serviceId);
  const [row] = await t.app.db
    .select({ order: orders })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(eq(orderLines.id, orderLineId ?? ''));
  if (!row) throw new Error(`no order bought ${serviceId}`);
  return row.order;
}

async function panelPackage(username: string | null) {
  const [row] = await t.app.db
    .select({ packageName: sandboxPanelAccounts.packageName })
    .from(sandboxPanelAccounts)
    .where(eq(sandboxPanelAccounts.username, username ?? ''));
  return row?.packageName ?? null;
}

/** The sandbox account's disk and bandwidth limits, in MiB (null: unlimited). */
async function panelLimits(username: string | null) {
  const [row] = await t.app.db
    .select({
      disk: sandboxPanelAccounts.diskLimitMb,
      bandwidth: sandboxPanelAccounts.bandwidthLimitMb,
    })
    .from(sandboxPanelAccounts)
    .where(eq(sandboxPanelAccounts.username, username ?? ''));
  return row ?? null;
}

const hosting = (slug: string) => ({ slug, cycle: 'monthly' as const, domain: freshDomain() });

async function optionsOf(customer: SignedInUser, serviceId: string) {
  return ok(t.app, getPlanChangeOptions.path, { serviceId }, customer.token);
}

/** The option to move `serviceId` to the plan `slug` (the first offered when left out). */
async function optionTo(customer: SignedInUser, serviceId: string, slug?: string) {
  const { options } = await optionsOf(customer, serviceId);
  const option = slug ? options.find((candidate) => candidate.productSlug === slug) : options[0];
  if (!option) throw new Error(`no option ${slug ?? ''}`);
  return option;
}

/** Changes the plan with the figure the option showed. */
function changeTo(
  customer: SignedInUser,
  serviceId: string,
  option: { productId: string; calculation: { differenceRial: number } },
) {
  return ok(
    t.app,
    changeServicePlan.path,
    {
      serviceId,
      productId: option.productId,
      expectedDifferenceRial: option.calculation.differenceRial,
    },
    customer.token,
  );
}

describe('the calculation', () => {
  test('credits the unused days of the current plan and charges the new one for the same days', () => {
    expect(calculatePlanChange(1_090_000, 1_990_000, 31, 30)).toEqual({
      currentPriceRial: 1_090_000,
      newPriceRial: 1_990_000,
      termDays: 31,
      remainingDays: 30,
      creditRial: 1_054_839,
      costRial: 1_925_806,
      differenceRial: 870_967,
    });
    expect(calculatePlanChange(1_990_000, 1_090_000, 30, 15).differenceRial).toBe(-450_000);
    expect(calculatePlanChange(1_000, 1_000, 30, 7).differenceRial).toBe(0);
  });

  test('a term is the cycle that ends at the expiry; the days left are whole days', () => {
    const expiresAt = new Date('2026-03-31T10:00:00Z');
    expect(termOf(expiresAt, 'monthly', new Date('2026-03-01T10:00:00Z'))).toEqual({
      // 28 Feb to 31 Mar: the month is clamped to February's last day.
      termDays: 31,
      remainingDays: 30,
    });
    // Days as Tehran's calendar counts them: 22:30 on the 30th is a day before, 00:30 on the
    // 31st (21:00 UTC) is the last day.
    expect(termOf(expiresAt, 'annual', new Date('2026-03-30T19:00:00Z'))).toEqual({
      termDays: 365,
      remainingDays: 1,
    });
    expect(termOf(expiresAt, 'annual', new Date('2026-03-30T21:00:00Z'))).toEqual({
      termDays: 365,
      remainingDays: 0,
    });
  });
});

describe('get-plan-change-options', () => {
  test('lists the other plans of the group on the same panel group, each worked out', async () => {
    const customer = await createCustomer(t.app);
    const service = await buyService(t.app, customer, hosting('host-linux-1g'));
    const answer = await optionsOf(customer, service.id);
    expect(answer.problem).toBeNull();
    expect(answer.currentProductName).toBe('هاست لینوکس ۱ گیگ');
    expect(answer.options.map((option) => option.productSlug)).toEqual([
      'host-linux-5g',
      'host-linux-20g',
    ]);
    const { termDays, remainingDays } = termOf(service.expiresAt as Date, 'monthly', new Date());
    const twenty = answer.options.find((option) => option.productSlug === 'host-linux-20g');
    expect(twenty).toMatchObject({
      direction: 'upgrade',
      cycle: 'monthly',
      calculation: calculatePlanChange(
        await catalogPrice(t.app.db, 'host-linux-1g', 'monthly'),
        await catalogPrice(t.app.db, 'host-linux-20g', 'monthly'),
        termDays,
        remainingDays,
      ),
    });
  });

  test('says why when the service is not active, and hides another person’s service', async () => {
    const customer = await createCustomer(t.app);
    const service = await buyService(t.app, customer, hosting('host-linux-1g'));
    await ok(
      t.app,
      '/api/admin/services/suspend-service',
      { serviceId: service.id, reason: 'بررسی محتوا' },
      admin.token,
    );
    const answer = await optionsOf(customer, service.id);
    expect(answer).toMatchObject({ problem: 'پلن فقط برای سرویس فعال تغییر می‌کند', options: [] });
    const stranger = await createCustomer(t.app);
    await refused(t.app, getPlanChangeOptions.path, { serviceId: service.id }, stranger.token, 404);
    await refused(
      t.app,
      changeServicePlan.path,
      {
        serviceId: service.id,
        productId: await productIdOf(t.app.db, 'host-linux-5g'),
        expectedDifferenceRial: 0,
      },
      stranger.token,
      404,
    );
  });

  test('a service delivered by hand (a domain, a VPS) has no plan to move to, and moving it is refused', async () => {
    const customer = await createCustomer(t.app);
    const vps = await deliverByHand(
      t.app,
      await buyService(t.app, customer, { slug: 'vps-2core', cycle: 'monthly' }),
    );
    // A domain is bought as a domain now (issue 38), never as a service; the services of domain
    // products bought before stay, as the demo customer's sara-gallery.ir.
    const demo = await signIn(t.app, DEMO_CUSTOMER.username, DEMO_CUSTOMER.password);
    const sara = { id: demo.id, mobile: '+989121234567', token: demo.token };
    const [oldDomain] = await t.app.db
      .select({ service: services })
      .from(services)
      .innerJoin(products, eq(products.id, services.productId))
      .where(and(eq(services.userId, sara.id), eq(products.slug, 'domain-ir')));
    if (!oldDomain) throw new Error('the demo customer has no domain service');
    for (const [slug, other, owner, service] of [
      ['domain-ir', 'domain-com', sara, oldDomain.service],
      ['vps-2core', 'vps-4core', customer, vps],
    ] as const) {
      expect(service.status, slug).toBe('active');
      const answer = await optionsOf(owner, service.id);
      expect(answer, slug).toMatchObject({
        offered: false,
        problem: PLAN_CHANGE_PROBLEMS.notReplaceable,
        options: [],
      });
      const problem = await refused(
        t.app,
        changeServicePlan.path,
        {
          serviceId: service.id,
          productId: await productIdOf(t.app.db, other),
          expectedDifferenceRial: 0,
        },
        owner.token,
        409,
      );
      expect(problem.message).toBe(PLAN_CHANGE_PROBLEMS.notReplaceable);
      expect((await serviceRow(t.app, service.id)).productId).toBe(service.productId);
    }
    const hosted = await buyService(t.app, customer, hosting('host-linux-1g'));
    expect((await optionsOf(customer, hosted.id)).offered).toBe(true);
  });

  test('on its last day a service is renewed first', async () => {
    const customer = await createCustomer(t.app);
    const service = await buyService(t.app, customer, hosting('host-linux-1g'));
    await t.app.db
      .update(services)
      // Later today, or (at midnight in Tehran) just past: either way the last day.
      .set({ expiresAt: new Date(Date.now() + 1_000) })
      .where(eq(services.id, service.id));
    expect((await optionsOf(customer, service.id)).problem).toContain('آخرین روز');
  });
});

describe('an upgrade', () => {
  test('is an order of the difference; paid, the service and its panel package move', async () => {
    const customer = await createCustomer(t.app);
    const service = await buyService(t.app, customer, hosting('host-linux-1g'));
    expect(await panelPackage(service.panelUsername)).toBe('host-linux-1g');
    const option = await optionTo(customer, service.id, 'host-linux-20g');

    const placed = await changeTo(customer, service.id, option);
    expect(placed).toMatchObject({ outcome: 'order', creditedRial: 0 });
    const order = await ok(
      t.app,
      '/api/user/orders/order-get-detail',
      { orderId: placed.orderId as string },
      customer.token,
    );
    // The difference is net: VAT is added on it at the rate of the day.
    expect(order).toMatchObject({
      status: 'pending',
      vatRial: vatOf(option.calculation.differenceRial, 1000),
      totalRial: option.calculation.differenceRial + vatOf(option.calculation.differenceRial, 1000),
      discountRial: 0,
    });
    expect(order.lines).toHaveLength(1);
    expect(order.lines[0]).toMatchObject({
      productSlug: 'host-linux-20g',
      renewsServiceId: null,
      planChange: {
        serviceId: service.id,
        fromProductName: 'هاست لینوکس ۱ گیگ',
        calculation: option.calculation,
      },
      totalRial: option.calculation.differenceRial,
    });
    // Nothing moves before it is paid; a second change or a renewal waits for this order.
    expect((await serviceRow(t.app, service.id)).productId).toBe(service.productId);
    const waiting = await optionsOf(customer, service.id);
    expect(waiting.problem).toContain(`سفارش ${toPersianDigits(order.number)} در انتظار پرداخت`);
    expect(waiting).toMatchObject({ pendingOrderId: order.id, options: [] });
    const renewal = await refused(
      t.app,
      renewService.path,
      { serviceId: service.id },
      customer.token,
      422,
    );
    expect(renewal.message).toContain('تغییر پلن این سرویس');

    await grantCredit(t.app.db, customer.id, order.totalRial);
    await useWallet(t.app, customer, order.id);
    await t.app.jobs.drain();
    const moved = await serviceRow(t.app, service.id);
    expect(moved).toMatchObject({
      productId: option.productId,
      packageName: 'host-linux-20g',
      status: 'active',
      expiresAt: service.expiresAt,
    });
    expect(moved.name).toContain('هاست لینوکس ۲۰ گیگ');
    expect(await panelPackage(service.panelUsername)).toBe('host-linux-20g');
    // The new plan's limits go with the package (issue 35): 20 GB, unlimited bandwidth.
    expect(await panelLimits(service.panelUsername)).toEqual({ disk: 20 * 1024, bandwidth: null });
    const events = await t.app.db
      .select({ kind: serviceEvents.kind })
      .from(serviceEvents)
      .where(eq(serviceEvents.serviceId, service.id));
    expect(events.map((event) => event.kind)).toEqual(
      expect.arrayContaining(['plan.ordered', 'plan.changed', 'panel.change-package']),
    );
    const detail = await ok(
      t.app,
      getServiceDetail.path,
      { serviceId: service.id },
      customer.token,
    );
    expect(detail.history[0]).toMatchObject({ kind: 'plan-change', orderId: order.id });
    await expectBooksBalanced(t.app.db);
  });

  test('a figure the person was not shown changes nothing', async () => {
    const customer = await createCustomer(t.app);
    const service = await buyService(t.app, customer, hosting('host-linux-1g'));
    const option = await optionTo(customer, service.id);
    const error = await refused(
      t.app,
      changeServicePlan.path,
      {
        serviceId: service.id,
        productId: option.productId,
        expectedDifferenceRial: option.calculation.differenceRial - 1,
      },
      customer.token,
      409,
    );
    expect(error.message).toContain('محاسبهٔ تازه');
    const placed = await t.app.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.changesServiceId, service.id));
    expect(placed).toHaveLength(0);
    const other = await refused(
      t.app,
      changeServicePlan.path,
      {
        serviceId: service.id,
        productId: await productIdOf(t.app.db, 'builder-business'),
        expectedDifferenceRial: 0,
      },
      customer.token,
      400,
    );
    expect(other.fields?.productId).toBe('این پلن برای این سرویس در دسترس نیست');
  });

  test('paid after staff stopped the service, the money goes to the wallet and the plan stays', async () => {
    const customer = await createCustomer(t.app);
    const service = await buyService(t.app, customer, hosting('host-linux-1g'));
    const option = await optionTo(customer, service.id);
    const placed = await changeTo(customer, service.id, option);
    const orderId = placed.orderId as string;
    // The person goes to the gateway; meanwhile staff suspend the service.
    const started = await ok(t.app, '/api/pay/pay-order', { orderId }, customer.token);
    await ok(
      t.app,
      '/api/admin/services/suspend-service',
      { serviceId: service.id, reason: 'بررسی محتوا' },
      admin.token,
    );
    // Wallet payment is refused up front…
    await grantCredit(t.app.db, customer.id, withVat(option.calculation.differenceRial));
    const refusal = await refused(
      t.app,
      '/api/cart/use-wallet-in-order',
      { orderId },
      customer.token,
      409,
    );
    expect(refusal.message).toContain('این سفارش را لغو کنید');
    // …and a gateway payment started before is settled, and handed back as credit at once,
    // against the order's invoice, with a credit note.
    const [line] = await t.app.db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
    if (!line) throw new Error('no line');
    const before = await readBalance(t.app.db, customer.id);
    const back = await chooseAtSandbox(t.app, started.redirectUrl, 'pay');
    await ok(t.app, '/api/pay/verify-pay-order', { authority: back.authority, status: 'OK' });
    const paidRial = line.totalRial + line.vatRial;
    expect(await readBalance(t.app.db, customer.id)).toBe(before + paidRial);
    const [order] = await t.app.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ status: 'paid', refundedRial: paidRial });
    const documents = await t.app.db
      .select({ kind: billingDocuments.kind, totalRial: billingDocuments.totalRial })
      .from(billingDocuments)
      .where(eq(billingDocuments.orderId, orderId));
    expect(documents).toEqual(
      expect.arrayContaining([
        { kind: 'sales', totalRial: paidRial },
        { kind: 'credit-note', totalRial: paidRial },
      ]),
    );
    expect((await serviceRow(t.app, service.id)).productId).toBe(service.productId);
    await expectBooksBalanced(t.app.db);
  });

  test('refunded by staff, the service goes back to its plan and package', async () => {
    const customer = await createCustomer(t.app);
    const service = await buyService(t.app, customer, hosting('host-linux-5g'));
    const option = await optionTo(customer, service.id, 'host-linux-20g');
    const placed = await changeTo(customer, service.id, option);
    await grantCredit(t.app.db, customer.id, withVat(option.calculation.differenceRial));
    await useWallet(t.app, customer, placed.orderId as string);
    await t.app.jobs.drain();
    expect(await panelPackage(service.panelUsername)).toBe('host-linux-20g');

    const refund = await ok(
      t.app,
      adminRefundOrder.path,
      { orderId: placed.orderId as string, reason: 'مشتری پشیمان شد' },
      admin.token,
    );
    expect(refund.services).toEqual([
      expect.objectContaining({ id: service.id, relation: 'plan-changed' }),
    ]);
    await t.app.jobs.drain();
    const back = await serviceRow(t.app, service.id);
    expect(back).toMatchObject({
      productId: service.productId,
      packageName: 'host-linux-5g',
      status: 'active',
    });
    expect(await panelPackage(service.panelUsername)).toBe('host-linux-5g');
    expect(await readBalance(t.app.db, customer.id)).toBe(
      withVat(option.calculation.differenceRial),
    );
    await expectBooksBalanced(t.app.db);
  });
});

describe('a downgrade', () => {
  test('happens at once and the rest of the term goes to the wallet', async () => {
    const customer = await createCustomer(t.app);
    const service = await buyService(t.app, customer, hosting('host-linux-20g'));
    const answer = await optionsOf(customer, service.id);
    const option = answer.options.find((candidate) => candidate.productSlug === 'host-linux-1g');
    if (!option) throw new Error('no 1g option');
    expect(option.direction).toBe('downgrade');
    // The credit is worked from what was paid for the 20g plan.
    expect(option.calculation.currentPriceRial).toBe(
      await catalogPrice(t.app.db, 'host-linux-20g', 'monthly'),
    );
    const before = await readBalance(t.app.db, customer.id);
    const done = await changeTo(customer, service.id, option);
    // The unused days come back with the 10% VAT paid on them (decision 0022).
    const unused = -option.calculation.differenceRial;
    const credited = unused + vatOf(unused, 1000);
    // The option said so beforehand.
    expect(option.settlement).toEqual({ vatRial: credited - unused, totalRial: credited });
    expect(done).toEqual({ outcome: 'credited', orderId: null, creditedRial: credited });
    expect(await readBalance(t.app.db, customer.id)).toBe(before + credited);
    // …as a partial refund of the order that bought the term, with its credit note.
    const bought = await orderOfService(service.id);
    expect(bought.refundedRial).toBe(credited);
    const notes = await t.app.db
      .select()
      .from(billingDocuments)
      .where(
        and(eq(billingDocuments.orderId, bought.id), eq(billingDocuments.kind, 'credit-note')),
      );
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      netRial: unused,
      vatRial: credited - unused,
      totalRial: credited,
    });
    await t.app.jobs.drain();
    expect(await serviceRow(t.app, service.id)).toMatchObject({
      productId: option.productId,
      packageName: 'host-linux-1g',
      expiresAt: service.expiresAt,
    });
    expect(await panelPackage(service.panelUsername)).toBe('host-linux-1g');
    const unpaid = await t.app.db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, customer.id), eq(orders.status, 'pending')));
    expect(unpaid).toHaveLength(0);

    // Back up again: the credit now comes from the 1g plan's price, so the two swaps net out.
    const again = (await optionsOf(customer, service.id)).options.find(
      (candidate) => candidate.productSlug === 'host-linux-20g',
    );
    expect(again?.calculation.currentPriceRial).toBe(
      await catalogPrice(t.app.db, 'host-linux-1g', 'monthly'),
    );
    await expectBooksBalanced(t.app.db);
  });

  test('right after an upgrade, the credit comes from the upgrade order first, then the purchase', async () => {
    const customer = await createCustomer(t.app);
    const service = await buyService(t.app, customer, hosting('host-linux-5g'));
    const purchase = await orderOfService(service.id);
    const up = await optionTo(customer, service.id, 'host-linux-20g');
    const placed = await changeTo(customer, service.id, up);
    await grantCredit(t.app.db, customer.id, withVat(up.calculation.differenceRial));
    await useWallet(t.app, customer, placed.orderId as string);
    const down = await optionTo(customer, service.id, 'host-linux-1g');
    const unused = -down.calculation.differenceRial;
    // Down past the plan it was bought as: more comes back than the upgrade alone paid.
    expect(unused).toBeGreaterThan(up.calculation.differenceRial);
    expect(up.settlement.totalRial).toBe(withVat(up.calculation.differenceRial));
    // Each order rounds its own share's VAT: a Rial either way of the VAT on the whole.
    const credited = down.settlement.totalRial;
    expect(Math.abs(credited - withVat(unused))).toBeLessThanOrEqual(1);
    const before = await readBalance(t.app.db, customer.id);
    const done = await changeTo(customer, service.id, down);
    expect(done.creditedRial).toBe(credited);
    expect(await readBalance(t.app.db, customer.id)).toBe(before + credited);
    const [upgrade] = await t.app.db
      .select()
      .from(orders)
      .where(eq(orders.id, placed.orderId as string));
    // The upgrade order gives back all it took; the purchase the rest.
    expect(upgrade?.refundedRial).toBe(upgrade?.totalRial);
    const [bought] = await t.app.db.select().from(orders).where(eq(orders.id, purchase.id));
    expect((bought?.refundedRial ?? 0) + (upgrade?.refundedRial ?? 0)).toBe(credited);
    await expectBooksBalanced(t.app.db);
  });

  test('a plan bought at a discount never credits more than was paid', async () => {
    const customer = await createCustomer(t.app);
    const bought = await buyService(t.app, customer, hosting('host-linux-20g'));
    const [line] = await t.app.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.id, bought.orderLineId as string));
    if (!line) throw new Error('no line');
    // As if a code had taken 40% off the plan.
    const discount = Math.round(line.priceRial * 0.4);
    await t.app.db
      .update(orderLines)
      .set({ discountRial: discount, totalRial: line.totalRial - discount })
      .where(eq(orderLines.id, line.id));
    const option = (await optionsOf(customer, bought.id)).options.find(
      (candidate) => candidate.productSlug === 'host-linux-1g',
    );
    expect(option?.calculation.currentPriceRial).toBe(line.priceRial - discount);
  });
});

/** What an order of a net amount costs at the 10% in force. */
function withVat(netRial: number): number {
  return netRial + vatOf(netRial, 1000);
}

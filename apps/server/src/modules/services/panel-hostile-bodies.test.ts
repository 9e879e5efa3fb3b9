import {
  errorEnvelope,
  getDiscounts,
  getOrderSuccessfulPayments,
  getPanelSummary,
  getServiceDetail,
  getUserOrders,
  getUserServices,
  okEnvelope,
  renewService,
} from '@vitrin/contracts';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, expect, test } from 'vitest';
import { cartLines, carts, orders, services } from '../../schema';
import { send } from '../../test/api-kit';
import { setupTestApp } from '../../test/test-app';
import { type Customer, createCustomer, submitCart } from '../orders/checkout-test-kit';
import { buyService, freshDomain } from './panel-test-kit';

// The signed-in side of the hostile-bodies property (plugins/bad-input.property.test.ts asks
// without a token): every panel call, with a real customer's token, given hostile values and
// another customer's ids, answers the envelope, never a 5xx, and leaks or changes nothing.

const t = setupTestApp({ seedDemoData: true });
let caller: Customer;
let stranger: Customer;
let strangerIds: string[];
let ownIds: string[];
beforeAll(async () => {
  caller = await createCustomer(t.app);
  const own = await buyService(t.app, caller, {
    slug: 'host-linux-1g',
    cycle: 'monthly',
    domain: freshDomain(),
  });
  ownIds = [own.id, own.orderId ?? own.id];
  stranger = await createCustomer(t.app);
  const service = await buyService(t.app, stranger, {
    slug: 'host-linux-5g',
    cycle: 'monthly',
    domain: freshDomain(),
  });
  const order = await submitCart(t.app, stranger, [{ slug: 'vps-2core', cycle: 'monthly' }]);
  strangerIds = [service.id, order.id, service.orderId ?? order.id];
});

const calls = [
  getUserServices,
  getServiceDetail,
  renewService,
  getUserOrders,
  getOrderSuccessfulPayments,
  getDiscounts,
  getPanelSummary,
];

const hostileValue = () =>
  fc.oneof(
    fc.constantFrom(...strangerIds),
    // The caller's own ids too, so that some bodies are answered.
    fc.constantFrom(...ownIds),
    fc.uuid(),
    fc.string({ maxLength: 30 }),
    fc.constantFrom(
      '',
      '\u0000',
      "' or 1=1 --",
      'x'.repeat(5_000),
      'monthly',
      'annual',
      'weekly',
      'active',
      'paid',
    ),
    fc.constantFrom(-1, 0, 1, 100, 101, 2 ** 53 + 1, 0.5, 1e308, true, null),
    fc.array(fc.uuid(), { maxLength: 2 }),
  );

/** What the caller could see or change: their cart, orders and services, and the stranger's. */
async function footprint() {
  const rows = async (userId: string) => ({
    orders: await t.app.db.select().from(orders).where(eq(orders.userId, userId)),
    services: await t.app.db.select().from(services).where(eq(services.userId, userId)),
    cart: await t.app.db
      .select({ id: cartLines.id, cycle: cartLines.cycle })
      .from(cartLines)
      .innerJoin(carts, eq(carts.id, cartLines.cartId))
      .where(eq(carts.userId, userId)),
  });
  return { caller: await rows(caller.id), stranger: await rows(stranger.id) };
}

test.each(calls.map((call) => [call.path, call] as const))(
  'signed-in hostile bodies to %s never answer 5xx, never another person’s record',
  async (_, call) => {
    const fields = Object.keys(
      (call.request as unknown as { shape?: Record<string, unknown> }).shape ?? {},
    );
    const success = okEnvelope(call.response);
    await fc.assert(
      fc.asyncProperty(
        fc.record(Object.fromEntries(fields.map((name) => [name, hostileValue()])), {
          requiredKeys: [],
        }),
        async (body) => {
          const before = await footprint();
          const response = await send(t.app, call.path, body, caller.token);
          expect(response.statusCode).toBeLessThan(500);
          const text = response.body;
          // Nothing of the stranger's shows in anything the caller is told.
          for (const id of strangerIds) expect(text).not.toContain(id);
          if (response.statusCode === 200) {
            expect(success.safeParse(response.json()).success).toBe(true);
            return;
          }
          expect(errorEnvelope.parse(response.json()).error.message).toMatch(/[\u0600-\u06FF]/);
          expect(await footprint()).toEqual(before);
        },
      ),
      { numRuns: 60 },
    );
  },
);

import { toJalaliParts } from '@vitrin/fa';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { expect, test } from 'vitest';
import type { Database } from '../../db/client';
import { billingDocuments, orderLines, orders, payments } from '../../schema';
import { setupTestApp } from '../../test/test-app';
import {
  createCustomer,
  expectBooksBalanced,
  HOSTING_MONTH,
  submitCart,
} from '../orders/checkout-test-kit';
import { settlePayment } from '../orders/payments.service';

// Issue 21: invoice numbers are gapless per series and Jalali year, taken in the settling
// transaction. Only real PostgreSQL (server-postgres) runs 500 settlements at the same time.

const t = setupTestApp({ seedDemoData: true });
const SETTLEMENTS = 500;

test(`${SETTLEMENTS} settlements at once give ${SETTLEMENTS} invoice numbers with no gap and no repeat`, async () => {
  const customer = await createCustomer(t.app);
  const template = await submitCart(t.app, customer, [HOSTING_MONTH]);
  // Copies of one submitted order, each with a gateway attempt the gateway has confirmed.
  const copies = await t.app.db.transaction(async (tx) => {
    const created = await tx.execute(sql`
      insert into orders (user_id, subtotal_rial, discount_rial, vat_rial, total_rial, buyer, expires_at)
      select user_id, subtotal_rial, discount_rial, vat_rial, total_rial, buyer, expires_at
      from orders, generate_series(1, ${SETTLEMENTS}) where id = ${template.id}
      returning id`);
    const ids = (created as unknown as { rows: Array<{ id: string }> }).rows.map((row) => row.id);
    await tx.execute(sql`
      insert into order_lines (order_id, position, product_id, product_slug, product_name, group_name,
        cycle, domain_name, price_rial, setup_fee_rial, theme_price_rial, discount_rial, total_rial,
        vat_rate_bp, vat_rial)
      select o.id, l.position, l.product_id, l.product_slug, l.product_name, l.group_name, l.cycle,
        'copy-' || o.number || '.ir', l.price_rial, l.setup_fee_rial, l.theme_price_rial,
        l.discount_rial, l.total_rial, l.vat_rate_bp, l.vat_rial
      from order_lines l, orders o
      where l.order_id = ${template.id} and o.id in ${ids}`);
    return tx
      .insert(payments)
      .values(
        ids.map((orderId, index) => ({
          userId: customer.id,
          purpose: 'order' as const,
          orderId,
          amountRial: template.totalRial,
          gateway: 'sandbox',
          authority: `numbering-${index}`,
        })),
      )
      .returning({ id: payments.id, orderId: payments.orderId });
  });
  expect(copies).toHaveLength(SETTLEMENTS);
  const before = await lastSequence();

  await Promise.all(
    copies.map((payment, index) =>
      settlePayment(t.app.payments, payment.id, { referenceId: `ref-${index}`, cardPan: null }),
    ),
  );

  const orderIds = copies.flatMap((payment) => (payment.orderId ? [payment.orderId] : []));
  const paid = await t.app.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(inArray(orders.id, orderIds), eq(orders.status, 'paid')));
  expect(paid).toHaveLength(SETTLEMENTS);
  const invoices = await t.app.db
    .select({ number: billingDocuments.number, sequence: billingDocuments.sequence })
    .from(billingDocuments)
    .where(and(eq(billingDocuments.kind, 'sales'), inArray(billingDocuments.orderId, orderIds)));
  const year = toJalaliParts(new Date()).year;
  const sequences = invoices.map((invoice) => invoice.sequence).sort((a, b) => a - b);
  expect(sequences).toEqual(Array.from({ length: SETTLEMENTS }, (_, index) => before + index + 1));
  expect(new Set(invoices.map((invoice) => invoice.number)).size).toBe(SETTLEMENTS);
  expect(invoices.every((invoice) => invoice.number.startsWith(`S${year}-`))).toBe(true);
  expect(
    await t.app.db.select().from(orderLines).where(inArray(orderLines.orderId, orderIds)),
  ).toHaveLength(SETTLEMENTS);
  await expectBooksBalanced(t.app.db);
});

test('a settlement that fails after taking a number gives it back: the next one takes the same number', async () => {
  const customer = await createCustomer(t.app);
  const first = await submitCart(t.app, customer, [HOSTING_MONTH]);
  const second = await submitCart(t.app, customer, [HOSTING_MONTH]);
  const attempts = await t.app.db
    .insert(payments)
    .values(
      [first, second].map((order, index) => ({
        userId: customer.id,
        purpose: 'order' as const,
        orderId: order.id,
        amountRial: order.totalRial,
        gateway: 'sandbox',
        authority: `rollback-${index}`,
      })),
    )
    .returning({ id: payments.id });
  const [crashing, next] = attempts;
  if (!crashing || !next) throw new Error('no attempts');
  const before = await lastSequence();
  // The settlement runs inside a transaction that then dies: everything it did rolls back,
  // the number it took included.
  await expect(
    t.app.db.transaction(async (tx) => {
      await settlePayment({ db: tx as unknown as Database }, crashing.id, {
        referenceId: 'lost',
        cardPan: null,
      });
      expect(await lastSequence(tx as unknown as Database)).toBe(before + 1);
      throw new Error('the process died after numbering');
    }),
  ).rejects.toThrow('the process died after numbering');
  expect(await lastSequence()).toBe(before);
  await settlePayment(t.app.payments, next.id, { referenceId: 'kept', cardPan: null });
  expect(await lastSequence()).toBe(before + 1);
  await expectBooksBalanced(t.app.db);
});

async function lastSequence(db: Database = t.app.db): Promise<number> {
  const [row] = await db
    .select({ last: sql<number>`coalesce(max(${billingDocuments.sequence}), 0)`.mapWith(Number) })
    .from(billingDocuments)
    .where(eq(billingDocuments.series, 'S'));
  return row?.last ?? 0;
}

import { adminRefundOrder } from '@vitrin/contracts';
import { eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { walletTransactions } from '../../schema';
import { send } from '../../test/api-kit';
import { auditRowsOf, createStaff } from '../../test/staff-kit';
import { setupTestApp } from '../../test/test-app';
import { readBalance } from '../wallet/wallet.service';
import { createCustomer, expectBooksBalanced, HOSTING_MONTH } from './checkout-test-kit';
import { paidOrder } from './staff-orders-test-kit';

// Only a real PostgreSQL runs these requests' transactions at the same time (server-postgres).

const t = setupTestApp({ seedDemoData: true });

test('refunds of one order fired at once refund it once', async () => {
  const admin = await createStaff(t.app, 'admin');
  const customer = await createCustomer(t.app);
  const order = await paidOrder(t.app, customer, [HOSTING_MONTH], { walletRial: 40_000 });
  const answers = await Promise.all(
    Array.from({ length: 10 }, () =>
      send(t.app, adminRefundOrder.path, { orderId: order.id, reason: 'همزمان' }, admin.token),
    ),
  );
  const statuses = answers.map((answer) => answer.statusCode).sort();
  expect(statuses).toEqual([200, ...Array(9).fill(409)]);
  for (const answer of answers.filter((each) => each.statusCode === 409)) {
    expect(answer.json().error.message).toBe('این سفارش پیش‌تر بازپرداخت شده است');
  }
  expect(await readBalance(t.app.db, customer.id)).toBe(order.totalRial);
  const refunds = await t.app.db
    .select()
    .from(walletTransactions)
    .where(eq(walletTransactions.orderId, order.id));
  expect(refunds.filter((row) => row.reason === 'refund')).toHaveLength(1);
  expect(await auditRowsOf(t.app, 'order', order.id)).toHaveLength(1);
  await expectBooksBalanced(t.app.db);
});

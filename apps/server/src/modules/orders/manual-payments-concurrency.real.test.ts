import { adminConfirmTransfer, TRANSFER_CLAIM_MESSAGES } from '@vitrin/contracts';
import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, test } from 'vitest';
import type { ConsoleSmsSender } from '../../providers/sms/console-sms';
import { billingDocuments, payments } from '../../schema';
import { ok, type SignedInUser, send } from '../../test/api-kit';
import { auditRowsOf, createStaff } from '../../test/staff-kit';
import { setupTestApp } from '../../test/test-app';
import {
  createCustomer,
  expectBooksBalanced,
  HOSTING_MONTH,
  submitCart,
} from './checkout-test-kit';
import { cardClaimOf, enableTransfers, freshReference } from './manual-payments-test-kit';

// Only a real PostgreSQL runs these requests' transactions at the same time (server-postgres).

const t = setupTestApp({ seedDemoData: true });
let admin: SignedInUser;

beforeAll(async () => {
  admin = await createStaff(t.app, 'admin');
  await enableTransfers(t.app.db, admin.id);
});

test('twenty confirmations of one claim at once settle it once: the order paid once, one invoice', async () => {
  const customer = await createCustomer(t.app);
  const order = await submitCart(t.app, customer, [HOSTING_MONTH]);
  const claimed = await ok(t.app, '/api/pay/claim-transfer', cardClaimOf(order.id), customer.token);
  const answers = await Promise.all(
    Array.from({ length: 20 }, () =>
      send(t.app, adminConfirmTransfer.path, { paymentId: claimed.id }, admin.token),
    ),
  );
  for (const answer of answers) {
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data.status).toBe('paid');
  }
  const detail = await ok(
    t.app,
    '/api/user/orders/order-get-detail',
    { orderId: order.id },
    customer.token,
  );
  expect(detail.status).toBe('paid');
  expect(detail.gatewayPaidRial).toBe(order.payableRial);
  const invoices = await t.app.db
    .select()
    .from(billingDocuments)
    .where(and(eq(billingDocuments.orderId, order.id), eq(billingDocuments.kind, 'sales')));
  expect(invoices).toHaveLength(1);
  expect(await auditRowsOf(t.app, 'payment', claimed.id)).toHaveLength(1);
  await t.app.jobs.drain();
  const told = (t.app.sms as ConsoleSmsSender).sent.filter(
    (entry) => entry.to === customer.mobile && entry.text.startsWith('پرداخت'),
  );
  expect(told).toHaveLength(1);
  await expectBooksBalanced(t.app.db);
});

test('ten claims of one tracking number on ten orders at once: exactly one is accepted', async () => {
  const claimants = await Promise.all(
    Array.from({ length: 10 }, async () => {
      const customer = await createCustomer(t.app);
      const order = await submitCart(t.app, customer, [HOSTING_MONTH]);
      return { customer, order };
    }),
  );
  const transferReference = freshReference();
  const answers = await Promise.all(
    claimants.map(({ customer, order }) =>
      send(
        t.app,
        '/api/pay/claim-transfer',
        cardClaimOf(order.id, { transferReference }),
        customer.token,
      ),
    ),
  );
  const statuses = answers.map((answer) => answer.statusCode).sort();
  expect(statuses).toEqual([200, ...Array(9).fill(409)]);
  for (const answer of answers.filter((each) => each.statusCode === 409)) {
    expect(answer.json().error.message).toBe(TRANSFER_CLAIM_MESSAGES.referenceTaken);
  }
  const rows = await t.app.db
    .select()
    .from(payments)
    .where(eq(payments.transferReference, transferReference));
  expect(rows).toHaveLength(1);
  await expectBooksBalanced(t.app.db);
});

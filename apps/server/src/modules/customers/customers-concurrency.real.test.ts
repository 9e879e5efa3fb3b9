import { lockCustomer } from '@vitrin/contracts';
import { beforeAll, expect, test } from 'vitest';
import { type SignedInUser, send } from '../../test/api-kit';
import { auditRowsOf, createStaff } from '../../test/staff-kit';
import { setupTestApp } from '../../test/test-app';
import { createCustomer, grantCredit } from '../orders/checkout-test-kit';
import { buyService, DAY_MS, freshDomain, serviceRow } from '../services/panel-test-kit';
import { readBalance, walletsOutOfBalance } from '../wallet/wallet.service';

// Only a real PostgreSQL runs these requests at the same time (server-postgres project).

const t = setupTestApp({ seedDemoData: true });
let admin: SignedInUser;

beforeAll(async () => {
  admin = await createStaff(t.app, 'admin');
});

test('concurrent credit removals never take a wallet below zero, and each leaves one audit row', async () => {
  const customer = await createCustomer(t.app, { buyer: false });
  await grantCredit(t.app.db, customer.id, 100_000);
  const answers = await Promise.all(
    Array.from({ length: 10 }, () =>
      send(
        t.app,
        '/api/admin/customers/adjust-customer-credit',
        { userId: customer.id, amountRial: -30_000, reason: 'کسر هم‌زمان' },
        admin.token,
      ),
    ),
  );
  const statuses = answers.map((answer) => answer.statusCode).sort();
  expect(statuses).toEqual([200, 200, 200, 422, 422, 422, 422, 422, 422, 422]);
  expect(await readBalance(t.app.db, customer.id)).toBe(10_000);
  expect(await auditRowsOf(t.app, 'customer', customer.id)).toHaveLength(3);
  expect(await walletsOutOfBalance(t.app.db)).toEqual([]);
});

test('concurrent extensions add up: none is lost', async () => {
  const customer = await createCustomer(t.app);
  const service = await buyService(t.app, customer, {
    slug: 'host-linux-5g',
    cycle: 'monthly',
    domain: freshDomain(),
  });
  const answers = await Promise.all(
    Array.from({ length: 8 }, () =>
      send(
        t.app,
        '/api/admin/services/extend-service',
        { serviceId: service.id, days: 10 },
        admin.token,
      ),
    ),
  );
  expect(answers.map((answer) => answer.statusCode)).toEqual(Array(8).fill(200));
  const after = await serviceRow(t.app, service.id);
  expect(after.expiresAt?.getTime()).toBe((service.expiresAt?.getTime() ?? 0) + 80 * DAY_MS);
  expect(await auditRowsOf(t.app, 'service', service.id)).toHaveLength(8);
});

test('an account locked by two admins at once is locked once, with one audit row', async () => {
  const other = await createStaff(t.app, 'admin');
  const customer = await createCustomer(t.app, { buyer: false });
  const answers = await Promise.all(
    [admin, other].map((staff) =>
      send(t.app, lockCustomer.path, { userId: customer.id, reason: 'قفل هم‌زمان' }, staff.token),
    ),
  );
  expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
  expect(await auditRowsOf(t.app, 'customer', customer.id)).toHaveLength(1);
});

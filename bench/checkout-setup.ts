import type { Database } from '@vitrin/server/src/db/client';
import { hashPassword } from '@vitrin/server/src/modules/accounts/password';
import { checkoutInvariantViolations } from '@vitrin/server/src/modules/orders/invariants';
import { updateBuyerDetails } from '@vitrin/server/src/modules/orders/orders.service';
import { changeBalance } from '@vitrin/server/src/modules/wallet/wallet.service';
import { users } from '@vitrin/server/src/schema';
import type { FastifyInstance } from 'fastify';

/** Every bench customer's password; the accounts exist only in the bench's own database. */
export const BENCH_PASSWORD = 'bench-checkout-1405';
/** Enough credit for every wallet-paid order a run can place. */
const BENCH_CREDIT_RIAL = 900_000_000_000;

/** The mobile number of bench customer `index` (0-based). */
export function benchMobile(index: number): string {
  return `0990${String(1_000_000 + index)
    .slice(1)
    .padStart(7, '0')}`;
}

/**
 * Customers for the checkout bench: verified accounts with buyer details and wallet credit,
 * and a route that reports the checkout invariants after the run (bench server only).
 */
export async function addBenchCustomers(db: Database, count: number): Promise<void> {
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  for (let index = 0; index < count; index += 1) {
    const [user] = await db
      .insert(users)
      .values({
        mobile: `+98${benchMobile(index).slice(1)}`,
        passwordHash,
        firstName: 'مشتری',
        lastName: `آزمون ${index + 1}`,
        mobileVerifiedAt: new Date(),
      })
      .returning({ id: users.id });
    if (!user) throw new Error('bench customer insert returned no row');
    await updateBuyerDetails(db, user.id, {
      kind: 'person',
      fullName: `مشتری آزمون ${index + 1}`,
      email: `bench-${index + 1}@example.com`,
    });
    await db.transaction((tx) =>
      changeBalance(tx, {
        userId: user.id,
        amountRial: BENCH_CREDIT_RIAL,
        reason: 'adjustment',
        description: 'اعتبار آزمون کارایی',
      }),
    );
  }
}

/** What the bench asks the target after its run. */
export async function benchInvariants(app: FastifyInstance) {
  return checkoutInvariantViolations(app.db);
}

import { ONLINE_GATEWAYS } from '@vitrin/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client';
import { updatePaymentSettings, updateSeller } from '../modules/billing';
import { refundOrder } from '../modules/orders/staff-orders.service';
import { orders, users } from '../schema';

// Issue 21: the demo company's legal details on every invoice, card-to-card and bank transfer
// turned on with its (made-up, check-digit-valid) card and Sheba, and a partial refund so the
// demo shows a credit note.

const asDatabase = (tx: Transaction) => tx as unknown as Database;

async function adminActor(tx: Transaction) {
  const [admin] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.mobile, '+989351234567'));
  return admin ? { id: admin.id, ipAddress: null } : null;
}

export async function seedBillingSettings(tx: Transaction): Promise<void> {
  const actor = await adminActor(tx);
  if (!actor) return;
  await updateSeller(
    asDatabase(tx),
    {
      legalName: 'شرکت ویترین پارس (سهامی خاص)',
      nationalId: '10380284790',
      economicNumber: '411111111111',
      registrationNumber: '512345',
      address: 'تهران، خیابان ولیعصر، بالاتر از پارک ساعی، پلاک ۲۴۰۰، طبقهٔ ۴',
      postalCode: '1969833114',
      phone: '02188776655',
    },
    actor,
  );
  await updatePaymentSettings(
    asDatabase(tx),
    {
      gateways: ['sandbox', 'zarinpal', 'zibal'],
      cardToCardEnabled: true,
      bankTransferEnabled: true,
      cardNumber: '6037991234567893',
      sheba: 'IR210170000000012345678901',
      holderName: 'شرکت ویترین پارس',
      bankName: 'بانک ملی ایران',
    },
    // Whichever of them a server has is on, in this order.
    { available: ONLINE_GATEWAYS, known: ONLINE_GATEWAYS, actor },
  );
}

/** Part of the demo customer's first paid order comes back to her wallet, with its credit note. */
export async function seedBillingRefund(tx: Transaction): Promise<void> {
  const actor = await adminActor(tx);
  const [sara] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.mobile, '+989121234567'));
  if (!actor || !sara) return;
  const [first] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.userId, sara.id), eq(orders.status, 'paid')))
    .orderBy(asc(orders.paidAt))
    .limit(1);
  if (!first) return;
  await refundOrder(asDatabase(tx), first.id, {
    ...actor,
    reason: 'جبران دو روز قطعی سرویس',
    amountRial: Math.min(500_000, Math.floor(first.totalRial / 4)),
  });
}

import type { SellerParty } from '@vitrin/contracts';
import { eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { changedFields, writeAudit } from '../audit';
import { billingSettings } from './schema';

const SELLER_KEY = 'seller';

/** Until staff fill them in, invoices print the shop's name and leave the rest blank. */
const UNSET_SELLER: SellerParty = {
  legalName: 'ویترین',
  nationalId: '',
  economicNumber: '',
  registrationNumber: '',
  address: '',
  postalCode: '',
  phone: '',
};

export async function readSeller(db: Database | Transaction): Promise<SellerParty> {
  const [row] = await db
    .select({ value: billingSettings.value })
    .from(billingSettings)
    .where(eq(billingSettings.key, SELLER_KEY));
  return row ? { ...UNSET_SELLER, ...(row.value as Partial<SellerParty>) } : UNSET_SELLER;
}

const isComplete = (seller: SellerParty) => Object.values(seller).every((value) => value !== '');

export async function getSeller(db: Database) {
  const seller = await readSeller(db);
  return { ...seller, complete: isComplete(seller) };
}

/** Saves the seller's details; documents issued before keep what they printed. */
export async function updateSeller(db: Database, seller: SellerParty, actor: Actor) {
  await db.transaction(async (tx) => {
    const before = await readSeller(tx);
    await tx
      .insert(billingSettings)
      .values({ key: SELLER_KEY, value: seller, updatedBy: actor.id })
      .onConflictDoUpdate({
        target: billingSettings.key,
        set: { value: seller, updatedBy: actor.id, updatedAt: new Date() },
      });
    await writeAudit(tx, {
      actorId: actor.id,
      action: 'billing.seller.update',
      entityType: 'billing-settings',
      entityId: SELLER_KEY,
      ...changedFields(before, seller),
      ipAddress: actor.ipAddress,
    });
  });
  return getSeller(db);
}

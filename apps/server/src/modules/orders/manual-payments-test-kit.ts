import type { PathInput } from '@vitrin/contracts';
import type { Database } from '../../db/client';
import { updatePaymentSettings } from '../billing';

// Shared by the transfer-claim tests (manual-payments*.test.ts, ownership.test.ts): the shop's
// card and account switched on, and claim bodies as the web app sends them.

/** A card number that passes the Luhn check and a Sheba that passes mod 97. */
export const COMPANY_CARD = '6037991234567893';
export const COMPANY_SHEBA = 'IR270170000000100324200001';

/** Staff turn card-to-card and bank transfer on or off (both on by default), as the settings call does. */
export async function enableTransfers(
  db: Database,
  actorId: string,
  switches: { cardToCard?: boolean; bankTransfer?: boolean } = {},
): Promise<void> {
  await updatePaymentSettings(
    db,
    {
      gateways: ['sandbox'],
      cardToCardEnabled: switches.cardToCard ?? true,
      bankTransferEnabled: switches.bankTransfer ?? true,
      cardNumber: COMPANY_CARD,
      sheba: COMPANY_SHEBA,
      holderName: 'شرکت ویترین',
      bankName: 'بانک ملت',
    },
    { available: ['sandbox'], known: ['sandbox'], actor: { id: actorId, ipAddress: null } },
  );
}

let referenceCounter = 0;

/** A tracking number no other test has used, as a bank prints it (digits only). */
export function freshReference(): string {
  referenceCounter += 1;
  return `${process.pid % 10_000}${String(referenceCounter).padStart(6, '0')}`;
}

/** Half an hour ago: a transfer time every claim accepts. */
export function aLittleWhileAgo(): string {
  return new Date(Date.now() - 30 * 60_000).toISOString();
}

type ClaimBody = PathInput<'/api/pay/claim-transfer'>;

/** A card-to-card claim of what is left of `orderId`. */
export function cardClaimOf(orderId: string, overrides: Partial<ClaimBody> = {}): ClaimBody {
  return {
    method: 'card-to-card',
    orderId,
    transferReference: freshReference(),
    transferredAt: aLittleWhileAgo(),
    cardLast4: '1234',
    ...overrides,
  };
}

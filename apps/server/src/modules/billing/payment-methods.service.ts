import { type OnlineGateway, PAYMENT_METHOD_LABELS, type PaymentMethods } from '@vitrin/contracts';
import { eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { changedFields, writeAudit } from '../audit';
import { billingSettings } from './schema';

// Which ways to pay the shop offers (issue 21, decision 0023). The gateways a node can drive
// come from its settings (credentials); staff choose which of those are on, and their order.

const KEY = 'payment-methods';

export type PaymentSettings = {
  /** Enabled gateways, first choice first. */
  gateways: OnlineGateway[];
  cardToCardEnabled: boolean;
  bankTransferEnabled: boolean;
  cardNumber: string;
  sheba: string;
  holderName: string;
  bankName: string;
};

/** Until staff choose, every gateway the server has is on, in its settings' order. */
function defaults(available: readonly OnlineGateway[]): PaymentSettings {
  return {
    gateways: [...available],
    cardToCardEnabled: false,
    bankTransferEnabled: false,
    cardNumber: '',
    sheba: '',
    holderName: '',
    bankName: '',
  };
}

/** As stored: the enabled order, and what staff turned off (a gateway added later is on). */
type StoredSettings = PaymentSettings & { disabled?: OnlineGateway[] };

export async function readPaymentSettings(
  db: Database | Transaction,
  available: readonly OnlineGateway[],
): Promise<PaymentSettings> {
  const [row] = await db
    .select({ value: billingSettings.value })
    .from(billingSettings)
    .where(eq(billingSettings.key, KEY));
  if (!row) return defaults(available);
  const saved = { ...defaults(available), ...(row.value as Partial<StoredSettings>) };
  const disabled = saved.disabled ?? [];
  // Staff's order first, then gateways configured since, unless staff turned them off; one
  // whose credentials were removed from this server is off, whatever was saved.
  const gateways = [
    ...saved.gateways.filter((name) => available.includes(name)),
    ...available.filter((name) => !saved.gateways.includes(name) && !disabled.includes(name)),
  ];
  const { disabled: _disabled, ...settings } = saved;
  return { ...settings, gateways };
}

const titleOf = (name: string) => PAYMENT_METHOD_LABELS[name] ?? name;

/** What a customer is offered. */
export async function paymentMethodsFor(
  db: Database,
  available: readonly OnlineGateway[],
): Promise<PaymentMethods> {
  const settings = await readPaymentSettings(db, available);
  return {
    gateways: settings.gateways.map((name) => ({ name, title: titleOf(name) })),
    cardToCard: settings.cardToCardEnabled
      ? {
          cardNumber: settings.cardNumber,
          holderName: settings.holderName,
          bankName: settings.bankName,
        }
      : null,
    bankTransfer: settings.bankTransferEnabled
      ? { sheba: settings.sheba, holderName: settings.holderName, bankName: settings.bankName }
      : null,
  };
}

/** Staff's view: every gateway the product knows, with whether this server has it. */
export async function getPaymentSettings(
  db: Database,
  available: readonly OnlineGateway[],
  known: readonly OnlineGateway[],
) {
  const settings = await readPaymentSettings(db, available);
  const ordered = [
    ...settings.gateways,
    ...known.filter((name) => !settings.gateways.includes(name)),
  ];
  const { gateways: _gateways, ...rest } = settings;
  return {
    ...rest,
    gateways: ordered.map((name) => ({
      name,
      title: titleOf(name),
      enabled: settings.gateways.includes(name),
      available: available.includes(name),
    })),
  };
}

export async function updatePaymentSettings(
  db: Database,
  input: PaymentSettings,
  context: { available: readonly OnlineGateway[]; known: readonly OnlineGateway[]; actor: Actor },
) {
  const missing = input.gateways.filter((name) => !context.available.includes(name));
  if (missing.length > 0) {
    const message = `درگاه ${missing.map(titleOf).join('، ')} روی این سرور پیکربندی نشده است و فعال نمی‌شود`;
    throw new AppError('VALIDATION', message, { fields: { gateways: message } });
  }
  const stored: StoredSettings = {
    ...input,
    disabled: context.known.filter((name) => !input.gateways.includes(name)),
  };
  await db.transaction(async (tx) => {
    const before = await readPaymentSettings(tx, context.available);
    await tx
      .insert(billingSettings)
      .values({ key: KEY, value: stored, updatedBy: context.actor.id })
      .onConflictDoUpdate({
        target: billingSettings.key,
        set: { value: stored, updatedBy: context.actor.id, updatedAt: new Date() },
      });
    await writeAudit(tx, {
      actorId: context.actor.id,
      action: 'billing.payment-methods.update',
      entityType: 'billing-settings',
      entityId: KEY,
      ...changedFields(before, input),
      ipAddress: context.actor.ipAddress,
    });
  });
  return getPaymentSettings(db, context.available, context.known);
}

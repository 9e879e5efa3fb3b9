import { z } from 'zod';
import { defineCall } from '../call';
import { timestamp } from '../fields';
import { billingCycle, entityId, rial } from './catalog';

// Changing a service's plan (issue 20, decision 0021): another plan of the same group for the
// rest of the paid term, the difference prorated by days. An upgrade is an order paid like any
// other (gateway or wallet); a downgrade's remainder goes to the wallet at once.

/**
 * How the difference was worked out, in whole days and whole Rial:
 * credit = currentPrice × remainingDays ÷ termDays (the unused part of the current plan),
 * cost = newPrice × remainingDays ÷ termDays (the new plan for the same days),
 * difference = cost − credit: above zero is paid, below zero goes to the wallet.
 */
export const planChangeCalculation = z.object({
  /** The current plan's price for the cycle: what was last paid, or today's price if lower. */
  currentPriceRial: rial,
  /** The new plan's price for the same cycle today. */
  newPriceRial: rial,
  /** Days in one cycle of the current term. */
  termDays: z.number().int().positive(),
  /** Whole days left until the service expires. */
  remainingDays: z.number().int().positive(),
  creditRial: rial,
  costRial: rial,
  /** Cost minus credit. */
  differenceRial: z.number().int(),
});
export type PlanChangeCalculation = z.infer<typeof planChangeCalculation>;

export const planChangeOption = z.object({
  productId: z.string(),
  productSlug: z.string(),
  productName: z.string(),
  summary: z.string(),
  cycle: billingCycle,
  direction: z.enum(['upgrade', 'downgrade']),
  calculation: planChangeCalculation,
  /**
   * The difference with its VAT (decision 0022): an upgrade's order adds VAT on the difference
   * at the rate in force (none for an exempt plan); a downgrade credits back the VAT paid on
   * the unused days, at the rate each order that paid the term was charged. `totalRial` is
   * what is paid or credited; zero for an even swap.
   */
  settlement: z.object({ vatRial: rial, totalRial: rial }),
});

export const getPlanChangeOptions = defineCall({
  path: '/api/user/services/get-plan-change-options',
  summary: 'پلن‌هایی که سرویس می‌تواند به آن‌ها تغییر کند، با محاسبهٔ روزشمار هر کدام',
  tag: 'services',
  access: 'user',
  request: z.strictObject({ serviceId: entityId }),
  response: z.object({
    /**
     * False when the service has no plan that can replace it (decision 0034: delivered by hand,
     * not by a panel server group), so the page offers no plan change at all.
     */
    offered: z.boolean(),
    /** Why the plan cannot be changed now, in Persian; null when it can. */
    problem: z.string().nullable(),
    currentProductName: z.string(),
    expiresAt: timestamp.nullable(),
    /** The order waiting for payment that renews the service or changes its plan, if any. */
    pendingOrderId: z.string().nullable(),
    options: z.array(planChangeOption),
  }),
});

export const changeServicePlan = defineCall({
  path: '/api/user/services/change-plan',
  summary: 'تغییر پلن سرویس: ارتقا با سفارش پرداختی، کاهش با بازگشت مابقی به اعتبار',
  tag: 'services',
  access: 'user',
  request: z.strictObject({
    serviceId: entityId,
    productId: entityId,
    /**
     * The difference the person was shown. When the figure worked out now differs (a day
     * passed, a price changed) nothing happens and CONFLICT answers with the new figure.
     */
    expectedDifferenceRial: z
      .number()
      .int()
      .min(-Number.MAX_SAFE_INTEGER)
      .max(Number.MAX_SAFE_INTEGER),
  }),
  response: z.object({
    /** `order`: an upgrade waits for payment in the order; `credited`: a downgrade is done. */
    outcome: z.enum(['order', 'credited']),
    orderId: z.string().nullable(),
    /** What went to the wallet (a downgrade); 0 for an upgrade. */
    creditedRial: rial,
  }),
});

import type {
  AdminOrderDetail,
  BillingCycle,
  DomainOrderAction,
  OrderDomainState,
  ServiceStatus,
} from '@vitrin/contracts';
import type { SQL, SQLWrapper } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { defineEvent, definePort } from '../../lib/events';
import type { PlanChangeRecord } from './schema';

// What the orders module announces, and what it asks of the layer above (decision 0036). Orders
// sells; the services module (above it) keeps what was sold: it starts a paid order's services,
// extends the ones it renews, applies its plan changes and takes them back on a refund. Orders
// names these moments and the questions it must put, in its own words; it never imports the
// module that answers. src/reactions.ts wires the answers in (services/reactions.ts).

/** The order a subscriber hears about. */
export interface OrderRef {
  id: string;
  userId: string;
  number: number;
}

/** A paid line that buys something new. */
export interface PurchasedLine {
  id: string;
  productId: string | null;
  productName: string;
  domainName: string | null;
  themeId: string | null;
  cycle: BillingCycle;
}

/** A paid line that buys a domain (issue 38): registered or transferred for `years`. */
export interface DomainPurchase {
  lineId: string;
  productId: string;
  /** As it was put in the cart: the name people read. */
  domainName: string;
  action: DomainOrderAction;
  years: number;
}

/** A line that renews one of the buyer's services for one more cycle. */
export interface RenewalLine {
  serviceId: string;
  cycle: BillingCycle;
}

/** A line that moves one of the buyer's services to the line's plan (issue 20). */
export interface PaidPlanChange {
  lineId: string;
  serviceId: string;
  productId: string;
  productName: string;
  record: PlanChangeRecord;
}

/**
 * An order is paid in full, in this transaction: every kind of line, in position order. An
 * upgrade's order has its one line (placePlanChangeOrder) and a cart's order has none, so the
 * lists never interleave.
 */
export interface OrderPaid {
  order: OrderRef;
  purchases: readonly PurchasedLine[];
  renewals: readonly RenewalLine[];
  planChanges: readonly PaidPlanChange[];
  /** The domains the order buys; never among `purchases`: a domain is not a service. */
  domains: readonly DomainPurchase[];
  now: Date;
}

/**
 * What a subscriber did not do of a paid order: an upgrade whose service changed while the
 * person was at the gateway. Orders credits what was paid for those lines back to the wallet,
 * against the invoice it issues after the event.
 */
export interface OrderPaidReport {
  planChangesNotApplied?: readonly string[];
  /**
   * Lines a subscriber cannot deliver at all, known at payment (a domain another customer's
   * order took a moment before): credited back the same way, each with its reason.
   */
  linesNotDelivered?: ReadonlyArray<{ lineId: string; reason: string }>;
}

export const orderPaid = defineEvent<OrderPaid, OrderPaidReport | undefined>('orders:order-paid');

/**
 * A paid order is refunded in full, in this transaction: the money is back in the wallet and the
 * order is `refunded`. A part refund is not this event: the order keeps what it bought.
 */
export interface OrderRefunded {
  order: OrderRef;
  renewals: readonly RenewalLine[];
  planChanges: readonly Omit<PaidPlanChange, 'lineId' | 'productName'>[];
  now: Date;
}

/** What a refund took back, for its audit row. */
export interface OrderRefundReport {
  cancelledServiceIds: readonly string[];
  /** Services whose renewal was taken back: their expiry before and after, and their status. */
  shortened: ReadonlyArray<{
    id: string;
    before: Date | null;
    after: Date | null;
    status: string;
  }>;
  planRevertedServiceIds: readonly string[];
}

export const orderRefunded = defineEvent<OrderRefunded, OrderRefundReport | undefined>(
  'orders:order-refunded',
);

// ---------------------------------------------------------------------------------------------
// Ports: questions orders must have answered

/**
 * Refuses to take money for an order a service has changed under since it was submitted: one it
 * renews was stopped by staff, or one it changes is no longer on the plan the change was worked
 * out from. Asked by every payment step, with the order locked.
 */
export const servicesStillAsOrdered = definePort<
  (tx: Transaction, orderId: string) => Promise<void>
>('orders:services-still-as-ordered');

/** One of the person's services, checked renewable for the cycle asked (its own when none). */
export interface RenewableService {
  id: string;
  productId: string;
  cycle: BillingCycle;
}

/** Finds the service a renewal line will renew, or refuses with why it cannot be renewed. */
export const renewableService = definePort<
  (
    db: Database,
    userId: string,
    serviceId: string,
    cycle: BillingCycle | undefined,
  ) => Promise<RenewableService>
>('orders:renewable-service');

/** What a cart's renewal line shows of the service it renews. */
export interface RenewedService {
  name: string;
  status: ServiceStatus;
  suspension: string | null;
  domainName: string | null;
  /** PostgreSQL's text of the expiry (it travels in JSON), read with `new Date`. */
  expiresAt: string | null;
}

/**
 * The cart's view of the services its renewal lines renew, read in the cart's own statement (one
 * statement per read, decision 0032).
 */
export interface CartRenewals {
  /**
   * A column for the cart's select: the line's service, or null when it is not the cart owner's
   * service of the line's product.
   */
  column(line: {
    serviceId: SQLWrapper;
    ownerId: SQLWrapper;
    productId: SQLWrapper;
  }): SQL<RenewedService | null>;
  /** Why the service cannot be renewed now (its product or the line's cycle no longer sold). */
  problem(
    service: Pick<RenewedService, 'status' | 'suspension'>,
    sold: { product: boolean; cycle: boolean },
  ): string | null;
}

export const cartRenewals = definePort<CartRenewals>('orders:cart-renewals');

/** The staff's order detail: the services the order created, renewed or moved to a plan. */
export const servicesOfOrder = definePort<
  (db: Database, orderId: string) => Promise<AdminOrderDetail['services']>
>('orders:services-of-order');

/** A cart line that buys a domain, as the cart holds it. */
export interface CartDomainLine {
  id: string;
  productId: string;
  domainName: string;
  action: DomainOrderAction;
  years: number;
}

/** What a domain line costs now, or why it can no longer be bought as it is. */
export type DomainLineTerms =
  | { ok: true; tld: string; priceRial: number }
  | { ok: false; problem: string };

/**
 * The terms of the cart's domain lines now (issue 38): the TLD still sold for the line's years,
 * at its price for them. Asked only for a cart that holds a domain line.
 */
export const domainLineTerms = definePort<
  (db: Database, lines: readonly CartDomainLine[]) => Promise<Map<string, DomainLineTerms>>
>('orders:domain-line-terms');

/**
 * Refuses to place an order of domains the buyer cannot be given yet: a registry needs the
 * holder's details, so they must be on file before money is taken.
 */
export const domainOrderReady = definePort<
  (tx: Transaction, userId: string, lines: readonly CartDomainLine[]) => Promise<void>
>('orders:domain-order-ready');

/**
 * Whether a product is a TLD's (issue 38): a domain is bought through the domain search, where
 * its registry is asked, never as a plain product line.
 */
export const soldAsDomain =
  definePort<(tx: Transaction, productId: string) => Promise<boolean>>('orders:sold-as-domain');

/** What a paid domain line became, in the customer's words (issue 38). */
export interface OrderLineDomain {
  /** The domain the line made or renewed; null when none was made (refused at payment). */
  domainId: string | null;
  state: OrderDomainState;
  note: string | null;
}

/**
 * The owner's order detail reads what its domain lines became in the order's own statement
 * (one statement per read, decision 0032): a column for the line's select.
 */
export interface OrderLineDomains {
  /**
   * The line's domain, or null for a line of an unpaid order. `lineId` and `paid` must name the
   * outer statement's columns by their table (`"order_lines"."id"`).
   */
  column(line: { lineId: SQLWrapper; paid: SQLWrapper }): SQL<OrderLineDomain | null>;
}

export const orderLineDomains = definePort<OrderLineDomains>('orders:order-line-domains');

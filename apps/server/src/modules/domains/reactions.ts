import { domainNameFor, parseDomainQuery } from '@vitrin/contracts';
import { toPersianDigits } from '@vitrin/fa';
import { and, eq, inArray } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { answer, type ModuleReactions, on } from '../../lib/events';
import {
  domainLineTerms,
  domainOrderReady,
  type OrderPaid,
  type OrderPaidReport,
  type OrderRefunded,
  orderLineDomains,
  orderPaid,
  orderRefunded,
  soldAsDomain,
} from '../orders';
import { hostingPlaced } from '../services';
import { pointZoneAtHosting } from './hosting-dns';
import { moveDomain, ORDERING_STATUSES, recordDomainEvent } from './lifecycle';
import { orderLineDomainsOfDomains } from './order-line-domains';
import { refuseIfHolderMissing, termsOfDomainLines } from './ordering';
import { queueRegistration } from './registration';
import { startPaidRenewal } from './renewal';
import { domains, domainTlds } from './schema';

// What the domains module does when the orders module below it announces something, and the
// questions about domain lines it answers (decision 0036; src/reactions.ts wires them in).

/**
 * A paid order's domains begin: each becomes a domain pending at its registry, with the job
 * that asks the registry queued in this transaction. A name another order took a moment ago is
 * not started, and orders credits its line back.
 */
export async function startPaidDomains(
  tx: Transaction,
  paid: OrderPaid,
): Promise<OrderPaidReport | undefined> {
  if (paid.domains.length === 0) return undefined;
  const tlds = await tx
    .select()
    .from(domainTlds)
    .where(
      inArray(
        domainTlds.productId,
        paid.domains.map((line) => line.productId),
      ),
    );
  const notDelivered: Array<{ lineId: string; reason: string }> = [];
  for (const line of paid.domains) {
    const tld = tlds.find((row) => row.productId === line.productId);
    const parsed = tld ? parseDomainQuery(line.domainName, [tld.tld]) : null;
    const name =
      tld && parsed?.ok
        ? domainNameFor(parsed.value.label, {
            tld: tld.tld,
            script: tld.script,
            minLength: tld.minLength,
          })
        : null;
    if (!tld || !name?.ok) {
      notDelivered.push({ lineId: line.lineId, reason: 'این پسوند دیگر فروخته نمی‌شود' });
      continue;
    }
    if (line.action === 'renew' || line.action === 'restore') {
      const refusal = await startPaidRenewal(
        tx,
        {
          lineId: line.lineId,
          ascii: name.value.ascii,
          years: line.years,
          restore: line.action === 'restore',
        },
        paid.order.userId,
        paid.now,
      );
      if (refusal) notDelivered.push({ lineId: line.lineId, reason: refusal });
      continue;
    }
    const action = line.action;
    const [domain] = await tx
      .insert(domains)
      .values({
        userId: paid.order.userId,
        name: name.value.unicode,
        ascii: name.value.ascii,
        tld: tld.tld,
        registrarAccountId: tld.registrarAccountId,
        status: action === 'transfer' ? 'pending-transfer' : 'pending-registration',
        origin: action,
        years: line.years,
        orderId: paid.order.id,
        orderLineId: line.lineId,
        statusChangedAt: paid.now,
        createdAt: paid.now,
        note:
          line.action === 'transfer'
            ? 'برای آغاز انتقال، کد انتقال را از ثبت‌کنندهٔ فعلی بگیرید و اینجا وارد کنید'
            : null,
      })
      .onConflictDoNothing()
      .returning();
    if (!domain) {
      notDelivered.push({
        lineId: line.lineId,
        reason: 'این دامنه هم‌زمان در سفارش دیگری پرداخت شد',
      });
      continue;
    }
    await recordDomainEvent(
      tx,
      domain.id,
      {
        kind: 'ordered',
        actor: 'customer',
        actorId: paid.order.userId,
        message:
          line.action === 'transfer'
            ? 'انتقال دامنه پرداخت شد'
            : `ثبت دامنه برای ${toPersianDigits(line.years)} سال پرداخت شد`,
        toStatus: domain.status,
      },
      paid.now,
    );
    // A transfer waits for its code; a registration goes to its registry at once.
    if (line.action === 'register') await queueRegistration(tx, domain.id);
  }
  return notDelivered.length > 0 ? { linesNotDelivered: notDelivered } : undefined;
}

/**
 * A refunded order's domains that the registry has not taken yet are cancelled: the money is
 * back already. A domain the registry registered stays the customer's until it expires; the
 * refund does not unregister a name (a delete would cost the name, and most registries keep
 * the fee).
 */
export async function cancelRefundedDomains(tx: Transaction, refund: OrderRefunded) {
  const pending = await tx
    .select()
    .from(domains)
    .where(
      and(eq(domains.orderId, refund.order.id), inArray(domains.status, [...ORDERING_STATUSES])),
    )
    .for('update');
  for (const domain of pending) {
    await moveDomain(
      tx,
      domain,
      'cancelled',
      {
        kind: 'refunded',
        actor: 'staff',
        message: 'سفارش دامنه بازپرداخت و لغو شد',
      },
      refund.now,
      { transferCode: null, note: null },
    );
  }
  return undefined;
}

async function isTldProduct(tx: Transaction, productId: string): Promise<boolean> {
  const [row] = await tx
    .select({ tld: domainTlds.tld })
    .from(domainTlds)
    .where(eq(domainTlds.productId, productId));
  return row !== undefined;
}

export const domainsReactions: ModuleReactions = {
  module: 'domains',
  subscribes: [
    on(orderPaid, startPaidDomains),
    on(orderRefunded, cancelRefundedDomains),
    // A site account on a server for a domain held here: its zone is pointed at the server.
    on(hostingPlaced, pointZoneAtHosting),
  ],
  answers: [
    answer(domainLineTerms, termsOfDomainLines),
    answer(domainOrderReady, refuseIfHolderMissing),
    answer(soldAsDomain, isTldProduct),
    answer(orderLineDomains, orderLineDomainsOfDomains),
  ],
};

import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { walletsOutOfBalance } from '../wallet';

/**
 * Everything that must hold between wallets, orders, codes, payments and services, whatever
 * ran concurrently: the concurrency tests and the checkout bench check it after each run.
 * Answers a description of each violation; an empty list means the books are right.
 */
export async function checkoutInvariantViolations(db: Database): Promise<string[]> {
  const problems: string[] = [];
  for (const userId of await walletsOutOfBalance(db)) {
    problems.push(`wallet of ${userId} differs from its ledger or is negative`);
  }
  const checks: Array<[string, ReturnType<typeof sql>]> = [
    [
      'order paid more than its total, or paid without being paid in full',
      sql`select id from orders where wallet_applied_rial + gateway_paid_rial > total_rial
          or (status = 'paid' and wallet_applied_rial + gateway_paid_rial <> total_rial)`,
    ],
    [
      "discount code's used count differs from the open and paid orders holding it",
      sql`select d.id from discount_codes d
          left join orders o on o.discount_code_id = d.id and o.status in ('pending', 'paid')
          group by d.id having d.used_count <> count(o.id)`,
    ],
    [
      'paid (or refunded) order without exactly one service per new line, or a service of an unpaid order',
      sql`select o.id from orders o
          where (select count(*) from services s where s.order_id = o.id)
             <> case when o.status in ('paid', 'refunded') then (select count(*) from order_lines l
                  where l.order_id = o.id and l.renews_service_id is null
                    and l.changes_service_id is null and l.domain_action is null) else 0 end`,
    ],
    [
      // Issue 38: a domain line starts one domain when paid, or none when it is credited back.
      "domain line with more than one domain, or a domain of an unpaid or another person's order",
      sql`select l.id from order_lines l join orders o on o.id = l.order_id
          where l.domain_action is not null and (
            (select count(*) from domains d where d.order_line_id = l.id) > 1
            or (o.status not in ('paid', 'refunded')
                and exists (select 1 from domains d where d.order_line_id = l.id))
            or exists (select 1 from domains d where d.order_line_id = l.id
                         and (d.user_id <> o.user_id or d.order_id <> o.id)))`,
    ],
    [
      "renewal of another person's service, or a renewal charged a setup fee or a theme",
      sql`select l.id from order_lines l
          join orders o on o.id = l.order_id
          join services s on s.id = l.renews_service_id
          where s.user_id <> o.user_id or l.setup_fee_rial <> 0 or l.theme_price_rial <> 0`,
    ],
    [
      // A paid renewal adds its cycle to the later of the payment and the old expiry.
      'service renewed by a paid order runs out before that payment plus the renewed cycle',
      sql`select s.id from services s
          join order_lines l on l.renews_service_id = s.id
          join orders o on o.id = l.order_id and o.status = 'paid'
          where s.expires_at is null
             or s.expires_at < ((o.paid_at at time zone 'UTC') + make_interval(months =>
                  case l.cycle when 'monthly' then 1 when 'quarterly' then 3
                    when 'semiannual' then 6 else 12 end)) at time zone 'UTC'`,
    ],
    [
      "plan change of another person's service, or one charged a setup fee, a theme or a discount",
      sql`select l.id from order_lines l
          join orders o on o.id = l.order_id
          join services s on s.id = l.changes_service_id
          where s.user_id <> o.user_id or l.setup_fee_rial <> 0 or l.theme_price_rial <> 0
             or l.discount_rial <> 0 or l.total_rial <> (l.plan_change #>> '{calculation,differenceRial}')::bigint`,
    ],
    [
      "cart renewal line in a visitor's cart or for another person's service",
      sql`select l.id from cart_lines l
          join carts c on c.id = l.cart_id
          join services s on s.id = l.renew_service_id
          where c.user_id is null or s.user_id <> c.user_id`,
    ],
    [
      "order's gateway amount differs from its paid payments",
      sql`select o.id from orders o
          where o.gateway_paid_rial <> coalesce((select sum(p.amount_rial) from payments p
            where p.order_id = o.id and p.status = 'paid' and not p.credited_to_wallet), 0)`,
    ],
    [
      'paid top-up or wallet-credited payment without exactly one matching ledger row',
      sql`select p.id from payments p
          where p.status = 'paid' and (p.purpose = 'top-up' or p.credited_to_wallet)
            and (select count(*) from wallet_transactions w
                 where w.payment_id = p.id and w.amount_rial = p.amount_rial) <> 1`,
    ],
    [
      'ledger row for a payment that is not paid, or counted twice',
      sql`select w.payment_id from wallet_transactions w join payments p on p.id = w.payment_id
          group by w.payment_id, p.status having p.status <> 'paid' or count(*) > 1`,
    ],
    [
      'order payment counted in its order and also written to the wallet',
      sql`select p.id from payments p
          where p.purpose = 'order' and not p.credited_to_wallet
            and exists (select 1 from wallet_transactions w where w.payment_id = p.id)`,
    ],
    [
      'wallet credit spent on an order differs from its ledger rows',
      sql`select o.id from orders o
          where case when o.status in ('pending', 'paid', 'refunded')
                     -- A refund gives back the wallet and the gateway parts as ledger rows.
                     then o.wallet_applied_rial - o.refunded_rial else 0 end
            <> coalesce((select -sum(w.amount_rial) from wallet_transactions w
                 where w.order_id = o.id and w.payment_id is null
                   and w.reason in ('order-payment', 'refund')), 0)`,
    ],
    [
      'order with a sales invoice whose credit notes differ from what was refunded',
      sql`select o.id from orders o
          join billing_documents i on i.order_id = o.id and i.kind = 'sales'
          where o.refunded_rial <> coalesce((select sum(c.total_rial) from billing_documents c
                 where c.refers_to_id = i.id), 0)`,
    ],
    [
      'sales invoice whose total differs from its order',
      sql`select i.id from billing_documents i join orders o on o.id = i.order_id
          where i.kind = 'sales' and i.total_rial <> o.total_rial`,
    ],
    [
      'document numbers with a gap or a repeat in a series and year',
      sql`select d.series || d.jalali_year from billing_documents d
          left join document_counters c on c.series = d.series and c.jalali_year = d.jalali_year
          group by d.series, d.jalali_year, c.last_sequence
          having count(*) <> max(d.sequence) or count(distinct d.sequence) <> count(*)
              or c.last_sequence is distinct from max(d.sequence)`,
    ],
  ];
  for (const [description, query] of checks) {
    const result = (await db.execute(query)) as unknown as { rows: Array<Record<string, unknown>> };
    for (const row of result.rows) {
      problems.push(`${description}: ${Object.values(row)[0]}`);
    }
  }
  return problems;
}

import { sql } from 'drizzle-orm';
import type { OrderLineDomains } from '../orders';
import { domainRenewals, domains } from './schema';

// orders' `orderLineDomains` (issue 38): what a paid domain line became, in the customer's words,
// for the order's page and the payment's callback. Read in the order's own statement, so the
// tables are named by alias here: the order's select names its columns without their table.

/** A domain's status as the customer reads it after paying for it. */
const stateOfDomain = sql`case d.status
  when 'pending-registration' then 'registering'
  when 'pending-transfer' then
    case when d.transfer_code is null then 'awaiting-transfer-code' else 'transferring' end
  when 'pending-approval' then 'awaiting-registry'
  when 'needs-attention' then 'with-support'
  when 'active' then 'active'
  when 'expired' then 'expired'
  when 'redemption' then 'expired'
  when 'cancelled' then 'refunded'
  else 'ended' end`;

/** A paid renewal (or restore) as the customer reads it. */
const stateOfRenewal = sql`case r.state
  when 'pending' then 'renewing'
  when 'needs-attention' then 'with-support'
  when 'done' then 'active'
  else 'refunded' end`;

export const orderLineDomainsOfDomains: OrderLineDomains = {
  // A paid line with neither a domain nor a renewal was refused at payment (the name taken by
  // another order a moment before, the TLD no longer sold): orders credited it back then.
  column: ({ lineId, paid }) => sql`case when ${paid} then coalesce(
    (select json_build_object('domainId', d.id, 'state', ${stateOfDomain}, 'note', d.note)
      from ${domains} d where d.order_line_id = ${lineId}),
    (select json_build_object('domainId', r.domain_id, 'state', ${stateOfRenewal},
        'note', case when r.state = 'needs-attention' then d.note end)
      from ${domainRenewals} r join ${domains} d on d.id = r.domain_id
      where r.order_line_id = ${lineId}),
    json_build_object('domainId', null, 'state', 'refunded', 'note', null)) end`,
};

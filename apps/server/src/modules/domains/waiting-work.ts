import type { WaitingWorkKind } from '@vitrin/contracts';
import { sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { waitingWorkColumns } from '../../lib/waiting-work-columns';
import { domainEvents, domainRenewals, domains } from './schema';

// The domains that wait for a person (issue 38): a registration, transfer or sync the registry
// could not finish (needs-attention), or a paid renewal it did not take. The console's menu
// counts them, the domains list filters on them, and the staff's one queue of services and
// domains lists them through the view below (decision 0036: read through the owner).

/** A domain waits for staff: its own state, or a paid renewal of it that the registry did not take. */
export const domainNeedsStaff = sql`(${domains.status} = 'needs-attention' or exists (
  select 1 from ${domainRenewals} r where r.domain_id = ${domains.id} and r.state = 'needs-attention'))`;

// A one-table select names its columns without their table, which inside a subquery of its
// select list would mean the subquery's own: the domain's columns are spelled out there.
const domain = (column: string) => sql`${sql.identifier('domains')}.${sql.identifier(column)}`;

const waitingKind = sql<WaitingWorkKind>`case when ${domains.status} = 'needs-attention'
  then 'domain' else 'domain-renewal' end`;

/** The moment it went to needs-attention, or its renewal was handed over. */
const waitingSince = sql<Date>`case when ${domain('status')} = 'needs-attention'
    then ${domain('status_changed_at')}
  else coalesce(
    (select max(e.created_at) from ${domainEvents} e
      where e.domain_id = ${domain('id')} and e.kind = 'renewal.needs-staff'),
    (select min(r.created_at) from ${domainRenewals} r
      where r.domain_id = ${domain('id')} and r.state = 'needs-attention')) end`;

/** Why, in the words of its timeline: the last event that gave it to a person. */
const waitingReason = sql<string | null>`coalesce((
    select e.message from ${domainEvents} e
    where e.domain_id = ${domain('id')}
      and (e.to_status = 'needs-attention' or e.kind = 'renewal.needs-staff')
    order by e.created_at desc limit 1), ${domain('note')})`;

/** Each domain waiting for staff, as the staff's queue lists it. */
export const domainsWaitingForStaff = new QueryBuilder()
  .select(
    waitingWorkColumns(
      waitingKind,
      { id: domains.id, userId: domains.userId, subject: domains.name },
      waitingSince.mapWith(domains.statusChangedAt),
      waitingReason,
    ),
  )
  .from(domains)
  .where(domainNeedsStaff)
  .as('domains_waiting_for_staff');

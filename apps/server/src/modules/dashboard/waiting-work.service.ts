import {
  type CallParsed,
  type CallResult,
  type listWaitingWork,
  pagePath,
} from '@vitrin/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { listTotal, readCursor, timestampText, UUID_KEY } from '../../lib/list-total';
import { nextCursorOf, pageOffset } from '../../lib/status-page';
import { peopleView, personFields } from '../accounts';
import { domainsWaitingForStaff } from '../domains';
import { servicesWaitingForStaff } from '../services';

// The staff's one queue of what automation gave up on (issue 38): the services and the domains
// that wait for a person, in one list, oldest first, each with why and where to act on it. Each
// module says what of its own waits (its view, decision 0036); this only puts them in one order.
// The queue is short by nature (each row is a failure someone is told of), so its order is
// computed rather than read from an index; a page still continues from a cursor (decision 0033).

type WaitingWorkPage = CallResult<typeof listWaitingWork>;
type WaitingWorkRow = WaitingWorkPage['items'][number];

const qb = new QueryBuilder();
const services = servicesWaitingForStaff;
const domains = domainsWaitingForStaff;

/** Both modules' waiting work, with the same columns in the same order. */
const waiting = qb
  .select({
    kind: services.kind,
    id: services.id,
    userId: services.userId,
    subject: services.subject,
    since: services.since,
    lastError: services.lastError,
  })
  .from(services)
  .unionAll(
    qb
      .select({
        kind: domains.kind,
        id: domains.id,
        userId: domains.userId,
        subject: domains.subject,
        since: domains.since,
        lastError: domains.lastError,
      })
      .from(domains),
  )
  .as('waiting');

/** Where staff act on a row: retry or complete a setup, deliver, retry or refund a domain. */
function pathOf(kind: WaitingWorkRow['kind'], id: string): string {
  switch (kind) {
    case 'service-setup':
      return pagePath('adminProvisioningService', { serviceId: id });
    case 'service-delivery':
      return pagePath('adminDeliveryQueue');
    case 'domain':
    case 'domain-renewal':
      return pagePath('adminDomain', { domainId: id });
  }
}

/** One page of the queue, oldest first: by number, or after the cursor of the page before. */
export async function readWaitingWork(
  db: Database,
  query: CallParsed<typeof listWaitingWork>,
): Promise<WaitingWorkPage> {
  const cursor = query.after ? readCursor(query.after, UUID_KEY) : null;
  const [rows, counted] = await Promise.all([
    db
      .select({
        kind: waiting.kind,
        id: waiting.id,
        subject: waiting.subject,
        since: waiting.since,
        // Named apart: an unnamed cast would be called `since` too, and ORDER BY would not know which.
        sinceText: timestampText(waiting.since).as('since_text'),
        lastError: waiting.lastError,
        customer: personFields,
      })
      .from(waiting)
      .innerJoin(peopleView, eq(peopleView.id, waiting.userId))
      .where(
        cursor
          ? sql`(${waiting.since}, ${waiting.id}) > (${cursor.at}::timestamptz, ${cursor.key}::uuid)`
          : undefined,
      )
      .orderBy(asc(waiting.since), asc(waiting.id))
      .limit(query.pageSize)
      .offset(pageOffset(query)),
    listTotal(db, db.select({ one: sql`1` }).from(waiting)),
  ]);
  return {
    items: rows.map((row) => ({
      kind: row.kind,
      id: row.id,
      subject: row.subject,
      customer: {
        id: row.customer.id,
        name: [row.customer.firstName, row.customer.lastName].filter(Boolean).join(' ') || null,
        mobile: row.customer.mobile,
      },
      since: row.since.toISOString(),
      lastError: row.lastError,
      path: pathOf(row.kind, row.id),
    })),
    total: counted.total,
    ...(counted.totalIsEstimate ? { totalIsEstimate: true } : {}),
    page: query.page,
    pageSize: query.pageSize,
    nextCursor: nextCursorOf(rows, query.pageSize, (row) => ({ at: row.sinceText, key: row.id })),
  };
}

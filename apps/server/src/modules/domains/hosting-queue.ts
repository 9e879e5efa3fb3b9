import type { Transaction } from '../../db/client';
import { sendInTransaction } from '../../lib/job-queue';
import { hostingAccountsOf } from '../services';
import type { domains } from './schema';

// The job that points a domain's zone at its owner's hosting account (issue 38), queued apart
// from what it does (hosting-records.ts) so that lifecycle.ts may queue it without importing it.

export const HOSTING_RECORDS_JOB = 'domains.hosting-records';

export interface HostingRecordsData {
  domainId: string;
  /** The service whose placing asked for it: told on its timeline what came of it. */
  serviceId?: string;
  /** Addresses its server had before staff changed them: records at them are replaced too. */
  previousAddresses: string[];
}

/** Queues the job in `tx`: one waiting per domain, which reads everything afresh when it runs. */
export function queueHostingRecords(tx: Transaction, data: HostingRecordsData) {
  return sendInTransaction(tx, HOSTING_RECORDS_JOB, data, { singletonKey: data.domainId });
}

/**
 * A domain that just became the owner's here (registered, transferred in, registered by staff)
 * gets the records of a hosting account already made on it: a plan and its name bought in one
 * order are set up in either order.
 */
export async function queueHostingRecordsIfHosted(
  tx: Transaction,
  domain: Pick<typeof domains.$inferSelect, 'id' | 'userId' | 'ascii'>,
): Promise<void> {
  const [account] = await hostingAccountsOf(tx, domain.userId, domain.ascii);
  if (account) await queueHostingRecords(tx, { domainId: domain.id, previousAddresses: [] });
}

import type { Transaction } from '../../db/client';
import { sendInTransaction } from '../../lib/job-queue';

// The tax system's job, queued apart from what it does (sending.ts) so the reaction to an issued
// document queues it in the issuing transaction without importing the sending.

export const TAX_SEND_JOB = 'tax-system.send';

/** A run after this transaction commits: one waiting at most, which sends everything due. */
export function queueTaxRun(tx: Transaction): Promise<unknown> {
  return sendInTransaction(tx, TAX_SEND_JOB, {}, { singletonKey: 'run' });
}

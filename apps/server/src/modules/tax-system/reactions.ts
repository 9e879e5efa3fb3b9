import type { Transaction } from '../../db/client';
import { type ModuleReactions, on } from '../../lib/events';
import { documentIssued } from '../billing';
import { queueTaxRun } from './queue';
import { readTaxSettings, sending } from './settings';

// What the tax-system module does when billing below it issues a document (decision 0036): the
// sending job is queued in the issuing transaction, so a document is never issued without it.
// With the tax system off nothing is queued; the documents wait and are sent once it is on.

async function queueSending(tx: Transaction): Promise<void> {
  if (sending(await readTaxSettings(tx))) await queueTaxRun(tx);
}

export const taxSystemReactions: ModuleReactions = {
  module: 'tax-system',
  subscribes: [on(documentIssued, queueSending)],
};

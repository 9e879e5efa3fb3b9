import type { Transaction } from '../db/client';
import { jobQueueExists } from '../lib/job-queue';
import type { SecretBox } from '../lib/secret-box';
import { queueTaxRun } from '../modules/tax-system/queue';
import { taxSystemSettings } from '../modules/tax-system/schema';
import { generateTestCredentials } from '../providers/tax-system/moadian-client';

/** The demo company's memory id at the built-in stand-in: not one the organisation issued. */
export const DEMO_TAX_MEMORY_ID = 'VTRN01';
/**
 * The goods-and-services id the demo sends for every line: the id the organisation's connection
 * guide uses in its worked invoice, not a code chosen for web hosting. A real company looks its
 * services up in the organisation's list and sets them per product.
 */
export const DEMO_TAX_SERVICE_ID = '2720000114542';

/**
 * The tax system (seed part `tax-system`, issue 39): on, in the built-in environment (the
 * product's own stand-in of the organisation, with real signatures and encryption and no
 * network), with a key and a self-signed certificate made here for the demo. The demo's invoices
 * and credit notes, waiting since they were issued, go at the job's next run: `npm start` shows
 * them accepted within two of its minutes.
 */
export async function seedTaxSystem(tx: Transaction, secrets: SecretBox): Promise<void> {
  const credentials = await generateTestCredentials(DEMO_TAX_MEMORY_ID, {
    commonName: 'Vitrin demo (built-in tax system)',
  });
  await tx
    .insert(taxSystemSettings)
    .values({
      id: 1,
      enabled: true,
      environment: 'built-in',
      memoryId: DEMO_TAX_MEMORY_ID,
      privateKeySealed: secrets.seal(credentials.privateKeyPem),
      certificatePem: credentials.certificatePem,
      defaultServiceId: DEMO_TAX_SERVICE_ID,
    })
    .onConflictDoNothing();
  if (await jobQueueExists(tx)) await queueTaxRun(tx);
}

import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { domains, registrarAccounts } from './schema';

// For tests that need a domain as the registry jobs leave one, without buying it first: a row at
// the demo's sandbox registrar, in the state the test asks for.

type DomainInsert = typeof domains.$inferInsert;

/** A domain of `row.userId` named `row.name`; its A-label and TLD follow from the name. */
export async function insertDomain(
  db: Database,
  row: Pick<DomainInsert, 'userId' | 'name' | 'status'> & Partial<DomainInsert>,
) {
  const [sandbox] = await db
    .select({ id: registrarAccounts.id })
    .from(registrarAccounts)
    .where(eq(registrarAccounts.name, 'sandbox-registry'));
  if (!sandbox) throw new Error('the demo seed has the sandbox registrar account');
  const tld = row.name.slice(row.name.indexOf('.') + 1);
  const [domain] = await db
    .insert(domains)
    .values({
      ascii: row.name,
      tld,
      registrarAccountId: sandbox.id,
      origin: 'register',
      years: 1,
      ...row,
    })
    .returning();
  if (!domain) throw new Error(`domain ${row.name} not inserted`);
  return domain;
}

import type { Database, Transaction } from '../db/client';
import type { SecretBox } from '../lib/secret-box';
import { hashPassword } from '../modules/accounts/password';
import { seedRuns, type UserRole, users } from '../schema';
import { seedBillingRefund, seedBillingSettings } from './seed-billing';
import { seedBusinessEmail } from './seed-business-email';
import { seedCatalog } from './seed-catalog';
import { seedCatalogTruth, seedDomainCatalogTruth } from './seed-catalog-truth';
import { seedCheckout } from './seed-checkout';
import { seedClientErrors } from './seed-client-errors';
import { seedManualDelivery } from './seed-deliveries';
import { seedDomainHosts } from './seed-domain-hosts';
import { seedDomainSales, seedDomains } from './seed-domains';
import { seedHostingDns } from './seed-hosting-dns';
import { seedLive } from './seed-live';
import { seedPanel } from './seed-panel';
import { seedProvisioning } from './seed-provisioning';
import { seedStaff, seedStaffHistory } from './seed-staff';
import { seedSupport } from './seed-support';
import { seedTaxSystem } from './seed-tax-system';
// The seed pays and refunds orders: the modules' reactions must be wired, with the app or without
// it (the seed CLI, the benches that seed a bare database).
import '../reactions';

/** The demo accounts the README lists; passwords are for the local demo only. */
export const demoAccounts = [
  {
    mobile: '+989121234567',
    password: 'vitrin-demo-1405',
    firstName: 'سارا',
    lastName: 'محمدی',
    email: 'sara.mohammadi@example.com',
    role: 'customer',
  },
  {
    mobile: '+989351234567',
    password: 'vitrin-admin-1405',
    firstName: 'علی',
    lastName: 'رضایی',
    email: 'ali.rezaei@example.com',
    role: 'admin',
  },
  {
    // Signs in with an SMS code only: an account that never set a password.
    mobile: '+989191234567',
    password: null,
    firstName: 'رضا',
    lastName: 'کریمی',
    email: null,
    role: 'customer',
  },
] as const satisfies ReadonlyArray<{
  mobile: string;
  password: string | null;
  firstName: string;
  lastName: string;
  email: string | null;
  role: UserRole;
}>;

async function seedUsers(tx: Transaction): Promise<void> {
  const verifiedAt = new Date('2025-03-21T08:30:00Z');
  for (const account of demoAccounts) {
    await tx
      .insert(users)
      .values({
        mobile: account.mobile,
        passwordHash: account.password ? await hashPassword(account.password) : null,
        firstName: account.firstName,
        lastName: account.lastName,
        email: account.email,
        role: account.role,
        mobileVerifiedAt: verifiedAt,
        createdAt: verifiedAt,
      })
      .onConflictDoNothing({ target: users.mobile });
  }
}

/**
 * The demo seed in parts, oldest first. Each part is applied once per database (`seed_runs`),
 * so a database seeded before a feature existed gets that feature's part on its next start,
 * and nothing staff deleted comes back.
 */
/** What a part may need beyond the transaction. */
export interface SeedContext {
  /** Seals the demo panel server's credentials and the demo accounts' passwords. */
  secrets: SecretBox;
}

const seedParts: ReadonlyArray<{
  name: string;
  run: (tx: Transaction, context: SeedContext) => Promise<void>;
}> = [
  { name: 'accounts', run: seedUsers },
  { name: 'catalog', run: seedCatalog },
  // Before anything is sold: every demo invoice prints the seller.
  { name: 'billing-settings', run: seedBillingSettings },
  { name: 'checkout', run: seedCheckout },
  { name: 'panel', run: seedPanel },
  { name: 'support', run: seedSupport },
  { name: 'live', run: (tx) => seedLive(tx) },
  { name: 'staff', run: seedStaff },
  { name: 'staff-history', run: seedStaffHistory },
  // After every part that buys: from here on a paid plan queues its provisioning.
  { name: 'provisioning', run: (tx, context) => seedProvisioning(tx, context.secrets) },
  { name: 'billing-refund', run: seedBillingRefund },
  { name: 'client-errors', run: (tx) => seedClientErrors(tx) },
  { name: 'manual-delivery', run: (tx) => seedManualDelivery(tx) },
  // After provisioning (its sandbox server): e-mail plans delivered by it, and سارا's mailboxes.
  { name: 'business-email', run: (tx, context) => seedBusinessEmail(tx, context.secrets) },
  // Limits, truthful promises and nameservers (issue 35) for a database seeded before them.
  { name: 'catalog-truth', run: (tx) => seedCatalogTruth(tx) },
  // The sandbox registry and the TLDs on sale (issue 38).
  { name: 'domains', run: (tx, context) => seedDomains(tx, context.secrets) },
  // Domains sold through the sandbox registry, and سارا's (issue 38).
  { name: 'domain-sales', run: (tx) => seedDomainSales(tx) },
  // The domain products' texts and rows, now that the domains module delivers them.
  { name: 'domain-catalog-truth', run: (tx) => seedDomainCatalogTruth(tx) },
  // The sandbox server's addresses, and سارا's sara-blog.com zone pointed at her hosting (issue 38).
  { name: 'hosting-dns', run: (tx) => seedHostingDns(tx) },
  // سارا's child nameserver with its glue, on her hosting server's addresses (issue 38).
  { name: 'domain-hosts', run: (tx) => seedDomainHosts(tx) },
  // The tax system on, in its built-in environment, sending every demo invoice (issue 39).
  { name: 'tax-system', run: (tx, context) => seedTaxSystem(tx, context.secrets) },
];

/** Applies every part of the demo seed this database has not had; answers the parts applied. */
export async function seedDemoData(db: Database, context: SeedContext): Promise<string[]> {
  const applied: string[] = [];
  for (const part of seedParts) {
    await db.transaction(async (tx) => {
      const claimed = await tx
        .insert(seedRuns)
        .values({ name: part.name })
        .onConflictDoNothing()
        .returning({ name: seedRuns.name });
      if (claimed.length === 0) return;
      await part.run(tx, context);
      applied.push(part.name);
    });
  }
  return applied;
}

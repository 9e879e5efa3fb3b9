import { punycodeTld } from '@vitrin/contracts';
import type { Transaction } from '../db/client';
import type { SecretBox } from '../lib/secret-box';
import { sealRegistrarCredentials } from '../modules/domains';
import { domainTlds, registrarAccounts, sandboxRegistryNames } from '../schema';

// The domains' demo (seed part `domains`, issue 38): the built-in sandbox registry as the one
// registrar account, the five TLDs on sale through it with their prices, and names the sandbox
// already has in its book, so a newcomer's search finds some taken and most free.

const DAY_MS = 86_400_000;

/** Per year, in Rial before VAT. */
const DEMO_TLDS = [
  {
    tld: 'ir',
    script: 'ascii',
    minLength: 3,
    years: [1, 5],
    register: 1_200_000,
    renew: 1_200_000,
    transfer: 0,
    restore: 1_200_000,
    grace: 30,
    redemption: 30,
    authCode: false,
  },
  {
    tld: 'ایران',
    script: 'persian',
    minLength: 1,
    years: [1, 5],
    register: 1_200_000,
    renew: 1_200_000,
    transfer: 0,
    restore: 1_200_000,
    grace: 30,
    redemption: 30,
    authCode: false,
  },
  {
    tld: 'com',
    script: 'idn',
    minLength: 1,
    years: [1, 2, 3, 5, 10],
    register: 18_500_000,
    renew: 19_500_000,
    transfer: 19_500_000,
    restore: 150_000_000,
    grace: 30,
    redemption: 30,
    authCode: true,
  },
  {
    tld: 'net',
    script: 'idn',
    minLength: 1,
    years: [1, 2, 3, 5, 10],
    register: 21_000_000,
    renew: 22_000_000,
    transfer: 22_000_000,
    restore: 150_000_000,
    grace: 30,
    redemption: 30,
    authCode: true,
  },
  {
    tld: 'org',
    script: 'idn',
    minLength: 1,
    years: [1, 2, 3, 5, 10],
    register: 19_500_000,
    renew: 20_500_000,
    transfer: 20_500_000,
    restore: 150_000_000,
    grace: 30,
    redemption: 30,
    authCode: true,
  },
] as const;

/** Names the sandbox registry holds for other registrars: a search shows them taken. */
export const DEMO_TAKEN_NAMES = [
  'vitrin.ir',
  'vitrin.com',
  'google.com',
  'digikala.com',
  'shop.ir',
];

export async function seedDomains(tx: Transaction, secrets: SecretBox): Promise<void> {
  const [account] = await tx
    .insert(registrarAccounts)
    .values({
      name: 'sandbox-registry',
      kind: 'sandbox',
      credentials: sealRegistrarCredentials(secrets, 'sandbox', {}),
    })
    .onConflictDoNothing({ target: registrarAccounts.name })
    .returning({ id: registrarAccounts.id });
  if (!account) return;
  await tx.insert(domainTlds).values(
    DEMO_TLDS.map((tld, index) => ({
      tld: tld.tld,
      ascii: punycodeTld(tld.tld),
      script: tld.script,
      minLength: tld.minLength,
      registrarAccountId: account.id,
      years: [...tld.years],
      registerPriceRial: tld.register,
      renewPriceRial: tld.renew,
      transferPriceRial: tld.transfer,
      restorePriceRial: tld.restore,
      graceDays: tld.grace,
      redemptionDays: tld.redemption,
      authCodeRequired: tld.authCode,
      sortOrder: index,
    })),
  );
  const inAYear = new Date(Date.now() + 365 * DAY_MS);
  await tx
    .insert(sandboxRegistryNames)
    .values(
      DEMO_TAKEN_NAMES.map((name) => ({ name, sponsor: 'another-registrar', expiresAt: inAYear })),
    )
    .onConflictDoNothing();
}

import {
  type DomainAvailability,
  type DomainTldRule,
  domainNameFor,
  type PathResult,
  parseDomainQuery,
  type searchDomains,
} from '@vitrin/contracts';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { Logger } from '../../lib/logger';
import { fieldError } from '../catalog';
import { type RegistrarPool, withinRegistrarTime } from './registrars';
import { domainTlds, registrarAccounts } from './schema';

// The domain search (issue 38): one label against every TLD on sale, each name asked of its
// registry in one batch per registrar account, at once. A registry that does not answer in time
// leaves its names «نامعلوم» with the reason; nothing is guessed.

type SearchResult = PathResult<(typeof searchDomains)['path']>;
type ResultRow = SearchResult['results'][number];

/** How long the search waits for a registry's check before saying it does not know. */
export const DOMAIN_CHECK_TIMEOUT_MS = 5_000;

export interface SearchDeps {
  db: Database;
  registrars: RegistrarPool;
  log: Logger;
}

export async function searchDomainNames(deps: SearchDeps, q: string): Promise<SearchResult> {
  const tlds = await deps.db
    .select({ tld: domainTlds, account: registrarAccounts })
    .from(domainTlds)
    .innerJoin(registrarAccounts, eq(registrarAccounts.id, domainTlds.registrarAccountId))
    .where(eq(domainTlds.enabled, true))
    .orderBy(asc(domainTlds.sortOrder), asc(domainTlds.tld));
  const parsed = parseDomainQuery(
    q,
    tlds.map((row) => row.tld.tld),
  );
  if (!parsed.ok) throw fieldError('q', parsed.reason);
  const { label, tld: typed } = parsed.value;
  const ordered = typed
    ? [
        ...tlds.filter((row) => row.tld.tld === typed),
        ...tlds.filter((row) => row.tld.tld !== typed),
      ]
    : tlds;

  const rows: ResultRow[] = ordered.map(({ tld }) => {
    const rule: DomainTldRule = { tld: tld.tld, script: tld.script, minLength: tld.minLength };
    const name = domainNameFor(label, rule);
    return {
      tld: tld.tld,
      name: name.ok ? name.value.unicode : `${label}.${tld.tld}`,
      ascii: name.ok ? name.value.ascii : null,
      availability: name.ok ? 'unknown' : 'invalid',
      reason: name.ok ? null : name.reason,
      years: tld.years,
      registerPrice: tld.registerPriceRial,
      renewPrice: tld.renewPriceRial,
      transferPrice: tld.transferPriceRial,
      authCodeRequired: tld.authCodeRequired,
    };
  });

  // One batch per registrar account, all at once.
  const byAccount = new Map<
    string,
    { account: (typeof tlds)[number]['account']; rows: ResultRow[] }
  >();
  ordered.forEach(({ account }, index) => {
    const row = rows[index];
    if (!row?.ascii) return;
    const batch = byAccount.get(account.id) ?? { account, rows: [] };
    batch.rows.push(row);
    byAccount.set(account.id, batch);
  });
  await Promise.all(
    [...byAccount.values()].map(async ({ account, rows: batch }) => {
      const names = batch.map((row) => row.ascii as string);
      try {
        if (!account.enabled) throw new Error(`registrar account ${account.name} is switched off`);
        const answers = await withinRegistrarTime(
          deps.registrars.driverFor(account).check(names),
          DOMAIN_CHECK_TIMEOUT_MS,
        );
        const byName = new Map(answers.map((answer) => [answer.name, answer]));
        for (const row of batch) {
          const answer = byName.get(row.ascii as string);
          if (!answer) {
            settle(
              row,
              'unknown',
              'ثبت‌کننده دربارهٔ این نام پاسخی نداد؛ کمی بعد دوباره جست‌وجو کنید',
            );
          } else if (answer.available) {
            settle(row, 'available', null);
          } else {
            settle(row, 'taken', 'این نام پیش‌تر ثبت شده است');
          }
        }
      } catch (error) {
        deps.log.warn({ err: error, registrar: account.name }, 'domain check failed');
        for (const row of batch) {
          settle(row, 'unknown', 'ثبت‌کنندهٔ این پسوند الان پاسخ نمی‌دهد؛ کمی بعد دوباره جست‌وجو کنید');
        }
      }
    }),
  );
  return { query: { label, tld: typed }, results: rows };
}

function settle(row: ResultRow, availability: DomainAvailability, reason: string | null): void {
  row.availability = availability;
  row.reason = reason;
}

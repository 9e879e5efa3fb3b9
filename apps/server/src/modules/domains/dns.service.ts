import type { CallResult, getDomainDns } from '@vitrin/contracts';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { DatabaseDnsDriver } from '../../providers/dns/database-dns';
import { type DnsDriver, DnsError, type DnsRecord } from '../../providers/dns/dns-driver';
import { PowerDnsDriver } from '../../providers/dns/powerdns-driver';
import { recordSetProblems } from '../../providers/dns/record-rules';
import { hostingAccountsOf } from '../services';
import { hostingRecordsFor } from './hosting-records';
import { domains, registrarAccounts } from './schema';

// A domain's DNS zone (issue 38): kept by the configured DNS server (PowerDNS, or the database
// with `npm start`), served by the company's nameservers. The customer edits the whole record
// set at once; it is checked here (record-rules.ts) before the server is asked, and a problem is
// told on the record and field at fault.

type DomainDns = CallResult<typeof getDomainDns>;

export type DnsSettings =
  | { kind: 'database' }
  | { kind: 'powerdns'; apiUrl: string; apiKey: string };

export function dnsDriverFor(db: Database, settings: DnsSettings): DnsDriver {
  return settings.kind === 'powerdns'
    ? new PowerDnsDriver({ apiUrl: settings.apiUrl, apiKey: settings.apiKey })
    : new DatabaseDnsDriver(db);
}

export interface DnsDeps {
  db: Database;
  dns: DnsDriver;
}

/** Domains whose zone we keep: held (not cancelled, deleted or moved away). */
export const HELD_STATUSES = ['active', 'expired', 'redemption', 'needs-attention'] as const;
const HELD: ReadonlySet<string> = new Set(HELD_STATUSES);

/** Whether a domain's nameservers are all ours: only then does our zone answer for it. */
export function pointsAtOurNameservers(
  domainNameservers: readonly string[],
  ours: readonly string[],
): boolean {
  const set = new Set(ours);
  return domainNameservers.length > 0 && domainNameservers.every((host) => set.has(host));
}

async function zoneOf(db: Database, userId: string, id: string) {
  const [row] = await db
    .select({ domain: domains, defaults: registrarAccounts.defaultNameservers })
    .from(domains)
    .innerJoin(registrarAccounts, eq(registrarAccounts.id, domains.registrarAccountId))
    .where(and(eq(domains.id, id), eq(domains.userId, userId)));
  if (!row) throw new AppError('NOT_FOUND', 'این دامنه پیدا نشد');
  if (!HELD.has(row.domain.status)) {
    throw new AppError('CONFLICT', 'رکوردهای DNS برای دامنهٔ ثبت‌شده در دسترس است');
  }
  if (row.defaults.length === 0) {
    throw new AppError('CONFLICT', 'ثبت‌کنندهٔ این دامنه نام‌سرور پیش‌فرضی ندارد که DNS را نگه دارد');
  }
  return row;
}

/** The records its hosting account points the zone at, for the page to label (issue 38). */
async function hostingOf(db: Database, domain: typeof domains.$inferSelect) {
  const [account] = await hostingAccountsOf(db, domain.userId, domain.ascii);
  return account
    ? { serviceName: account.serviceName, records: hostingRecordsFor(domain.ascii, account) }
    : null;
}

function viewOf(
  deps: DnsDeps,
  domain: typeof domains.$inferSelect,
  nameservers: string[],
  records: DnsRecord[],
  hosting: DomainDns['hosting'],
): DomainDns {
  return {
    onOurNameservers: pointsAtOurNameservers(domain.nameservers, nameservers),
    server: deps.dns.kind,
    nameservers,
    records,
    hosting,
  };
}

function unavailable(error: unknown): never {
  if (error instanceof DnsError && error.kind === 'refused') {
    throw new AppError('VALIDATION', `سرور DNS رکوردها را نپذیرفت: ${error.message}`);
  }
  throw new AppError('UNAVAILABLE', 'سرور DNS اکنون پاسخ نمی‌دهد؛ کمی بعد دوباره تلاش کنید');
}

export async function getDns(deps: DnsDeps, userId: string, id: string): Promise<DomainDns> {
  const { domain, defaults } = await zoneOf(deps.db, userId, id);
  const hosting = await hostingOf(deps.db, domain);
  try {
    await deps.dns.ensureZone(domain.ascii, defaults);
    return viewOf(deps, domain, defaults, await deps.dns.records(domain.ascii), hosting);
  } catch (error) {
    return unavailable(error);
  }
}

export async function saveDns(
  deps: DnsDeps,
  userId: string,
  id: string,
  records: DnsRecord[],
): Promise<DomainDns> {
  const { domain, defaults } = await zoneOf(deps.db, userId, id);
  const problems = recordSetProblems(domain.ascii, records);
  if (problems.length > 0) {
    const fields: Record<string, string> = {};
    for (const problem of problems) {
      const key =
        problem.index === null
          ? 'records'
          : `records.${problem.index}${problem.field ? `.${problem.field}` : ''}`;
      fields[key] ??= problem.message;
    }
    throw new AppError('VALIDATION', problems[0]?.message ?? 'رکوردها درست نیست', { fields });
  }
  const hosting = await hostingOf(deps.db, domain);
  try {
    await deps.dns.ensureZone(domain.ascii, defaults);
    await deps.dns.replaceRecords(domain.ascii, records);
    return viewOf(deps, domain, defaults, await deps.dns.records(domain.ascii), hosting);
  } catch (error) {
    return unavailable(error);
  }
}

import { and, eq, inArray } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import type { JobContext } from '../../lib/job-queue';
import { DnsError } from '../../providers/dns/dns-driver';
import { recordSetProblems } from '../../providers/dns/record-rules';
import {
  type HostingPlaced,
  type HostingPlacedReport,
  hostingAccountsOf,
  noteHostingDns,
  panelServerAddresses,
} from '../services';
import { type DnsDeps, HELD_STATUSES, pointsAtOurNameservers } from './dns.service';
import { queueDomainNotice } from './domain-notices';
import { type HostingRecordsData, queueHostingRecords } from './hosting-queue';
import { hostingRecordsFor, mergeHostingRecords } from './hosting-records';
import { type DomainRow, recordDomainEvent } from './lifecycle';
import { domains, registrarAccounts } from './schema';

// A hosting account's records in its domain's zone (issue 38, decision 0038). When services
// announces a site account on a server for a domain the same customer holds here, on our
// nameservers, the zone is pointed at the server by a job (hosting-records.ts says how records
// are merged). The job, not the announcing transaction, asks the DNS server: a DNS server that is
// down never fails the provisioning. The job retries for about eight hours, then tells staff; the
// domain's and the service's timelines say what came of it, and why when nothing was written.

/** The domain the customer holds here under `ascii`, with the nameservers our zones use. */
async function heldDomain(db: Database, where: { userId?: string; ascii?: string; id?: string }) {
  const [row] = await db
    .select({ domain: domains, ours: registrarAccounts.defaultNameservers })
    .from(domains)
    .innerJoin(registrarAccounts, eq(registrarAccounts.id, domains.registrarAccountId))
    .where(
      and(
        where.id ? eq(domains.id, where.id) : undefined,
        where.userId ? eq(domains.userId, where.userId) : undefined,
        where.ascii ? eq(domains.ascii, where.ascii) : undefined,
        inArray(domains.status, [...HELD_STATUSES]),
      ),
    );
  return row ?? null;
}

/** Why our zone does not answer for a held domain, or null when it does. */
function notOurZone(domain: DomainRow, ours: readonly string[]): string | null {
  if (ours.length === 0) return 'ثبت‌کنندهٔ آن نام‌سرور پیش‌فرضی ندارد که DNS را نگه دارد';
  if (!pointsAtOurNameservers(domain.nameservers, ours)) {
    return 'نام‌سرورهای آن جای دیگری است و DNS آن را خود مالک نگه می‌دارد';
  }
  return null;
}

/**
 * services' `hosting-placed`: a site account on a server for a domain. A domain another customer
 * holds, or one we do not hold, is none of ours: nothing is said. One we hold is pointed at the
 * server by the job, or the service's timeline says why it is not.
 */
export async function pointZoneAtHosting(
  tx: Transaction,
  placed: HostingPlaced,
): Promise<HostingPlacedReport | undefined> {
  const held = await heldDomain(tx, { userId: placed.userId, ascii: placed.domainName });
  if (!held) return undefined;
  const { domain, ours } = held;
  const elsewhere = notOurZone(domain, ours);
  if (elsewhere) {
    return { message: `رکوردهای DNS دامنهٔ ${domain.name} نوشته نشد: ${elsewhere}` };
  }
  if (placed.addresses.length === 0) {
    const why = `سرور ${placed.serverName} هنوز نشانی IP ندارد؛ کارشناس باید نشانی‌های آن را در کنسول ثبت کند`;
    await recordDomainEvent(
      tx,
      domain.id,
      {
        kind: 'dns.hosting',
        actor: 'system',
        message: `رکوردهای میزبانی در DNS نوشته نشد: ${why}`,
      },
      placed.now,
    );
    return { message: `رکوردهای DNS دامنهٔ ${domain.name} نوشته نشد: ${why}` };
  }
  await queueHostingRecords(tx, {
    domainId: domain.id,
    serviceId: placed.serviceId,
    previousAddresses: placed.previousAddresses,
  });
  return {
    message: `نوشتن رکوردهای DNS دامنهٔ ${domain.name} برای سرور ${placed.serverName} در صف است`,
  };
}

/**
 * One run of the job: the zone of a domain still held on our nameservers is pointed at the
 * newest site account on it, as it stands now. Safe to repeat: a zone already pointed there is
 * not written. A DNS server that does not answer is asked again after the queue's backoff.
 */
export async function runHostingRecords(
  deps: DnsDeps,
  data: HostingRecordsData,
  context: JobContext,
): Promise<void> {
  const job = { jobId: context.id, attempt: context.retryCount + 1 };
  const held = await heldDomain(deps.db, { id: data.domainId });
  if (!held || notOurZone(held.domain, held.ours)) return;
  const { domain, ours } = held;
  const [account] = await hostingAccountsOf(deps.db, domain.userId, domain.ascii);
  if (!account || account.addresses.length === 0) return;
  const known = await panelServerAddresses(deps.db);
  for (const address of data.previousAddresses) known.add(address);
  const wanted = hostingRecordsFor(domain.ascii, account);

  let outcome: { changed: boolean; leftAlone: string[] };
  try {
    await deps.dns.ensureZone(domain.ascii, ours);
    const current = await deps.dns.records(domain.ascii);
    const merge = mergeHostingRecords(domain.ascii, current, wanted, known);
    const [problem] = recordSetProblems(domain.ascii, merge.records);
    if (problem) throw new DnsError('refused', problem.message);
    if (merge.changed) await deps.dns.replaceRecords(domain.ascii, merge.records);
    outcome = merge;
  } catch (error) {
    const failure =
      error instanceof DnsError
        ? error
        : new DnsError('protocol', (error as Error).message, { cause: error });
    const retry = failure.retryable && !context.lastAttempt;
    await deps.db.transaction(async (tx) => {
      const now = new Date();
      if (retry) {
        // Said once, on the first miss; the last one says the rest.
        if (context.retryCount > 0) return;
        await recordDomainEvent(
          tx,
          domain.id,
          {
            kind: 'dns.hosting',
            actor: 'system',
            message: `سرور DNS پاسخ نداد و رکوردهای میزبانی هنوز نوشته نشده است؛ دوباره تلاش می‌شود (${failure.message})`,
            ...job,
          },
          now,
        );
        return;
      }
      const why = `رکوردهای میزبانی در DNS دامنهٔ ${domain.name} نوشته نشد؛ سرور DNS آن‌ها را نگرفت (${failure.message})`;
      await recordDomainEvent(
        tx,
        domain.id,
        { kind: 'dns.hosting', actor: 'system', message: `${why}؛ کارشناس پیگیری می‌کند`, ...job },
        now,
      );
      if (data.serviceId) await noteHostingDns(tx, data.serviceId, why, now, job);
      await queueDomainNotice(tx, domain, 'staff-alert', now, { message: why });
    });
    if (retry) throw failure;
    return;
  }

  // A run that found the zone already pointed there says nothing new, unless a placing asked.
  if (!outcome.changed && !data.serviceId) return;
  const alone =
    outcome.leftAlone.length > 0
      ? `؛ رکوردهایی که خودتان در ${outcome.leftAlone.join('، ')} نوشته‌اید دست نخورد`
      : '';
  const message = outcome.changed
    ? `رکوردهای میزبانی در DNS دامنهٔ ${domain.name} نوشته شد و دامنه اکنون به سرور ${account.serverName} اشاره می‌کند${alone}`
    : `DNS دامنهٔ ${domain.name} از پیش به سرور ${account.serverName} اشاره می‌کرد${alone}`;
  await deps.db.transaction(async (tx) => {
    const now = new Date();
    await recordDomainEvent(
      tx,
      domain.id,
      { kind: 'dns.hosting', actor: 'system', message, ...job },
      now,
    );
    if (data.serviceId) {
      await noteHostingDns(tx, data.serviceId, message, now, job);
    }
  });
}

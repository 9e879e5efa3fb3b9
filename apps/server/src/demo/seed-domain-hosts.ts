import { and, eq } from 'drizzle-orm';
import type { Transaction } from '../db/client';
import { SANDBOX_HOST_STATUS } from '../providers/registrar/sandbox-registrar';
import { domainEvents, domainHosts, domains, sandboxRegistryNames, users } from '../schema';
import { DEMO_SERVER_ADDRESSES } from './seed-hosting-dns';

const DAY_MS = 86_400_000;

/**
 * سارا's child nameserver (seed part `domain-hosts`, issue 38): `ns1.sara-blog.com`, with the
 * addresses of the sandbox server her hosting lives on as its glue, made at the sandbox registry
 * months ago for a nameserver she means to run there. Her domain still uses the company's
 * nameservers, so the page shows it ready, not in use. Runs on a database seeded before (the
 * `domain-sales` part made her domain) as on a fresh one.
 */
export async function seedDomainHosts(tx: Transaction): Promise<void> {
  const [held] = await tx
    .select({ domain: domains })
    .from(domains)
    .innerJoin(users, eq(users.id, domains.userId))
    .where(and(eq(domains.ascii, 'sara-blog.com'), eq(users.mobile, '+989121234567')));
  const domain = held?.domain;
  if (!domain?.expiresAt) return;
  const name = `ns1.${domain.ascii}`;
  const madeAt = new Date(Date.now() - 120 * DAY_MS);
  await tx
    .insert(sandboxRegistryNames)
    .values({
      name,
      sponsor: domain.registrarAccountId,
      expiresAt: domain.expiresAt,
      createdAt: madeAt,
      nameservers: DEMO_SERVER_ADDRESSES,
      statuses: [SANDBOX_HOST_STATUS],
    })
    .onConflictDoNothing();
  const [made] = await tx
    .insert(domainHosts)
    .values({
      domainId: domain.id,
      name,
      addresses: DEMO_SERVER_ADDRESSES,
      createdAt: madeAt,
      updatedAt: madeAt,
    })
    .onConflictDoNothing()
    .returning({ id: domainHosts.id });
  if (!made) return;
  await tx.insert(domainEvents).values({
    domainId: domain.id,
    kind: 'host.created',
    actor: 'customer',
    actorId: domain.userId,
    message: `نام‌سرور اختصاصی ${name} با ${DEMO_SERVER_ADDRESSES.length} نشانی IP در ثبت‌کننده ساخته شد`,
    registry: { operation: 'create host', outcome: 'done' },
    createdAt: madeAt,
  });
}

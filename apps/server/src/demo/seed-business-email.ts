import { BILLING_CYCLE_MONTHS } from '@vitrin/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Transaction } from '../db/client';
import { JOB_QUEUE_SCHEMA, jobQueueExists } from '../lib/job-queue';
import type { SecretBox } from '../lib/secret-box';
import { addToCart } from '../modules/orders/cart.service';
import { submitOrder } from '../modules/orders/orders.service';
import { recordServiceEvent } from '../modules/services/lifecycle';
import { newAccountPassword, panelUsernameFor } from '../modules/services/provisioning';
import { addMonths } from '../modules/services/renewals';
import { NOTICE_JOB } from '../modules/services/service-notices';
import { hashSandboxPassword, sandboxLimitsOf } from '../providers/panel/sandbox-driver';
import { newDkimKey } from '../providers/panel/sandbox-mail';
import {
  panelServers,
  productProvisioning,
  products,
  sandboxMailboxes,
  sandboxMailDomains,
  sandboxPanelAccounts,
  serviceEvents,
  services,
  users,
} from '../schema';
import { backdate } from './seed-backdate';
import { payByCard } from './seed-panel';

/** The business e-mail plans the sandbox panel delivers (issue 35 item 3). */
export const EMAIL_DELIVERED_BY_PANEL = ['email-team', 'email-business'] as const;

const DAY_MS = 86_400_000;

/**
 * Business e-mail's demo (seed part `business-email`, issue 35 item 3): the e-mail plans are
 * delivered by the sandbox panel from now on (a product_provisioning row each, so a paid one goes
 * pending → provisioning → active like hosting), and سارا has a running e-mail plan for
 * sara-blog.com, bought 40 days ago, with two mailboxes in use. Runs on a database seeded before
 * (the `provisioning` part made the sandbox server) as on a fresh one.
 */
export async function seedBusinessEmail(tx: Transaction, secrets: SecretBox): Promise<void> {
  const [server] = await tx.select().from(panelServers).where(eq(panelServers.name, 'sandbox-1'));
  const plans = await tx
    .select({ id: products.id, slug: products.slug, limits: products.limits })
    .from(products)
    .where(inArray(products.slug, [...EMAIL_DELIVERED_BY_PANEL]));
  if (!server || plans.length === 0) return;

  // Bought before the plans are mapped, so the purchase waits for no job; settled below.
  const [sara] = await tx.select().from(users).where(eq(users.mobile, '+989121234567'));
  const team = plans.find((plan) => plan.slug === 'email-team');
  let bought: typeof services.$inferSelect | undefined;
  if (sara && team) {
    const owner = { userId: sara.id, cartToken: undefined };
    await addToCart(tx, owner, {
      productId: team.id,
      cycle: 'annual',
      domainName: 'sara-blog.com',
    });
    const order = await submitOrder(tx, owner);
    // Paid by card: the wallet's ledger is written in time order, and this order is dated back
    // to before rows written earlier in the seed.
    await payByCard(tx, order.id, { referenceId: '551902384', cardPan: '6104-33**-****-4102' });
    [bought] = await tx
      .select()
      .from(services)
      .where(and(eq(services.orderId, order.id), eq(services.productId, team.id)));
    if (bought) {
      // Bought before the plans were mapped, its payment said it waits for staff and queued that
      // notice: as a plan the panel delivers, it said it was queued for setup and told nobody.
      await tx
        .update(serviceEvents)
        .set({ message: 'پرداخت شد؛ سرویس در صف راه‌اندازی خودکار است', toStatus: 'pending' })
        .where(and(eq(serviceEvents.serviceId, bought.id), eq(serviceEvents.kind, 'created')));
      if (await jobQueueExists(tx)) {
        await tx.execute(
          sql`delete from ${sql.raw(JOB_QUEUE_SCHEMA)}.job where name = ${NOTICE_JOB} and data->>'serviceId' = ${bought.id}`,
        );
      }
      const username = panelUsernameFor(bought.id);
      const password = newAccountPassword();
      const at = bought.createdAt;
      await tx.insert(sandboxPanelAccounts).values({
        username,
        domain: 'sara-blog.com',
        packageName: team.slug,
        ...sandboxLimitsOf(team.limits),
        theme: null,
        passwordHash: hashSandboxPassword(password),
        createdAt: at,
      });
      await tx.insert(sandboxMailDomains).values({
        username,
        domain: 'sara-blog.com',
        ...newDkimKey(),
      });
      await tx.insert(sandboxMailboxes).values([
        {
          username,
          localPart: 'info',
          passwordHash: hashSandboxPassword(newAccountPassword()),
          quotaMb: 10_240,
          usedMb: 1_264,
          createdAt: at,
        },
        {
          username,
          localPart: 'sara',
          passwordHash: hashSandboxPassword(newAccountPassword()),
          quotaMb: 5_120,
          usedMb: 3_482,
          createdAt: new Date(at.getTime() + 60_000),
        },
      ]);
      await tx
        .update(services)
        .set({
          status: 'active',
          statusChangedAt: at,
          startsAt: at,
          expiresAt: bought.cycle ? addMonths(at, BILLING_CYCLE_MONTHS[bought.cycle]) : null,
          serverId: server.id,
          packageName: team.slug,
          panelUsername: username,
          panelPassword: secrets.seal(password),
        })
        .where(eq(services.id, bought.id));
      await recordServiceEvent(
        tx,
        bought.id,
        {
          kind: 'panel.create',
          actor: 'system',
          message: `حساب ایمیل روی سرور ${server.name} ساخته شد (داده‌های نمایشی)`,
          fromStatus: 'pending',
          toStatus: 'active',
        },
        at,
      );
      await backdate(tx, order.id, 40);
      // backdate moved the service's dates; the mailboxes and the account go with them.
      const moved = new Date(at.getTime() - 40 * DAY_MS);
      await tx
        .update(sandboxPanelAccounts)
        .set({ createdAt: moved })
        .where(eq(sandboxPanelAccounts.username, username));
    }
  }

  await tx
    .insert(productProvisioning)
    .values(
      plans.map((plan) => ({
        productId: plan.id,
        groupName: server.groupName,
        packageName: plan.slug,
        graceDays: 7,
        terminateAfterDays: 30,
      })),
    )
    .onConflictDoNothing();
}

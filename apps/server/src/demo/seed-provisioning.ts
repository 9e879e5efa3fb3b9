import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Transaction } from '../db/client';
import type { SecretBox } from '../lib/secret-box';
import { recordServiceEvent } from '../modules/services/lifecycle';
import { sealCredentials } from '../modules/services/panel-servers';
import { newAccountPassword, panelUsernameFor } from '../modules/services/provisioning';
import { hashSandboxPassword, sandboxLimitsOf } from '../providers/panel/sandbox-driver';
import {
  panelServers,
  productProvisioning,
  products,
  sandboxPanelAccounts,
  services,
  themes,
} from '../schema';

/**
 * Which demo products a panel delivers. Each is its own package on the sandbox panel, named as
 * the product and with the product's limits (issue 35 item 4), so the panel shows the plan sold.
 */
export const DELIVERED_BY_PANEL = [
  'builder-starter',
  'builder-business',
  'builder-shop',
  'builder-pro',
  'host-linux-1g',
  'host-linux-5g',
  'host-linux-20g',
  'wp-start',
  'wp-pro',
  'wp-business',
] as const;

/** The nameservers the demo's sandbox server tells customers to point a domain at. */
export const DEMO_NAMESERVERS = ['ns1.vitrin.localhost', 'ns2.vitrin.localhost'];

/**
 * Provisioning's demo (seed part `provisioning`, issue 20): the built-in sandbox panel as the
 * one server of group `default`, website-builder, hosting and WordPress plans delivered by it
 * (domains and VPS stay delivered by hand; e-mail plans are mapped by the business-email part), and the demo services of those plans moved
 * onto it, each with its account, so the panel shows credentials, SSO, usage and a live site.
 * This part must stay after every part that buys through checkout: from here on a paid plan
 * queues its provisioning job, which needs the running app's queue.
 */
export async function seedProvisioning(tx: Transaction, secrets: SecretBox): Promise<void> {
  const [server] = await tx
    .insert(panelServers)
    .values({
      name: 'sandbox-1',
      kind: 'sandbox',
      baseUrl: '',
      credentials: sealCredentials(secrets, 'sandbox', {}),
      groupName: 'default',
      capacity: 5000,
      nameservers: DEMO_NAMESERVERS,
    })
    .onConflictDoNothing({ target: panelServers.name })
    .returning();
  if (!server) return;
  const delivered = await tx
    .select({ id: products.id, slug: products.slug, limits: products.limits })
    .from(products)
    .where(inArray(products.slug, [...DELIVERED_BY_PANEL]));
  if (delivered.length === 0) return;
  await tx.insert(productProvisioning).values(
    delivered.map((product) => ({
      productId: product.id,
      groupName: 'default',
      packageName: product.slug,
      graceDays: 7,
      terminateAfterDays: 30,
    })),
  );
  const productOf = new Map(delivered.map((product) => [product.id, product]));
  const running = await tx
    .select({ service: services, theme: themes.slug })
    .from(services)
    .leftJoin(themes, eq(themes.id, services.themeId))
    .where(
      and(
        inArray(
          services.productId,
          delivered.map((product) => product.id),
        ),
        inArray(services.status, ['active', 'expired', 'suspended']),
        isNull(services.serverId),
      ),
    );
  const now = new Date();
  for (const { service, theme } of running) {
    const username = panelUsernameFor(service.id);
    const password = newAccountPassword();
    const product = productOf.get(service.productId as string);
    if (!product) continue;
    const packageName = product.slug;
    await tx.insert(sandboxPanelAccounts).values({
      username,
      domain: service.domainName ?? `${username}.vitrin.site`,
      packageName,
      ...sandboxLimitsOf(product.limits),
      theme,
      passwordHash: hashSandboxPassword(password),
      suspended: service.status === 'suspended',
      // A site that has been up a while has served something.
      servedBytes: 180 * 1024 * 1024,
      createdAt: service.startsAt ?? now,
    });
    await tx
      .update(services)
      .set({
        serverId: server.id,
        packageName,
        panelUsername: username,
        panelPassword: secrets.seal(password),
      })
      .where(eq(services.id, service.id));
    await recordServiceEvent(
      tx,
      service.id,
      {
        kind: 'panel.create',
        actor: 'system',
        message: `حساب روی سرور ${server.name} ساخته شد (داده‌های نمایشی)`,
      },
      now,
    );
  }
}

import { getPanelServers, getServiceAccess, savePanelServer } from '@vitrin/contracts';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { DEMO_NAMESERVERS } from '../../demo/seed-provisioning';
import { auditLog } from '../../schema';
import { ok, refused, type SignedInUser } from '../../test/api-kit';
import { createStaff } from '../../test/staff-kit';
import { setupTestApp } from '../../test/test-app';
import { createCustomer, FREE_THEME } from '../orders/checkout-test-kit';
import { buyService, freshDomain } from './panel-test-kit';

// Issue 35 item 15: a hosting service's page shows the nameservers to point its domain at, from
// its server, which staff set in the console's panel server dialog.

const t = setupTestApp({ seedDemoData: true });
let admin: SignedInUser;

beforeAll(async () => {
  admin = await createStaff(t.app, 'admin');
});

async function sandboxServer() {
  const { items } = await ok(t.app, getPanelServers.path, {}, admin.token);
  const server = items.find((item) => item.kind === 'sandbox');
  if (!server) throw new Error('no sandbox server');
  return server;
}

describe('nameservers', () => {
  test("the service's owner reads its server's nameservers; staff change them", async () => {
    const server = await sandboxServer();
    expect(server.nameservers).toEqual(DEMO_NAMESERVERS);

    const customer = await createCustomer(t.app);
    const service = await buyService(t.app, customer, {
      slug: 'host-linux-1g',
      cycle: 'monthly',
      domain: freshDomain(),
    });
    const access = await ok(
      t.app,
      getServiceAccess.path,
      { serviceId: service.id },
      customer.token,
    );
    expect(access.account?.nameservers).toEqual(['ns1.vitrin.localhost', 'ns2.vitrin.localhost']);

    const saved = await ok(
      t.app,
      savePanelServer.path,
      {
        id: server.id,
        name: server.name,
        kind: server.kind,
        baseUrl: server.baseUrl,
        groupName: server.groupName,
        capacity: server.capacity,
        enabled: server.enabled,
        nameservers: [' NS1.Vitrin-Host.ir ', 'ns2.vitrin-host.ir', 'ns3.vitrin-host.ir'],
      },
      admin.token,
    );
    expect(saved.nameservers).toEqual([
      'ns1.vitrin-host.ir',
      'ns2.vitrin-host.ir',
      'ns3.vitrin-host.ir',
    ]);
    const [audit] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'panel-server.update'), eq(auditLog.entityId, server.id)));
    expect(audit?.before).toMatchObject({ nameservers: DEMO_NAMESERVERS });
    expect(audit?.after).toMatchObject({ nameservers: saved.nameservers });

    const again = await ok(t.app, getServiceAccess.path, { serviceId: service.id }, customer.token);
    expect(again.account?.nameservers).toEqual(saved.nameservers);

    // Another customer does not read them: the service is not theirs.
    const stranger = await createCustomer(t.app);
    await refused(t.app, getServiceAccess.path, { serviceId: service.id }, stranger.token, 404);

    // Back as the demo had them, for the other tests of this file.
    await ok(
      t.app,
      savePanelServer.path,
      {
        id: server.id,
        name: server.name,
        kind: server.kind,
        baseUrl: server.baseUrl,
        groupName: server.groupName,
        capacity: server.capacity,
        enabled: server.enabled,
        nameservers: DEMO_NAMESERVERS,
      },
      admin.token,
    );
  });

  test('a builder site served by the sandbox has them too', async () => {
    const customer = await createCustomer(t.app);
    const service = await buyService(t.app, customer, {
      slug: 'builder-starter',
      cycle: 'monthly',
      theme: FREE_THEME,
      domain: freshDomain(),
    });
    const access = await ok(
      t.app,
      getServiceAccess.path,
      { serviceId: service.id },
      customer.token,
    );
    expect(access.account?.nameservers).toEqual(DEMO_NAMESERVERS);
  });

  test('one nameserver, a bad name or the same twice is refused under the field', async () => {
    const server = await sandboxServer();
    const base = {
      id: server.id,
      name: server.name,
      kind: server.kind,
      baseUrl: server.baseUrl,
      groupName: server.groupName,
      capacity: server.capacity,
      enabled: server.enabled,
    };
    for (const [nameservers, message] of [
      [['ns1.vitrin.ir'], 'دست‌کم دو نیم‌سرور بنویسید'],
      [['ns1.vitrin.ir', 'not a host'], 'نام نیم‌سرور را مانند ns1.example.com بنویسید'],
      [['ns1.vitrin.ir', 'NS1.vitrin.ir'], 'نیم‌سرور تکراری است'],
    ] as const) {
      const problem = await refused(
        t.app,
        savePanelServer.path,
        { ...base, nameservers },
        admin.token,
        400,
      );
      expect(JSON.stringify(problem.fields), JSON.stringify(nameservers)).toContain(message);
    }
    expect((await sandboxServer()).nameservers).toEqual(DEMO_NAMESERVERS);
  });
});

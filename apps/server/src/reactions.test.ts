import { describe, expect, test, vi } from 'vitest';
import type { Transaction } from './db/client';
import { definePort, describeWiring, wireReactions } from './lib/events';
import './reactions';

// Who reacts to what between the modules (decision 0036, docs/architecture.md "Reactions"): the
// list below is the wiring as src/reactions.ts makes it, for the app, the seed and every test.

describe('the wiring', () => {
  test('a lower module announces or asks, the module above reacts or answers', () => {
    expect(describeWiring()).toEqual({
      events: [
        // A sales invoice or credit note issued: its sending to the tax system is queued (issue 39).
        { event: 'billing:document-issued', subscribers: ['tax-system'] },
        // Starts the new services, extends the renewed ones, applies the upgrade; starts each
        // paid domain at its registry (issue 38).
        { event: 'orders:order-paid', subscribers: ['services', 'domains'] },
        // Cancels, shortens and reverts them, and reports each for the audit row; cancels the
        // domains the registry has not taken yet.
        { event: 'orders:order-refunded', subscribers: ['services', 'domains'] },
        // A site's account on a server for a domain held here: its zone points at the server.
        { event: 'services:hosting-placed', subscribers: ['domains'] },
      ],
      ports: [
        // An order's current document (billing sits below orders): a pending order's pro-forma.
        { port: 'billing:order-for-document', answeredBy: 'orders' },
        // Every payment step: no renewed service stopped, no changed one moved plan since.
        { port: 'orders:services-still-as-ordered', answeredBy: 'services' },
        // Adding a renewal to the cart.
        { port: 'orders:renewable-service', answeredBy: 'services' },
        // Each cart read: the renewed service's name, expiry, and whether it may be renewed.
        { port: 'orders:cart-renewals', answeredBy: 'services' },
        // The staff's order detail.
        { port: 'orders:services-of-order', answeredBy: 'services' },
        // Each cart read with a domain line: its TLD's terms for the line's years now.
        { port: 'orders:domain-line-terms', answeredBy: 'domains' },
        // Submitting an order of domains: the holder's details are on file.
        { port: 'orders:domain-order-ready', answeredBy: 'domains' },
        // Adding a product: a TLD's product is bought through the domain search only.
        { port: 'orders:sold-as-domain', answeredBy: 'domains' },
        // The owner's order detail: what each paid domain line became.
        { port: 'orders:order-line-domains', answeredBy: 'domains' },
      ],
    });
  });

  test('a port answered twice is refused', () => {
    const port = definePort<() => number>('test:twice');
    const answers = [{ port: port as never, answer: () => 1 }];
    expect(() =>
      wireReactions([
        { module: 'one', answers },
        { module: 'two', answers },
      ]),
    ).toThrow('port test:twice is answered twice (by one, then by two)');
  });
});

describe('without the wiring', () => {
  test('paying an order throws instead of leaving its services unstarted', async () => {
    // A fresh copy of the modules, as a process that never imported src/reactions.ts has them.
    vi.resetModules();
    const { markOrderPaid } = await import('./modules/orders/orders.service');
    const order = { id: 'order', userId: 'user', number: 1 } as Parameters<typeof markOrderPaid>[1];
    await expect(markOrderPaid(inertTransaction(), order, new Date())).rejects.toThrow(
      'reactions are not wired: import src/reactions.ts before changing state',
    );
  });
});

/**
 * A transaction whose every statement finds nothing: enough to reach the payment's announcement,
 * which comes before anything else the payment writes outside the orders table.
 */
function inertTransaction(): Transaction {
  const statement: object = new Proxy(() => undefined, {
    get: (_target, key) =>
      key === 'then' ? (resolve: (rows: unknown[]) => void) => resolve([]) : () => statement,
  });
  return statement as Transaction;
}

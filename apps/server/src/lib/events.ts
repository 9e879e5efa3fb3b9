import type { Transaction } from '../db/client';

// Reactions between modules (decision 0036). A module announces what happened to its own data
// (an order was paid, refunded); modules in the layers above react. The emitter names the event
// and its payload; it never imports who reacts. Subscribers run in the emitter's transaction, one
// after another in the order they were wired, so "paid" and what paying starts commit together or
// not at all; work that must outlive the transaction (panel calls, SMS, e-mail) is queued by the
// subscriber through the job queue in that same transaction, as before.
//
// A question a lower module must put to a module above it (is this service's renewal stopped? what
// does the cart show of the service a renewal line renews?) is a port: the lower module declares
// its shape, the module above answers it, and the wiring (src/reactions.ts) connects the two.
//
// Each module lists what it reacts to and what it answers in its own `reactions.ts`; the server's
// `src/reactions.ts` wires them all, once, for every entry point (the app, the seed, the jobs, the
// tests). An event with no wiring at all is a bug, not a quiet no-op: emitting before the wiring
// throws.

/** An event a module announces, with the payload its subscribers receive. */
export interface DomainEvent<Payload> {
  readonly name: string;
  /** Never set: carries the payload's type. */
  readonly payload?: Payload;
}

export type Subscriber<Payload> = (tx: Transaction, payload: Payload) => Promise<void>;

/** A question a lower module asks and a module above answers, by the lower module's contract. */
export interface Port<Answer> {
  readonly name: string;
  /** Never set: carries the answerer's type. */
  readonly answer?: Answer;
}

interface Wiring {
  subscribers: Map<string, { by: string; run: Subscriber<unknown> }[]>;
  answers: Map<string, unknown>;
}

let wiring: Wiring | null = null;

export function defineEvent<Payload>(name: string): DomainEvent<Payload> {
  return { name };
}

export function definePort<Answer>(name: string): Port<Answer> {
  return { name };
}

/** One module's reactions: which events it subscribes to and which ports it answers. */
export interface ModuleReactions {
  readonly module: string;
  readonly subscribes?: readonly Subscription[];
  readonly answers?: readonly PortAnswer[];
}

export interface Subscription {
  readonly event: DomainEvent<never>;
  readonly run: Subscriber<never>;
}

export interface PortAnswer {
  readonly port: Port<unknown>;
  readonly answer: unknown;
}

/** Pairs an event with its subscriber, typed together. */
export function on<Payload>(event: DomainEvent<Payload>, run: Subscriber<Payload>): Subscription {
  return { event: event as DomainEvent<never>, run: run as Subscriber<never> };
}

/** Pairs a port with its answer, typed together. */
export function answer<Answer>(port: Port<Answer>, implementation: Answer): PortAnswer {
  return { port: port as Port<unknown>, answer: implementation };
}

/**
 * Wires every module's reactions. Called once per process by `src/reactions.ts`; calling it again
 * with the same list is harmless (tests build many apps), and a port answered twice is refused.
 */
export function wireReactions(modules: readonly ModuleReactions[]): void {
  const next: Wiring = { subscribers: new Map(), answers: new Map() };
  for (const module of modules) {
    for (const { event, run } of module.subscribes ?? []) {
      const list = next.subscribers.get(event.name) ?? [];
      list.push({ by: module.module, run: run as Subscriber<unknown> });
      next.subscribers.set(event.name, list);
    }
    for (const { port, answer: implementation } of module.answers ?? []) {
      if (next.answers.has(port.name)) {
        throw new Error(`port ${port.name} is answered twice (the second by ${module.module})`);
      }
      next.answers.set(port.name, implementation);
    }
  }
  wiring = next;
}

function wired(): Wiring {
  if (!wiring) {
    throw new Error('reactions are not wired: import src/reactions.ts before changing state');
  }
  return wiring;
}

/** Runs every subscriber of `event` in `tx`, in wiring order; the first to throw aborts the rest. */
export async function emit<Payload>(
  tx: Transaction,
  event: DomainEvent<Payload>,
  payload: Payload,
): Promise<void> {
  for (const subscriber of wired().subscribers.get(event.name) ?? []) {
    await subscriber.run(tx, payload);
  }
}

/** The answer wired to `port`; throws when no module answers it. */
export function ask<Answer>(port: Port<Answer>): Answer {
  const implementation = wired().answers.get(port.name);
  if (implementation === undefined) throw new Error(`port ${port.name} has no answer wired`);
  return implementation as Answer;
}

/** Who reacts to what, for the architecture page and its test. */
export function describeWiring(): { event: string; subscribers: string[] }[] {
  return [...wired().subscribers].map(([event, list]) => ({
    event,
    subscribers: list.map((subscriber) => subscriber.by),
  }));
}

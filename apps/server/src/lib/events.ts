import type { Transaction } from '../db/client';

// Reactions between modules (decision 0036). A module announces what happened to its own data
// (an order was paid, refunded); modules in the layers above react. The emitter names the event
// and its payload; it never imports who reacts. Subscribers run in the emitter's transaction, one
// after another in the order they were wired, so "paid" and what paying starts commit together or
// not at all; work that must outlive the transaction (panel calls, SMS, e-mail) is queued by the
// subscriber through the job queue in that same transaction, as before.
//
// An event may ask its subscribers for a report of what they did, typed by the emitter (a refund's
// audit row lists the services the refund cancelled): `emit` answers every subscriber's report, in
// wiring order. The emitter decides what it needs to hear, in its own words; it still never knows
// who did it.
//
// A question a lower module must put to a module above it (is this service's renewal stopped? what
// does the cart show of the service a renewal line renews?) is a port: the lower module declares
// its shape, the module above answers it, and the wiring (src/reactions.ts) connects the two. A
// port has exactly one answer; asking one nobody answers throws.
//
// Each module lists what it reacts to and what it answers in its own `reactions.ts`; the server's
// `src/reactions.ts` wires them all, once, for every entry point (the app, the seed, the jobs, the
// tests). An event with no wiring at all is a bug, not a quiet no-op: emitting before the wiring
// throws.

/** An event a module announces, with the payload its subscribers receive and what they report. */
export interface DomainEvent<Payload, Report = void> {
  readonly name: string;
  /** Never set: carries the payload's type. */
  readonly payload?: Payload;
  /** Never set: carries the type of what each subscriber reports back. */
  readonly report?: Report;
}

export type Subscriber<Payload, Report = void> = (
  tx: Transaction,
  payload: Payload,
) => Promise<Report>;

/** A question a lower module asks and a module above answers, by the lower module's contract. */
export interface Port<Answer> {
  readonly name: string;
  /** Never set: carries the answerer's type. */
  readonly answer?: Answer;
}

interface Wiring {
  subscribers: Map<string, { by: string; run: Subscriber<unknown, unknown> }[]>;
  answers: Map<string, { by: string; implementation: unknown }>;
}

let wiring: Wiring | null = null;

/**
 * `<module>:<what>`: the module that declares it, then what happened or what is asked. The colon
 * keeps the names apart from audit actions (`billing.seller.update`), which are dotted.
 */
function checkedName(name: string): string {
  if (!/^[a-z][a-z-]*:[a-z][a-z-]*$/.test(name)) {
    throw new Error(`event or port name ${name} is not <module>:<what>`);
  }
  return name;
}

export function defineEvent<Payload, Report = void>(name: string): DomainEvent<Payload, Report> {
  return { name: checkedName(name) };
}

export function definePort<Answer>(name: string): Port<Answer> {
  return { name: checkedName(name) };
}

/** One module's reactions: which events it subscribes to and which ports it answers. */
export interface ModuleReactions {
  readonly module: string;
  readonly subscribes?: readonly Subscription[];
  readonly answers?: readonly PortAnswer[];
}

export interface Subscription {
  readonly event: DomainEvent<never, unknown>;
  readonly run: Subscriber<never, unknown>;
}

export interface PortAnswer {
  readonly port: Port<unknown>;
  readonly answer: unknown;
}

/** Pairs an event with its subscriber, typed together. */
export function on<Payload, Report>(
  event: DomainEvent<Payload, Report>,
  run: Subscriber<Payload, Report>,
): Subscription {
  return {
    event: event as DomainEvent<never, unknown>,
    run: run as Subscriber<never, unknown>,
  };
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
      list.push({ by: module.module, run: run as Subscriber<unknown, unknown> });
      next.subscribers.set(event.name, list);
    }
    for (const { port, answer: implementation } of module.answers ?? []) {
      const taken = next.answers.get(port.name);
      if (taken) {
        throw new Error(
          `port ${port.name} is answered twice (by ${taken.by}, then by ${module.module})`,
        );
      }
      next.answers.set(port.name, { by: module.module, implementation });
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

/**
 * Runs every subscriber of `event` in `tx`, in wiring order, and answers their reports in that
 * order; the first to throw aborts the rest (and, thrown on, the caller's transaction).
 */
export async function emit<Payload, Report>(
  tx: Transaction,
  event: DomainEvent<Payload, Report>,
  payload: Payload,
): Promise<Report[]> {
  const reports: Report[] = [];
  for (const subscriber of wired().subscribers.get(event.name) ?? []) {
    reports.push((await subscriber.run(tx, payload)) as Report);
  }
  return reports;
}

/** The answer wired to `port`; throws when no module answers it. */
export function ask<Answer>(port: Port<Answer>): Answer {
  const wiredAnswer = wired().answers.get(port.name);
  if (!wiredAnswer) throw new Error(`port ${port.name} has no answer wired`);
  return wiredAnswer.implementation as Answer;
}

/** Who reacts to what and who answers which port, for the architecture page and its test. */
export function describeWiring(): {
  events: { event: string; subscribers: string[] }[];
  ports: { port: string; answeredBy: string }[];
} {
  const { subscribers, answers } = wired();
  return {
    events: [...subscribers].map(([event, list]) => ({
      event,
      subscribers: list.map((subscriber) => subscriber.by),
    })),
    ports: [...answers].map(([port, { by }]) => ({ port, answeredBy: by })),
  };
}

// How a domain's timeline names who did a step, and the registry's side of a step.

export type DomainEventActor = 'system' | 'customer' | 'staff' | 'registry';

export const DOMAIN_EVENT_ACTOR_LABELS: Record<DomainEventActor, string> = {
  system: 'سیستم',
  customer: 'مشتری',
  staff: 'کارشناس',
  registry: 'ثبت‌کننده',
};

/** The registry's side of a step as staff read it: `info · sync`, the operation and its outcome. */
export function registryExchangeText(registry: { operation: string; outcome: string }): string {
  return `${registry.operation} · ${registry.outcome}`;
}

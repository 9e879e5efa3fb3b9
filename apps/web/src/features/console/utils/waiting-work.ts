import type { WaitingWorkKind } from '@vitrin/contracts';

// The one queue of what automation gave up on (issue 38), as staff read it: what each kind of
// row asks of them on the page it links to.

/** What staff do on the row's page, in a word: the link's words. */
export const WAITING_WORK_ACTIONS: Record<WaitingWorkKind, string> = {
  'service-setup': 'تلاش دوباره یا راه‌اندازی دستی',
  'service-delivery': 'تحویل با اطلاعات دسترسی',
  domain: 'تلاش دوباره، ثبت دستی یا بازپرداخت',
  'domain-renewal': 'تلاش دوباره برای تمدید یا بازپرداخت',
};

/** Each kind's badge colour: services violet as in the setup queue, domains blue. */
export const WAITING_WORK_COLORS: Record<WaitingWorkKind, string> = {
  'service-setup': 'violet',
  'service-delivery': 'orange',
  domain: 'blue',
  'domain-renewal': 'blue',
};

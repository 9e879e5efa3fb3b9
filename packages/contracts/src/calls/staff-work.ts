import { z } from 'zod';
import { defineCall } from '../call';
import { timestamp } from '../fields';
import { cursorListResult, cursorPaging } from '../list';

// What waits for staff (issue 35): counts on the console's menu and dashboard, read again every
// few seconds, and the thresholds past which admins are told by SMS and e-mail.

/** A card-to-card or bank-transfer claim waiting longer than this tells admins. */
export const STAFF_ALERT_TRANSFER_WAIT_MINUTES = 60;
/** While work stands past its threshold, admins are told again after this long. */
export const STAFF_ALERT_REPEAT_HOURS = 6;

export const getStaffWork = defineCall({
  path: '/api/admin/dashboard/get-staff-work',
  summary:
    'کارهای منتظر کارکنان: کارت‌به‌کارت‌ها، راه‌اندازی‌های نیازمند اقدام، تحویل‌های دستی، گروه‌های خاموش',
  tag: 'admin',
  access: { permission: 'dashboard.read' },
  request: z.strictObject({}),
  response: z.object({
    /** Card-to-card and bank-transfer claims waiting for a check. */
    transferClaims: z.number().int(),
    /** Of those, waiting past STAFF_ALERT_TRANSFER_WAIT_MINUTES. */
    transferClaimsLate: z.number().int(),
    /** Setups a job gave up on: a person must act. */
    needsAttention: z.number().int(),
    /** Products delivered by hand waiting for staff, and those past their product's time. */
    awaitingDelivery: z.number().int(),
    overdueDeliveries: z.number().int(),
    /** Server groups that products are sold into with every server switched off. */
    serverGroupsDown: z.array(z.string()),
    /**
     * Domains a person must act on (issue 38): a registration, transfer or renewal the
     * registry's answers could not finish, or a domain the registry and the shop disagree on.
     */
    domainsNeedingStaff: z.number().int(),
    /**
     * Sales invoices and credit notes the tax system has not accepted TAX_NOTICE_DAYS after
     * their issue (issue 39): rejected, late, or not yet sent.
     */
    taxDocumentsOverdue: z.number().int(),
  }),
});

/**
 * What waits for a person because automation gave up (issue 38): a setup the panel job handed
 * over, a product delivered by hand past its time, a domain whose registration, transfer or sync
 * the registry could not finish, a paid renewal it did not take.
 */
export const WAITING_WORK_KINDS = [
  'service-setup',
  'service-delivery',
  'domain',
  'domain-renewal',
] as const;
export type WaitingWorkKind = (typeof WAITING_WORK_KINDS)[number];
export const WAITING_WORK_KIND_LABELS: Record<WaitingWorkKind, string> = {
  'service-setup': 'راه‌اندازی سرویس',
  'service-delivery': 'تحویل دستی دیرشده',
  domain: 'دامنه',
  'domain-renewal': 'تمدید دامنه',
};

export const waitingWorkRow = z.object({
  kind: z.enum(WAITING_WORK_KINDS),
  /** The service's id for a service's kinds, the domain's for a domain's. */
  id: z.string(),
  /** The service's or the domain's name. */
  subject: z.string(),
  customer: z.object({ id: z.string(), name: z.string().nullable(), mobile: z.string() }),
  /** When automation gave it to a person (or, for a delivery by hand, since it was paid). */
  since: timestamp,
  /** Why it waits, in Persian: the last failure the job or the registry recorded. */
  lastError: z.string().nullable(),
  /** The console page where staff retry, complete by hand or refund it. */
  path: z.string(),
});

export const listWaitingWork = defineCall({
  path: '/api/admin/dashboard/list-waiting-work',
  summary:
    'صف کارهای منتظر کارشناس: سرویس‌ها و دامنه‌هایی که کار خودکارشان به کارشناس سپرده شد، قدیمی‌ترین اول',
  tag: 'admin',
  // Both kinds are acted on with services.manage (a domain is delivered as a service is).
  access: { permission: 'services.manage' },
  request: z.strictObject({ ...cursorPaging }),
  response: cursorListResult(waitingWorkRow),
});

import { z } from 'zod';
import { defineCall } from '../call';

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
  }),
});

import { z } from 'zod';
import { defineCall } from '../call';
import { text, timestamp } from '../fields';
import { cursorListResult, cursorPaging } from '../list';

// The staff console (issue 8): `/api/admin/*`. Each call names the permission it needs; which
// roles hold each permission is `STAFF_PERMISSIONS` (staff-permissions.ts, decision 0017).
// Each area has its own file (admin-*.ts); this one holds what they share and the audit log.

/** A reason staff must give for some changes (credit adjustment, lock); kept in the audit log. */
export const staffReason = text({ min: 3, max: 500 });

export const auditEntry = z.object({
  id: z.string(),
  actor: z.object({ id: z.string(), name: z.string(), mobile: z.string() }),
  /** A dotted verb: `order.refund`, `customer.lock`, … */
  action: z.string(),
  entityType: z.string(),
  entityId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string().nullable(),
  ipAddress: z.string().nullable(),
  createdAt: timestamp,
});
export type AuditEntryView = z.infer<typeof auditEntry>;

export const getAuditLog = defineCall({
  path: '/api/admin/audit/get-audit-log',
  summary: 'گزارش کارهای کارکنان: چه کسی، چه کاری، روی کدام رکورد، قبل و بعد، کی',
  tag: 'admin',
  access: { permission: 'audit.read' },
  request: z.strictObject({
    actorId: z.string().uuid().optional(),
    entityType: text({ max: 40 }).optional(),
    entityId: text({ max: 100 }).optional(),
    /** An action or its prefix: `order.` matches every order action. */
    action: text({ max: 60 }).optional(),
    ...cursorPaging,
  }),
  response: cursorListResult(auditEntry),
});

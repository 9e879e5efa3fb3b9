import {
  AUDIT_ACTION_LABELS,
  AUDIT_ENTITY_LABELS,
  isAuditAction,
  isAuditEntity,
} from '@vitrin/contracts';

// How the audit log names what staff did. Actions are dotted verbs (`order.refund`,
// `customer.lock`; docs/decisions/0015-staff-console.md), each read in Persian from the one table
// the server writes them by (contracts' AUDIT_ACTION_LABELS); the raw action stays beside, and
// an action the table does not know (an old row) still shows its record, so nothing is hidden.

export const AUDIT_ACTION_PREFIXES = [
  'order',
  'customer',
  'service',
  'product',
  'group',
  'theme',
  'media',
  'article',
  'discount-code',
  'ticket',
  'canned-reply',
  'panel-server',
  'billing',
  'tax-rate',
] as const;
export type AuditActionPrefix = (typeof AUDIT_ACTION_PREFIXES)[number];

/** Each prefix as the filter's choice: what kind of record the actions change. */
export const AUDIT_PREFIX_LABELS: Record<AuditActionPrefix, string> = {
  order: 'سفارش‌ها',
  customer: 'مشتریان',
  service: 'سرویس‌ها',
  product: 'محصولات',
  group: 'گروه‌های محصول',
  theme: 'قالب‌ها',
  media: 'تصویرهای بارگذاری‌شده',
  article: 'مقاله‌ها',
  'discount-code': 'کدهای تخفیف',
  ticket: 'تیکت‌ها',
  'canned-reply': 'پاسخ‌های آماده',
  'panel-server': 'سرورهای کنترل پنل',
  billing: 'مالی و پرداخت‌ها',
  'tax-rate': 'نرخ‌های مالیات',
};

/** The record an action's prefix names, as the object of a Persian verb phrase. */
const PREFIX_NOUNS: Record<AuditActionPrefix, string> = {
  order: 'سفارش',
  customer: 'مشتری',
  service: 'سرویس',
  product: 'محصول',
  group: 'گروه',
  theme: 'قالب',
  media: 'تصویر',
  article: 'مقاله',
  'discount-code': 'کد تخفیف',
  ticket: 'تیکت',
  'canned-reply': 'پاسخ آماده',
  'panel-server': 'سرور کنترل پنل',
  billing: 'مالی',
  'tax-rate': 'نرخ مالیات',
};

export function isAuditActionPrefix(value: string): value is AuditActionPrefix {
  return (AUDIT_ACTION_PREFIXES as readonly string[]).includes(value);
}

/** The known prefix of an action (`order` of `order.refund`), or null. */
export function actionPrefix(action: string): AuditActionPrefix | null {
  const dot = action.indexOf('.');
  const prefix = dot === -1 ? action : action.slice(0, dot);
  return isAuditActionPrefix(prefix) ? prefix : null;
}

/**
 * An action in Persian: its label («بازپرداخت سفارش»), «سفارش: partial-ship» for one the table
 * does not know under a known prefix, and the raw action when even the prefix is unknown.
 */
export function actionLabel(action: string): string {
  if (isAuditAction(action)) return AUDIT_ACTION_LABELS[action];
  const prefix = actionPrefix(action);
  if (prefix === null) return action;
  const verb = action.slice(prefix.length + 1);
  return verb === '' ? PREFIX_NOUNS[prefix] : `${PREFIX_NOUNS[prefix]}: ${verb}`;
}

/** A record's type in Persian when it is one the log knows; otherwise the type as stored. */
export function entityTypeLabel(entityType: string): string {
  return isAuditEntity(entityType) ? AUDIT_ENTITY_LABELS[entityType] : entityType;
}

/** A long id cut to its start for a table cell (`3f2a9c1e…`); short ids stay whole. */
export function shortenId(id: string, keep = 8): string {
  return id.length <= keep + 1 ? id : `${id.slice(0, keep)}…`;
}

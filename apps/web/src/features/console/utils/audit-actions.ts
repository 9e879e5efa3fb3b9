// How the audit log names what staff did. Actions are dotted verbs (`order.refund`,
// `customer.lock`; docs/decisions/0015-staff-console.md); the log reads them in Persian where
// the prefix is known and keeps the raw action beside, so nothing new is ever hidden.

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
};

/** Verbs the console's calls use, as the Persian action noun that goes before the record. */
const VERB_LABELS: Record<string, string> = {
  create: 'ساخت',
  update: 'ویرایش',
  delete: 'حذف',
  publish: 'انتشار',
  unpublish: 'لغو انتشار',
  cancel: 'لغو',
  refund: 'بازپرداخت',
  'partial-refund': 'بازپرداخت بخشی از',
  lock: 'قفل کردن',
  unlock: 'باز کردن قفل',
  suspend: 'تعلیق',
  unsuspend: 'رفع تعلیق',
  extend: 'تمدید',
  assign: 'ارجاع',
  reply: 'پاسخ به',
  note: 'یادداشت داخلی روی',
  close: 'بستن',
  reopen: 'بازگشایی',
  prices: 'قیمت‌گذاری',
  upload: 'بارگذاری',
  activate: 'فعال کردن',
  deactivate: 'غیرفعال کردن',
  'set-priority': 'تغییر اولویت',
  'set-department': 'تغییر دپارتمان',
  'credit-adjust': 'تنظیم اعتبار کیف پول',
  'end-sessions': 'پایان نشست‌های',
  'retry-setup': 'راه‌اندازی دوبارهٔ',
  'complete-setup': 'راه‌اندازی دستی',
  provisioning: 'تنظیم روش تحویل',
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
 * An action in Persian: «بازپرداخت سفارش» for a known prefix and verb, «سفارش: partial-ship»
 * for a known prefix and a new verb, and the raw action when even the prefix is unknown.
 */
export function actionLabel(action: string): string {
  const prefix = actionPrefix(action);
  if (prefix === null) return action;
  const noun = PREFIX_NOUNS[prefix];
  const verb = action.slice(prefix.length + 1);
  const verbLabel = Object.hasOwn(VERB_LABELS, verb) ? VERB_LABELS[verb] : undefined;
  if (verbLabel) return `${verbLabel} ${noun}`;
  return verb === '' ? noun : `${noun}: ${verb}`;
}

/** A record's type in Persian when it is one the log knows; otherwise the type as stored. */
export function entityTypeLabel(entityType: string): string {
  return isAuditActionPrefix(entityType) ? PREFIX_NOUNS[entityType] : entityType;
}

/** A long id cut to its start for a table cell (`3f2a9c1e…`); short ids stay whole. */
export function shortenId(id: string, keep = 8): string {
  return id.length <= keep + 1 ? id : `${id.slice(0, keep)}…`;
}

/**
 * Every action the server writes to the audit log (a dotted verb, `order.refund`;
 * docs/decisions/0015-staff-console.md) with how the console's log reads it (issue 35). The
 * server's writeAudit takes only these keys, so a new action needs its label here first.
 */
export const AUDIT_ACTION_LABELS = {
  'article.create': 'ساخت مقاله',
  'article.update': 'ویرایش مقاله',
  'billing.payment-methods.update': 'ویرایش روش‌های پرداخت',
  'billing.seller.update': 'ویرایش مشخصات فروشنده',
  'billing.transfer.confirm': 'تأیید پرداخت کارت به کارت',
  'billing.transfer.reject': 'رد پرداخت کارت به کارت',
  'canned-reply.create': 'ساخت پاسخ آماده',
  'canned-reply.delete': 'حذف پاسخ آماده',
  'canned-reply.update': 'ویرایش پاسخ آماده',
  'customer.credit-adjust': 'تنظیم اعتبار کیف پول مشتری',
  'customer.end-sessions': 'پایان نشست‌های مشتری',
  'customer.lock': 'قفل کردن مشتری',
  'customer.unlock': 'باز کردن قفل مشتری',
  'discount-code.activate': 'فعال کردن کد تخفیف',
  'discount-code.create': 'ساخت کد تخفیف',
  'discount-code.deactivate': 'غیرفعال کردن کد تخفیف',
  'discount-code.update': 'ویرایش کد تخفیف',
  'domain.complete': 'ثبت دستی دامنه',
  'domain.import': 'افزودن دامنهٔ موجود به حساب مشتری',
  'domain.refund': 'لغو و بازپرداخت دامنه',
  'domain.retry': 'تلاش دوباره برای دامنه',
  'domain.sync': 'خواندن دامنه از ثبت‌کننده',
  'group.create': 'ساخت گروه',
  'group.update': 'ویرایش گروه',
  'media.upload': 'بارگذاری تصویر',
  'order.cancel': 'لغو سفارش',
  'order.partial-refund': 'بازپرداخت بخشی از سفارش',
  'order.refund': 'بازپرداخت سفارش',
  'panel-server.create': 'ساخت سرور کنترل پنل',
  'panel-server.update': 'ویرایش سرور کنترل پنل',
  'product.create': 'ساخت محصول',
  'product.manual-delivery': 'تنظیم تحویل دستی محصول',
  'product.prices': 'قیمت‌گذاری محصول',
  'product.provisioning': 'تنظیم روش تحویل محصول',
  'product.publish': 'انتشار محصول',
  'product.unpublish': 'لغو انتشار محصول',
  'product.update': 'ویرایش محصول',
  'registrar.create': 'ساخت حساب ثبت‌کننده',
  'registrar.update': 'ویرایش حساب ثبت‌کننده',
  'service.cancel': 'لغو سرویس',
  'service.complete-setup': 'راه‌اندازی دستی سرویس',
  'service.deliver': 'تحویل دستی سرویس',
  'service.extend': 'تمدید سرویس',
  'service.retry-setup': 'راه‌اندازی دوبارهٔ سرویس',
  'service.suspend': 'تعلیق سرویس',
  'service.unsuspend': 'رفع تعلیق سرویس',
  'tax-document.confirm-late': 'تأیید ارسال سند دیرکرد به سامانهٔ مودیان به‌عنوان صورتحساب مادهٔ ۹',
  'tax-document.resend': 'ارسال دوبارهٔ سند به سامانهٔ مودیان',
  'tax-rate.schedule': 'زمان‌بندی نرخ مالیات',
  'tax-rate.withdraw': 'پس گرفتن نرخ مالیات',
  'tax-settings.update': 'ویرایش تنظیمات سامانهٔ مودیان',
  'theme.create': 'ساخت قالب',
  'theme.publish': 'انتشار قالب',
  'theme.unpublish': 'لغو انتشار قالب',
  'theme.update': 'ویرایش قالب',
  'ticket.assign': 'ارجاع تیکت',
  'ticket.close': 'بستن تیکت',
  'ticket.note': 'یادداشت داخلی روی تیکت',
  'ticket.reply': 'پاسخ به تیکت',
  'ticket.set-department': 'تغییر دپارتمان تیکت',
  'ticket.set-priority': 'تغییر اولویت تیکت',
  'tld.update': 'ویرایش پسوند دامنه',
} as const satisfies Record<string, string>;

export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;

export function isAuditAction(value: string): value is AuditAction {
  return Object.hasOwn(AUDIT_ACTION_LABELS, value);
}

/** The kinds of record audit rows are about, as the log names them. */
export const AUDIT_ENTITY_LABELS = {
  article: 'مقاله',
  'billing-settings': 'تنظیمات مالی',
  'canned-reply': 'پاسخ آماده',
  customer: 'مشتری',
  'discount-code': 'کد تخفیف',
  domain: 'دامنه',
  tld: 'پسوند دامنه',
  registrar: 'حساب ثبت‌کننده',
  media: 'تصویر',
  order: 'سفارش',
  'panel-server': 'سرور کنترل پنل',
  payment: 'پرداخت',
  product: 'محصول',
  'product-group': 'گروه محصول',
  service: 'سرویس',
  'tax-rate': 'نرخ مالیات',
  'tax-system': 'سامانهٔ مودیان',
  'billing-document': 'سند مالی',
  theme: 'قالب',
  ticket: 'تیکت',
} as const satisfies Record<string, string>;

export type AuditEntity = keyof typeof AUDIT_ENTITY_LABELS;

export function isAuditEntity(value: string): value is AuditEntity {
  return Object.hasOwn(AUDIT_ENTITY_LABELS, value);
}

import { expect, test } from 'vitest';
import { actionLabel, actionPrefix, entityTypeLabel, shortenId } from './audit-actions';

test('a known action reads as a Persian verb and record', () => {
  expect(actionLabel('order.refund')).toBe('بازپرداخت سفارش');
  expect(actionLabel('customer.lock')).toBe('قفل کردن مشتری');
  expect(actionLabel('discount-code.create')).toBe('ساخت کد تخفیف');
  expect(actionLabel('canned-reply.delete')).toBe('حذف پاسخ آماده');
});

test('every action the server writes has its own Persian label', () => {
  const written = {
    'product.prices': 'قیمت‌گذاری محصول',
    'product.unpublish': 'لغو انتشار محصول',
    'group.update': 'ویرایش گروه',
    'theme.publish': 'انتشار قالب',
    'media.upload': 'بارگذاری تصویر',
    'discount-code.deactivate': 'غیرفعال کردن کد تخفیف',
    'ticket.set-priority': 'تغییر اولویت تیکت',
    'ticket.set-department': 'تغییر دپارتمان تیکت',
    'service.unsuspend': 'رفع تعلیق سرویس',
    'order.partial-refund': 'بازپرداخت بخشی از سفارش',
  };
  for (const [action, label] of Object.entries(written)) expect(actionLabel(action)).toBe(label);
});

// Issue 35: these showed as raw keys (their prefix was not one the log knew).
test('billing, tax and by-hand delivery actions read in Persian too', () => {
  expect(actionLabel('billing.transfer.confirm')).toBe('تأیید پرداخت کارت به کارت');
  expect(actionLabel('billing.transfer.reject')).toBe('رد پرداخت کارت به کارت');
  expect(actionLabel('billing.seller.update')).toBe('ویرایش مشخصات فروشنده');
  expect(actionLabel('tax-rate.schedule')).toBe('زمان‌بندی نرخ مالیات');
  expect(actionLabel('service.deliver')).toBe('تحویل دستی سرویس');
  expect(actionLabel('product.manual-delivery')).toBe('تنظیم تحویل دستی محصول');
  expect(actionLabel('billing.refund-fee')).toBe('مالی: refund-fee');
});

test('a known prefix with a new verb keeps the verb as written', () => {
  expect(actionLabel('ticket.merge')).toBe('تیکت: merge');
});

test('an unknown action falls back to the raw action', () => {
  expect(actionLabel('wallet.freeze')).toBe('wallet.freeze');
  expect(actionLabel('order-ish.create')).toBe('order-ish.create');
  // A verb named like an object's own property is still only a verb.
  expect(actionLabel('order.constructor')).toBe('سفارش: constructor');
});

test('the prefix is the part before the first dot, when it is a known one', () => {
  expect(actionPrefix('discount-code.update')).toBe('discount-code');
  expect(actionPrefix('discount.update')).toBeNull();
});

test('record types read in Persian when known', () => {
  expect(entityTypeLabel('order')).toBe('سفارش');
  expect(entityTypeLabel('product-group')).toBe('گروه محصول');
  expect(entityTypeLabel('payment')).toBe('پرداخت');
  expect(entityTypeLabel('wallet')).toBe('wallet');
});

test('long ids are shortened, short ones kept', () => {
  expect(shortenId('3f2a9c1e-1111-4222-8333-944445555666')).toBe('3f2a9c1e…');
  expect(shortenId('ORD-1042')).toBe('ORD-1042');
});

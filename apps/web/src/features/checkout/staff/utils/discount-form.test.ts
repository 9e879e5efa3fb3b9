import type { DiscountCodeView } from '@vitrin/contracts';
import { expect, test } from 'vitest';
import {
  createDiscountRequest,
  discountAmountText,
  discountCodeState,
  discountFormFromView,
  EMPTY_DISCOUNT_FORM,
  parseWholeNumber,
  updateDiscountRequest,
  usageText,
} from './discount-form';

const saved: DiscountCodeView = {
  id: 'c1',
  code: 'SPRING1405',
  title: 'بهار',
  kind: 'fixed',
  value: 500_000,
  maxDiscountRial: null,
  minCartRial: 2_000_000,
  // 1405/01/01 and 1405/02/01 at the start of the day in Tehran.
  startsAt: '2026-03-20T20:30:00.000Z',
  endsAt: '2026-04-20T20:30:00.000Z',
  usageLimit: 100,
  usedCount: 3,
  perUserLimit: 1,
  productIds: ['p1'],
  groupIds: [],
  firstOrderOnly: true,
  active: true,
  listed: false,
  user: null,
  createdAt: '2026-03-01T00:00:00.000Z',
  buyersCount: 3,
  topBuyers: [],
};

test('a typed number may have Persian digits and separators; other text is invalid', () => {
  expect(parseWholeNumber('۵۰٬۰۰۰')).toBe(50_000);
  expect(parseWholeNumber(' 1,200 ')).toBe(1200);
  expect(parseWholeNumber('')).toBeNull();
  expect(parseWholeNumber('۱۲.۵')).toBe('invalid');
  expect(parseWholeNumber('-5')).toBe('invalid');
});

test('a saved code fills the form in Toman, Persian digits and Jalali dates', () => {
  expect(discountFormFromView(saved)).toMatchObject({
    kind: 'fixed',
    value: '۵۰۰۰۰',
    minCartToman: '۲۰۰۰۰۰',
    maxDiscountToman: '',
    startsAt: '۱۴۰۵/۰۱/۰۱',
    endsAt: '۱۴۰۵/۰۲/۰۱',
    usageLimit: '۱۰۰',
    perUserLimit: '۱',
  });
});

test('a new code sends Toman as Rial, a percent as is, blanks as no limit and dates as typed', () => {
  const checked = createDiscountRequest({
    ...EMPTY_DISCOUNT_FORM,
    code: 'autumn',
    title: 'پاییز',
    kind: 'percent',
    value: '۱۵',
    maxDiscountToman: '۱۰۰٬۰۰۰',
    minCartToman: '500000',
    endsAt: ' ۱۴۰۵/۰۹/۳۰ ',
  });
  expect(checked).toEqual({
    ok: true,
    request: {
      code: 'autumn',
      title: 'پاییز',
      kind: 'percent',
      value: 15,
      maxDiscountRial: 1_000_000,
      minCartRial: 5_000_000,
      startsAt: null,
      endsAt: '۱۴۰۵/۰۹/۳۰',
      usageLimit: null,
      perUserLimit: null,
      productIds: [],
      groupIds: [],
      firstOrderOnly: false,
      listed: false,
      userId: null,
      active: true,
    },
  });
  const fixed = createDiscountRequest({
    ...EMPTY_DISCOUNT_FORM,
    kind: 'fixed',
    value: '۲۰۰۰۰',
    maxDiscountToman: '5',
  });
  expect(fixed.ok && fixed.request).toMatchObject({ value: 200_000, maxDiscountRial: null });
});

test('numbers that are not whole, a missing amount and a zero limit are field errors', () => {
  const checked = createDiscountRequest({
    ...EMPTY_DISCOUNT_FORM,
    value: '',
    minCartToman: 'صد',
    usageLimit: '0',
  });
  expect(checked).toEqual({
    ok: false,
    errors: {
      value: 'درصد تخفیف را بنویسید',
      minCartRial: 'یک عدد صحیح بنویسید (مثلا ۵۰۰۰۰)',
      usageLimit: 'دست‌کم ۱ بنویسید، یا برای بی‌سقف خالی بگذارید',
    },
  });
});

test('an update never sends the code text or the active flag, and dates only when changed', () => {
  const form = discountFormFromView(saved);
  const same = updateDiscountRequest('c1', { ...form, title: 'بهار ۱۴۰۵' }, form);
  expect(same.ok).toBe(true);
  if (!same.ok) return;
  expect(same.request).toMatchObject({ id: 'c1', title: 'بهار ۱۴۰۵', value: 500_000 });
  for (const key of ['code', 'active', 'startsAt', 'endsAt'])
    expect(key in same.request).toBe(false);
  const moved = updateDiscountRequest('c1', { ...form, endsAt: '' }, form);
  expect(moved.ok && moved.request.endsAt).toBeNull();
});

test('amounts and usage read as the list shows them', () => {
  expect(discountAmountText({ kind: 'percent', value: 15 })).toBe('۱۵٪');
  expect(discountAmountText({ kind: 'fixed', value: 500_000 })).toBe('۵۰٬۰۰۰ تومان');
  expect(usageText(0, 100)).toBe('۰ از ۱۰۰');
  expect(usageText(3, null)).toBe('۳ (بی‌سقف)');
});

test('a code is usable only when active, inside its window and below its limit', () => {
  const at = (iso: string) => new Date(iso);
  expect(discountCodeState(saved, at('2026-04-01T00:00:00Z'))).toBe('active');
  expect(discountCodeState(saved, at('2026-03-01T00:00:00Z'))).toBe('upcoming');
  expect(discountCodeState(saved, at('2026-04-20T20:30:00Z'))).toBe('ended');
  expect(discountCodeState({ ...saved, usedCount: 100 }, at('2026-04-01T00:00:00Z'))).toBe(
    'used-up',
  );
  expect(discountCodeState({ ...saved, active: false }, at('2026-04-01T00:00:00Z'))).toBe(
    'inactive',
  );
});

import { expect, test } from 'vitest';
import { productDeliveryFormOf, productDeliveryRequest } from './product-delivery-form';

test('a product not yet delivered by a panel starts from group default, 7 and 30 days', () => {
  expect(productDeliveryFormOf(null)).toEqual({
    groupName: 'default',
    packageName: '',
    graceDays: '۷',
    terminateAfterDays: '۳۰',
  });
});

test('day counts typed in Persian digits are sent as numbers, names trimmed', () => {
  expect(
    productDeliveryRequest({
      groupName: ' hosting ',
      packageName: 'business',
      graceDays: '۰',
      terminateAfterDays: '۴۵',
    }),
  ).toEqual({
    ok: true,
    settings: {
      groupName: 'hosting',
      packageName: 'business',
      graceDays: 0,
      terminateAfterDays: 45,
    },
  });
});

test('days outside the contract’s limits and empty names are refused with Persian messages', () => {
  expect(
    productDeliveryRequest({
      groupName: '',
      packageName: ' ',
      graceDays: '۹۱',
      terminateAfterDays: '0',
    }),
  ).toEqual({
    ok: false,
    errors: {
      groupName: 'گروه سرور را بنویسید',
      packageName: 'نام بسته روی کنترل پنل را بنویسید',
      graceDays: 'روزهای ارفاق را عددی از ۰ تا ۹۰ بنویسید',
      terminateAfterDays: 'روزهای پیش از حذف را عددی از ۱ تا ۳۶۵ بنویسید',
    },
  });
});

import { expect, test } from 'vitest';
import { ApiRequestError } from '../../../../lib/api-error';
import {
  moveGateway,
  type PaymentSettings,
  paymentSettingsDraftOf,
  paymentSettingsErrors,
  paymentSettingsRequest,
} from './payment-settings-form';

const settings: PaymentSettings = {
  gateways: [
    { name: 'zarinpal', title: 'زرین‌پال', enabled: true, available: true },
    { name: 'sandbox', title: 'آزمایشی', enabled: false, available: true },
    { name: 'zibal', title: 'زیبال', enabled: true, available: false },
  ],
  cardToCardEnabled: true,
  bankTransferEnabled: false,
  cardNumber: '6037991123456789',
  sheba: '',
  holderName: ' شرکت ویترین ',
  bankName: 'ملی',
};

test('moving a gateway up or down swaps it with its neighbour and stops at the ends', () => {
  expect(moveGateway(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
  expect(moveGateway(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
  expect(moveGateway(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
  expect(moveGateway(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
});

test('the saved gateways are the enabled ones this server has, in the order shown', () => {
  const draft = paymentSettingsDraftOf(settings);
  draft.gateways = moveGateway(draft.gateways, 1, -1);
  const first = draft.gateways[0];
  if (first) first.enabled = true;
  const request = paymentSettingsRequest(draft);
  expect(request.gateways).toEqual(['sandbox', 'zarinpal']);
  expect(request.holderName).toBe('شرکت ویترین');
  expect(draft.cardNumber).toBe('۶۰۳۷۹۹۱۱۲۳۴۵۶۷۸۹');
});

test('a refused card number shows under its field', () => {
  const error = new ApiRequestError(400, {
    code: 'VALIDATION',
    message: 'درخواست نامعتبر است',
    fields: { cardNumber: 'شمارهٔ کارت ۱۶ رقم است' },
  });
  const errors = paymentSettingsErrors(error);
  expect(errors.fields.cardNumber).toBe('شمارهٔ کارت ۱۶ رقم است');
  expect(errors.summary).toBe('ذخیره نشد؛ خطای هر فیلد زیر همان فیلد آمده است.');
});

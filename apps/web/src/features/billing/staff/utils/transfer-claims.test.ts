import { expect, test } from 'vitest';
import {
  CLAIM_STATUS_LABELS,
  cardLast4Text,
  claimTargetText,
  MANUAL_METHOD_LABELS,
  transferClaimFilterCodec,
} from './transfer-claims';

test('a confirmed claim reads «تأییدشده» and a rejected one «ردشده»', () => {
  expect(CLAIM_STATUS_LABELS.paid).toBe('تأییدشده');
  expect(CLAIM_STATUS_LABELS.failed).toBe('ردشده');
  expect(CLAIM_STATUS_LABELS.pending).toBe('در انتظار بررسی');
});

test('a claim names its order in Persian digits, or the wallet top-up', () => {
  expect(claimTargetText({ orderNumber: 1024 })).toBe('سفارش ۱۰۲۴');
  expect(claimTargetText({ orderNumber: null })).toBe('افزایش اعتبار');
});

test('the two manual methods have their Persian names', () => {
  expect(MANUAL_METHOD_LABELS).toEqual({
    'card-to-card': 'کارت به کارت',
    'bank-transfer': 'واریز بانکی',
  });
  expect(cardLast4Text('6037')).toBe('**** ۶۰۳۷');
});

test('the queue reads its filters, page and cursor from the address, and ignores unknown ones', () => {
  const { parse, write } = transferClaimFilterCodec;
  expect(
    parse(new URLSearchParams('status=pending&method=card-to-card&page=3&after=WyIyMDI2Il0')),
  ).toEqual({
    status: 'pending',
    method: 'card-to-card',
    page: 3,
    after: 'WyIyMDI2Il0',
  });
  expect(parse(new URLSearchParams('status=lost&method=cash&page=۲&after=not%20ours'))).toEqual({
    status: null,
    method: null,
    page: 2,
    after: null,
  });
  expect(write({ status: 'paid', method: null, page: 2, after: 'WyIyMDI2Il0' }).toString()).toBe(
    'status=paid&page=2&after=WyIyMDI2Il0',
  );
  expect(write({ status: null, method: null, page: 1, after: null }).toString()).toBe('');
});

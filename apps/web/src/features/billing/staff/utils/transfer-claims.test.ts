import { expect, test } from 'vitest';
import {
  CLAIM_STATUS_LABELS,
  cardLast4Text,
  claimTargetText,
  MANUAL_METHOD_LABELS,
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

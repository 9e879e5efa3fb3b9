import { describe, expect, test } from 'vitest';
import {
  buildClaimBody,
  groupCardNumber,
  groupSheba,
  initialTransferForm,
  isManualMethod,
  nextGateway,
  TRANSFER_DAY_MESSAGE,
  TRANSFER_TIME_MESSAGE,
  transferInstant,
} from './manual-payment';

describe('the company card and account as printed', () => {
  test('a card number reads in four groups of four', () => {
    expect(groupCardNumber('6037991122334455')).toBe('6037 9911 2233 4455');
    expect(groupCardNumber('۶۰۳۷-۹۹۱۱ ۲۲۳۳۴۴۵۵')).toBe('6037 9911 2233 4455');
  });

  test('a Sheba reads in groups of four after IR', () => {
    expect(groupSheba('ir820540102680020817909002')).toBe('IR82 0540 1026 8002 0817 9090 02');
  });
});

describe('the gateway tried after one opened no payment', () => {
  const gateways = [{ name: 'zarinpal' }, { name: 'zibal' }, { name: 'sandbox' }] as const;

  test('is the next in staff order, wrapping round', () => {
    expect(nextGateway(gateways, 'zarinpal')).toBe('zibal');
    expect(nextGateway(gateways, 'sandbox')).toBe('zarinpal');
  });

  test('is the same one when it is the only gateway', () => {
    expect(nextGateway([{ name: 'zibal' }], 'zibal')).toBe('zibal');
  });
});

test('manual methods are told apart from gateways by name', () => {
  expect(isManualMethod('card-to-card')).toBe(true);
  expect(isManualMethod('bank-transfer')).toBe(true);
  expect(isManualMethod('zarinpal')).toBe(false);
});

describe('the time of the transfer', () => {
  test('a Jalali day and a Tehran clock become one instant', () => {
    // 1405/09/06 is 2026-11-27; 14:05 in Tehran (UTC+03:30) is 10:35 UTC.
    const when = transferInstant('۱۴۰۵/۰۹/۰۶', '۱۴:۰۵');
    expect(when).toEqual({ instant: new Date('2026-11-27T10:35:00.000Z') });
  });

  test('a wrong day or clock names its field', () => {
    expect(transferInstant('1405/13/01', '10:00')).toEqual({
      field: 'day',
      message: TRANSFER_DAY_MESSAGE,
    });
    expect(transferInstant('2026-11-27T10:00:00Z', '10:00')).toMatchObject({ field: 'day' });
    expect(transferInstant('1405/09/06', '25:00')).toEqual({
      field: 'time',
      message: TRANSFER_TIME_MESSAGE,
    });
  });

  test('the form starts at now, read back to the same minute', () => {
    const now = new Date('2026-11-27T10:35:40.000Z');
    const form = initialTransferForm(now);
    expect(form.day).toBe('۱۴۰۵/۰۹/۰۶');
    expect(form.time).toBe('۱۴:۰۵');
    expect(transferInstant(form.day, form.time)).toEqual({
      instant: new Date('2026-11-27T10:35:00.000Z'),
    });
  });
});

describe('the claim sent to the server', () => {
  const form = {
    transferReference: '۱۲۳۴۵۶',
    day: '',
    time: '',
    cardLast4: '۴۴۵۵',
    receiptAttachmentId: null,
  };
  const at = new Date('2026-11-27T10:35:00.000Z');

  test('card-to-card for an order carries the card digits and no amount', () => {
    expect(buildClaimBody('card-to-card', { orderId: 'o1' }, form, at)).toEqual({
      method: 'card-to-card',
      orderId: 'o1',
      transferReference: '۱۲۳۴۵۶',
      transferredAt: '2026-11-27T10:35:00.000Z',
      cardLast4: '۴۴۵۵',
    });
  });

  test('a bank-transfer top-up carries the amount and the receipt, not card digits', () => {
    expect(
      buildClaimBody(
        'bank-transfer',
        { amountRial: 1_000_000 },
        { ...form, receiptAttachmentId: 'a1' },
        at,
      ),
    ).toEqual({
      method: 'bank-transfer',
      amountRial: 1_000_000,
      transferReference: '۱۲۳۴۵۶',
      transferredAt: '2026-11-27T10:35:00.000Z',
      receiptAttachmentId: 'a1',
    });
  });
});

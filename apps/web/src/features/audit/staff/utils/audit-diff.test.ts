import { expect, test } from 'vitest';
import { auditDiffRows, isIsoInstant } from './audit-diff';

test('an update lists each changed field with its value before and after', () => {
  expect(auditDiffRows({ status: 'paid' }, { status: 'refunded' })).toEqual([
    {
      field: 'status',
      before: 'paid',
      after: 'refunded',
      hasBefore: true,
      hasAfter: true,
      changed: true,
    },
  ]);
});

test('a creation has every field after and none before', () => {
  const rows = auditDiffRows(null, { code: 'NOWRUZ', percent: 10 });
  expect(rows.map((row) => [row.field, row.hasBefore, row.hasAfter, row.changed])).toEqual([
    ['code', false, true, true],
    ['percent', false, true, true],
  ]);
});

test('fields on one side only, and equal ones, are told apart', () => {
  const rows = auditDiffRows({ a: 1, b: [1, 2] }, { b: [1, 2], c: true });
  expect(rows.map((row) => [row.field, row.changed])).toEqual([
    ['a', true],
    ['b', false],
    ['c', true],
  ]);
});

test('a value that is not an object is one row without a field name', () => {
  expect(auditDiffRows(null, 'text')).toEqual([
    { field: null, before: null, after: 'text', hasBefore: false, hasAfter: true, changed: true },
  ]);
});

test('nothing before and nothing after is no rows', () => {
  expect(auditDiffRows(null, null)).toEqual([]);
});

test('ISO instants are recognised, other text is not', () => {
  expect(isIsoInstant('2026-03-20T10:15:00.000Z')).toBe(true);
  expect(isIsoInstant('2026-03-20')).toBe(false);
  expect(isIsoInstant('hello')).toBe(false);
});

import { expect, test } from 'vitest';
import { referenceText } from './reference-number';

test('a numeric reference number reads in Persian digits', () => {
  expect(referenceText('201904051234')).toBe('۲۰۱۹۰۴۰۵۱۲۳۴');
});

test('a reference code with letters stays as the gateway wrote it', () => {
  expect(referenceText('SBX-8f3a21')).toBe('SBX-8f3a21');
});

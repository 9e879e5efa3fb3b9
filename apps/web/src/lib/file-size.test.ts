import { TICKET_ATTACHMENT_MAX_BYTES } from '@vitrin/contracts';
import { expect, test } from 'vitest';
import { formatFileSize } from './file-size';

test('small files are counted in bytes, in Persian digits', () => {
  expect(formatFileSize(0)).toBe('۰ بایت');
  expect(formatFileSize(800)).toBe('۸۰۰ بایت');
});

test('sizes under ten of a unit keep one decimal with the Persian separator', () => {
  expect(formatFileSize(1536)).toBe('۱٫۵ کیلوبایت');
  expect(formatFileSize(Math.round(1.2 * 1024 * 1024))).toBe('۱٫۲ مگابایت');
});

test('whole units drop the decimal, and larger sizes are whole', () => {
  expect(formatFileSize(2048)).toBe('۲ کیلوبایت');
  expect(formatFileSize(340 * 1024)).toBe('۳۴۰ کیلوبایت');
  expect(formatFileSize(TICKET_ATTACHMENT_MAX_BYTES)).toBe('۵ مگابایت');
});

test('a size that rounds up to the next unit is written in that unit', () => {
  expect(formatFileSize(1024 * 1024 - 10)).toBe('۱ مگابایت');
  expect(formatFileSize(1023)).toBe('۱۰۲۳ بایت');
});

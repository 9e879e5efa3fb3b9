import { expect, test } from 'vitest';
import { ApiRequestError } from '../../../../lib/api-error';
import { listFieldError } from '../../utils/form-errors';
import { insertText } from './ticket-reply';

const canned = 'لطفاً حافظهٔ مرورگر را پاک کنید.';

test('a canned reply fills an empty reply as it is', () => {
  expect(insertText('', canned)).toEqual({ body: canned, cursor: canned.length });
  expect(insertText('  \n', canned, { start: 0, end: 0 }).body).toBe(canned);
});

test('added after what is written, it starts a new paragraph', () => {
  expect(insertText('سلام خانم محمدی،', canned).body).toBe(`سلام خانم محمدی،\n\n${canned}`);
  expect(insertText('سلام،\n', canned, { start: 6, end: 6 }).body).toBe(`سلام،\n\n${canned}`);
});

test('in the middle of the text, it goes at the cursor and the cursor after it', () => {
  const result = insertText('سلام\nبا احترام', canned, { start: 5, end: 5 });
  expect(result.body).toBe(`سلام\n${canned}با احترام`);
  expect(result.cursor).toBe(5 + canned.length);
});

test('it replaces the selected text', () => {
  expect(insertText('سلام [متن] ممنون', 'پاسخ', { start: 5, end: 10 }).body).toBe(
    'سلام پاسخ ممنون',
  );
});

test('a cursor past the end is taken as the end', () => {
  expect(insertText('سلام', canned, { start: 99, end: 120 }).body).toBe(`سلام\n\n${canned}`);
});

test('the attachments error is the list field or any of its items', () => {
  const error = new ApiRequestError(400, {
    code: 'VALIDATION',
    message: 'داده‌ها درست نیست',
    fields: { 'attachmentIds.1': 'پیوست پیدا نشد' },
  });
  expect(listFieldError(error, 'attachmentIds')).toBe('پیوست پیدا نشد');
  expect(listFieldError(error, 'body')).toBeUndefined();
  expect(listFieldError(new Error('x'), 'attachmentIds')).toBeUndefined();
});

import { expect, test } from 'vitest';
import { ApiRequestError } from '../../../lib/api-error';
import { listFieldError } from './form-errors';

const refused = (fields: Record<string, string>) =>
  new ApiRequestError(400, { code: 'VALIDATION', message: 'ورودی نامعتبر است', fields });

test('a message about one attachment shows on the attachments', () => {
  const error = refused({ 'attachmentIds.1': 'پیوست پیدا نشد', body: 'کوتاه است' });
  expect(listFieldError(error, 'attachmentIds')).toBe('پیوست پیدا نشد');
});

test('a message about the whole list shows too, and other fields do not', () => {
  expect(listFieldError(refused({ attachmentIds: 'حداکثر ۵ پیوست' }), 'attachmentIds')).toBe(
    'حداکثر ۵ پیوست',
  );
  expect(listFieldError(refused({ attachmentIdsExtra: 'x' }), 'attachmentIds')).toBeUndefined();
  expect(listFieldError(new Error('x'), 'attachmentIds')).toBeUndefined();
});

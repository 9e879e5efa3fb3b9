import { expect, test } from 'vitest';
import { ApiRequestError } from '../../../../lib/api-error';
import { otherErrorText } from './catalog-errors';

const shown = (field: string) => field === 'slug' || /^prices\.\d+\.price$/.test(field);

test('no error, nothing to say', () => {
  expect(otherErrorText(null, shown)).toBeNull();
});

test('an answer about no field is said whole', () => {
  const error = new ApiRequestError(409, {
    code: 'CONFLICT',
    message: 'محصول بدون قیمت منتشر نمی‌شود',
  });
  expect(otherErrorText(error, shown)).toBe('محصول بدون قیمت منتشر نمی‌شود');
});

test('fields shown under their inputs are not said again; the others are', () => {
  const error = new ApiRequestError(400, {
    code: 'VALIDATION',
    message: 'ورودی معتبر نیست',
    fields: { slug: 'نامک تکراری است', 'prices.1.price': 'قیمت لازم است', _body: 'بدنه نادرست' },
  });
  expect(otherErrorText(error, shown)).toBe('بدنه نادرست');
  const covered = new ApiRequestError(400, {
    code: 'VALIDATION',
    message: 'ورودی معتبر نیست',
    fields: { slug: 'نامک تکراری است' },
  });
  expect(otherErrorText(covered, shown)).toBeNull();
});

test('a failure that is no answer says its own message', () => {
  expect(otherErrorText(new Error('شبکه در دسترس نیست'), shown)).toBe('شبکه در دسترس نیست');
});

import { expect, test } from 'vitest';
import { ApiRequestError, describeApiError, isRequestFault } from './api-error';

test("a bad filter is described by the server's message about that field", () => {
  const error = new ApiRequestError(400, {
    code: 'VALIDATION',
    message: 'اطلاعات ارسال‌شده کامل یا درست نیست',
    fields: { minPrice: 'کمینهٔ قیمت نباید از بیشینهٔ آن بیشتر باشد' },
  });
  expect(describeApiError(error)).toBe('کمینهٔ قیمت نباید از بیشینهٔ آن بیشتر باشد');
  expect(isRequestFault(error)).toBe(true);
});

test('an error without fields is described by its message; a server fault may be retried', () => {
  const error = new ApiRequestError(503, { code: 'UNAVAILABLE', message: 'لطفا دوباره تلاش کنید' });
  expect(describeApiError(error)).toBe('لطفا دوباره تلاش کنید');
  expect(isRequestFault(error)).toBe(false);
});

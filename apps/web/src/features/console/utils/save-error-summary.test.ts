import { expect, test } from 'vitest';
import { saveErrorSummary } from './save-error-summary';

test('a failed save points to the fields it marked, or says what went wrong elsewhere', () => {
  const fields = ['title', 'publishAt'];
  expect(
    saveErrorSummary(
      { message: 'تاریخ نامعتبر است', fields: { publishAt: 'تاریخ نامعتبر است' } },
      fields,
    ),
  ).toBe('ذخیره نشد؛ خطای هر فیلد زیر همان فیلد آمده است.');
  expect(saveErrorSummary({ message: 'این مقاله پیدا نشد' }, fields)).toBe(
    'ذخیره نشد: این مقاله پیدا نشد',
  );
  expect(saveErrorSummary({ message: 'x', fields: { _body: 'درخواست نادرست' } }, fields)).toBe(
    'ذخیره نشد: درخواست نادرست',
  );
});

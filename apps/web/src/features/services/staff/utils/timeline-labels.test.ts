import { expect, test } from 'vitest';
import { durationText, httpStatusColor, readableBody, splitLatinNote } from './timeline-labels';

test('a panel’s answer is coloured by its HTTP status; no answer at all is gray', () => {
  expect(httpStatusColor(200)).toBe('teal');
  expect(httpStatusColor(403)).toBe('orange');
  expect(httpStatusColor(503)).toBe('red');
  expect(httpStatusColor(null)).toBe('gray');
});

test('durations read in milliseconds, and in seconds with a Persian decimal from two seconds', () => {
  expect(durationText(87.4)).toBe('۸۷ میلی‌ثانیه');
  expect(durationText(2440)).toBe('۲٫۴ ثانیه');
  expect(durationText(10_000)).toBe('۱۰ ثانیه');
});

test('JSON bodies are indented, form bodies one pair a line, anything else left as it came', () => {
  expect(readableBody('{"metadata":{"result":0}}')).toBe(
    '{\n  "metadata": {\n    "result": 0\n  }\n}',
  );
  expect(readableBody('error=1&text=Access%20denied')).toBe('error=1\ntext=Access%20denied');
  expect(readableBody('<html>403</html>')).toBe('<html>403</html>');
  expect(readableBody('{broken')).toBe('{broken');
});

test('an English reason at the end of a Persian message is split off, nested parentheses and all', () => {
  expect(
    splitLatinNote(
      'ساخت حساب روی whm-1 نشد و به کارشناس سپرده شد (the panel refused our credentials (HTTP 403))',
    ),
  ).toEqual({
    text: 'ساخت حساب روی whm-1 نشد و به کارشناس سپرده شد',
    note: 'the panel refused our credentials (HTTP 403)',
  });
});

test('a Persian note in parentheses, or none, leaves the message whole', () => {
  const persian = 'کارشناس راه‌اندازی را دوباره فرستاد (توکن WHM تازه شد)';
  expect(splitLatinNote(persian)).toEqual({ text: persian, note: null });
  expect(splitLatinNote('تلاش 1 برای ساخت حساب روی سرور whm-1')).toEqual({
    text: 'تلاش 1 برای ساخت حساب روی سرور whm-1',
    note: null,
  });
});

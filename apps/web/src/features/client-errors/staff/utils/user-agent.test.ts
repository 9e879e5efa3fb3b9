import { expect, test } from 'vitest';
import { describeUserAgent } from './user-agent';

test.each([
  [
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    'Chrome ۱۳۱ روی Windows',
  ],
  [
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Mobile/15E148 Safari/604.1',
    'Safari ۱۷ روی iOS',
  ],
  [
    'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0',
    'Firefox ۱۳۲ روی Linux',
  ],
  [
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86',
    'Edge ۱۳۱ روی Windows',
  ],
  [
    'Mozilla/5.0 (Linux; Android 13; Redmi Note 12; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/130.0.0.0 Mobile Safari/537.36 VitrinApp/1.4.700',
    'اپ ویترین ۱.۴.۷۰۰ روی Android',
  ],
  ['curl/8.5.0', 'مرورگر ناشناس'],
])('a user agent is named by its browser and system (%#)', (userAgent, expected) => {
  expect(describeUserAgent(userAgent)).toBe(expected);
});

test('no user agent is no description', () => {
  expect(describeUserAgent(null)).toBeNull();
});

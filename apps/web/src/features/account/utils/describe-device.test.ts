import { expect, test } from 'vitest';
import { describeDevice } from './describe-device';

test('a session is named by browser and system', () => {
  expect(
    describeDevice(
      'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
    ),
  ).toEqual({ name: 'کروم روی اندروید', isRaw: false });
  expect(
    describeDevice(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    ).name,
  ).toBe('سافاری روی آیفون');
  expect(
    describeDevice(
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0',
    ).name,
  ).toBe('اج روی ویندوز');
  expect(
    describeDevice('Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0')
      .name,
  ).toBe('فایرفاکس روی لینوکس');
});

test('an unreadable user agent is shown itself, cut to 60 characters', () => {
  const device = describeDevice(`curl/8.5.0 ${'x'.repeat(80)}`);
  expect(device.isRaw).toBe(true);
  expect(device.name).toHaveLength(60);
  expect(device.name.endsWith('…')).toBe(true);
  expect(describeDevice('نامشخص')).toEqual({ name: 'نامشخص', isRaw: false });
});

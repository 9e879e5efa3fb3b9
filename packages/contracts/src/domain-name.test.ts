import { describe, expect, test } from 'vitest';
import { type DomainTldRule, domainNameFor, parseDomainQuery } from './domain-name';

const TLDS = ['ir', 'co.ir', 'ایران', 'com', 'net'];
const IR: DomainTldRule = { tld: 'ir', script: 'ascii', minLength: 3 };
const IRAN: DomainTldRule = { tld: 'ایران', script: 'persian', minLength: 1 };
const COM: DomainTldRule = { tld: 'com', script: 'idn', minLength: 1 };

function query(raw: string) {
  const parsed = parseDomainQuery(raw, TLDS);
  if (!parsed.ok) throw new Error(parsed.reason);
  return parsed.value;
}

function reason(parsed: { ok: true } | { ok: false; reason: string }): string {
  if (parsed.ok) throw new Error('expected a refusal');
  return parsed.reason;
}

describe('the search box', () => {
  test.each([
    ['sara-shop', { label: 'sara-shop', tld: null }],
    ['  Sara-Shop.IR ', { label: 'sara-shop', tld: 'ir' }],
    ['https://www.sara-shop.ir/products?page=2#top', { label: 'sara-shop', tld: 'ir' }],
    ['http://sara-shop.com:8080', { label: 'sara-shop', tld: 'com' }],
    ['www.sara-shop.com.', { label: 'sara-shop', tld: 'com' }],
    ['sara.co.ir', { label: 'sara', tld: 'co.ir' }],
    ['سارا.ایران', { label: 'سارا', tld: 'ایران' }],
    ['سارا.xn--mgba3a4f16a', { label: 'سارا', tld: 'ایران' }],
    ['علي.ايران', { label: 'علی', tld: 'ایران' }],
    ['کتاب‌فروشی', { label: 'کتاب‌فروشی', tld: null }],
    ['sara。com', { label: 'sara', tld: 'com' }],
  ])('%s is read as %o', (raw, expected) => {
    expect(query(raw)).toEqual(expected);
  });

  test.each([
    ['', 'نام دامنه را بنویسید'],
    ['https://', 'نام دامنه را بنویسید'],
    ['sara shop', 'فاصله'],
    ['sara..ir', 'دو نقطه'],
    ['shop.sara.ir', 'زیردامنه'],
    ['sara.xyz', '«.xyz»'],
  ])('%j is refused: %s', (raw, expected) => {
    expect(reason(parseDomainQuery(raw, TLDS))).toContain(expected);
  });
});

describe('a name under a TLD', () => {
  test('ASCII names keep their form; Persian digits become Latin', () => {
    expect(domainNameFor('sara-shop', IR)).toEqual({
      ok: true,
      value: { ascii: 'sara-shop.ir', unicode: 'sara-shop.ir' },
    });
    expect(domainNameFor('shop۲۴', COM)).toEqual({
      ok: true,
      value: { ascii: 'shop24.com', unicode: 'shop24.com' },
    });
  });

  test('.ایران names become A-labels, with their digits written in Persian', () => {
    expect(domainNameFor('سارا', IRAN)).toEqual({
      ok: true,
      value: { ascii: 'xn--mgba3ag.xn--mgba3a4f16a', unicode: 'سارا.ایران' },
    });
    const withDigits = domainNameFor('کافه24ساعته', IRAN);
    expect(withDigits.ok && withDigits.value.unicode).toBe('کافه۲۴ساعته.ایران');
    // An A-label typed as such is read back to the name it stands for.
    expect(domainNameFor('xn--mgba3ag', IRAN)).toEqual(domainNameFor('سارا', IRAN));
  });

  test('an IDN under a generic TLD is allowed, and round-trips', () => {
    const name = domainNameFor('münchen', COM);
    expect(name).toEqual({
      ok: true,
      value: { ascii: 'xn--mnchen-3ya.com', unicode: 'münchen.com' },
    });
  });

  test.each([
    ['ab', IR, 'دست‌کم ۳ نویسه'],
    ['سارا', IR, 'فقط حروف انگلیسی'],
    ['xn--mgba3ag', IR, 'فقط حروف انگلیسی'],
    ['-sara', IR, 'با خط تیره شروع'],
    ['sara-', COM, 'با خط تیره شروع'],
    ['ab--cd', COM, 'جای سوم و چهارم'],
    ['xn--zzzz-', COM, 'با خط تیره'],
    ['xn--abc', COM, '«xn--» درست نیست'],
    ['sara_shop', COM, 'فقط حرف، رقم'],
    ['sara', IRAN, 'حروف و رقم‌های فارسی'],
    ['۲۴کافه', IRAN, 'با حرف شروع'],
    ['کافه-', IRAN, 'با خط تیره'],
    ['کافه۲۴', IRAN, 'با حرف شروع و تمام'],
    ['a'.repeat(64), COM, '۶۳'],
    ['ب'.repeat(60), IRAN, 'حدود ۳۰ حرف'],
  ])('%s under %o is refused: %s', (label, rule, expected) => {
    expect(reason(domainNameFor(label, rule))).toContain(expected);
  });

  test('a name of 63 octets is the longest label', () => {
    expect(domainNameFor('a'.repeat(63), COM).ok).toBe(true);
  });
});

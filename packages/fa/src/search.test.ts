import { describe, expect, it } from 'vitest';
import { matchesSearch, searchableText, searchTokens } from './search';

describe('searchTokens', () => {
  it('writes Arabic yeh and kaf as Persian ی and ک', () => {
    expect(searchTokens('هاست ويژه كاربران')).toEqual(['هاست', 'ویژه', 'کاربران']);
  });

  it('drops tatweel and diacritics', () => {
    expect(searchTokens('ســـایت‌سـاز')).toEqual(['سایت', 'ساز']);
    expect(searchTokens('مُحَمَّد')).toEqual(['محمد']);
  });

  it('splits on ZWNJ as on a space', () => {
    expect(searchTokens('می‌خواهم')).toEqual(searchTokens('می خواهم'));
  });

  it('reads Persian and Arabic-Indic digits as Latin', () => {
    expect(searchTokens('پلن ۱۰ گیگ')).toEqual(['پلن', '10', 'گیگ']);
    expect(searchTokens('٢٠ گیگ')).toEqual(['20', 'گیگ']);
  });

  it('lower-cases Latin and drops punctuation', () => {
    expect(searchTokens('WordPress، «VPS»؟')).toEqual(['wordpress', 'vps']);
  });

  it('gives nothing for a query of separators only', () => {
    expect(searchTokens(' \u200c ، ')).toEqual([]);
  });
});

describe('matchesSearch', () => {
  const product = searchableText(
    'هاست وردپرس حرفه‌ای',
    'مناسب فروشگاه‌های ووکامرس با ۲۰ گیگابایت فضا',
  );

  it('finds a word typed with a space where the text has ZWNJ, and with neither', () => {
    expect(matchesSearch(product, 'حرفه ای')).toBe(true);
    expect(matchesSearch(product, 'حرفهای')).toBe(true);
    expect(matchesSearch(product, 'فروشگاه‌های')).toBe(true);
  });

  it('finds text typed with Arabic letters and Latin digits', () => {
    expect(matchesSearch(product, 'حرفه اي 20')).toBe(true);
    expect(matchesSearch(searchableText('سایت‌ساز کسب‌وکار'), 'كسب و كار')).toBe(true);
  });

  it('needs every word to match', () => {
    expect(matchesSearch(product, 'وردپرس ویندوز')).toBe(false);
  });

  it('does not match a word split across two parts', () => {
    expect(matchesSearch(searchableText('هاست', 'ایران'), 'هاستایران')).toBe(false);
  });
});

import { describe, expect, test } from 'vitest';
import { hourlyVisits, hourlyVisitsSummary, referrerHost, tehranHour } from './visit-display';

describe('referrer host', () => {
  test('a web page’s host is shown without www.', () => {
    expect(referrerHost('https://www.google.com/search?q=x')).toBe('google.com');
    expect(referrerHost('http://blog.example.ir/post/1')).toBe('blog.example.ir');
  });

  test('nothing for an empty, unreadable or non-web referrer', () => {
    expect(referrerHost('')).toBeNull();
    expect(referrerHost('not a url')).toBeNull();
    expect(referrerHost('javascript:alert(1)')).toBeNull();
    expect(referrerHost('android-app://com.google.android.gm/')).toBeNull();
  });
});

describe('visits by hour', () => {
  test('24 bars, each a share of the busiest hour, whatever hours the answer has', () => {
    const { bars, total, peak } = hourlyVisits([
      { hour: 9, visits: 5 },
      { hour: 14, visits: 10 },
      { hour: 30, visits: 99 },
    ]);
    expect(bars).toHaveLength(24);
    expect(bars.map((bar) => bar.hour)).toEqual([...Array(24).keys()]);
    expect(bars[9]).toEqual({ hour: 9, visits: 5, share: 0.5 });
    expect(bars[14]?.share).toBe(1);
    expect(bars[0]?.share).toBe(0);
    expect(total).toBe(15);
    expect(peak).toEqual({ hour: 14, visits: 10 });
  });

  test('the summary names the total and the busiest hour in Persian digits', () => {
    expect(hourlyVisitsSummary(hourlyVisits([{ hour: 14, visits: 1200 }]))).toBe(
      'نمودار بازدیدهای امروز به تفکیک ساعت: ۱٬۲۰۰ بازدید؛ بیشترین در ساعت ۱۴ با ۱٬۲۰۰ بازدید.',
    );
    expect(hourlyVisitsSummary(hourlyVisits([]))).toContain('هنوز بازدیدی نبوده است');
  });
});

describe('Tehran’s hour', () => {
  test('is UTC + 3:30 (no daylight saving since 2022)', () => {
    expect(tehranHour(new Date('2026-11-21T20:29:00Z'))).toBe(23);
    expect(tehranHour(new Date('2026-11-21T20:30:00Z'))).toBe(0);
    expect(tehranHour(new Date('2026-06-01T08:00:00Z'))).toBe(11);
  });
});

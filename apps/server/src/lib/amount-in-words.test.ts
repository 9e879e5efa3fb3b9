import { describe, expect, test } from 'vitest';
import { rialInWords } from './amount-in-words';

describe('an amount is written in Persian words with ریال', () => {
  test.each([
    [0, 'صفر ریال'],
    [7, 'هفت ریال'],
    [15, 'پانزده ریال'],
    [90, 'نود ریال'],
    [100, 'یکصد ریال'],
    [205, 'دویست و پنج ریال'],
    [999, 'نهصد و نود و نه ریال'],
    [1001, 'یک هزار و یک ریال'],
    [12_000_000, 'دوازده میلیون ریال'],
    [1_250_000, 'یک میلیون و دویست و پنجاه هزار ریال'],
    [1_000_000_000, 'یک میلیارد ریال'],
    [1_000_000_001, 'یک میلیارد و یک ریال'],
    [480_700_060, 'چهارصد و هشتاد میلیون و هفتصد هزار و شصت ریال'],
    [
      1_234_567_890_123,
      'یک تریلیون و دویست و سی و چهار میلیارد و پانصد و شصت و هفت میلیون و هشتصد و نود هزار و یکصد و بیست و سه ریال',
    ],
    [1_000_000_000_000_000, 'یک کوادریلیون ریال'],
  ])('%i → %s', (amount, words) => {
    expect(rialInWords(amount)).toBe(words);
  });

  test('hundreds are one word: چهارصد, ششصد, هفتصد, هشتصد, نهصد', () => {
    expect(rialInWords(400_600_700_800_900)).toBe(
      'چهارصد تریلیون و ششصد میلیارد و هفتصد میلیون و هشتصد هزار و نهصد ریال',
    );
  });

  test('the largest amount the contract allows is written out', () => {
    expect(rialInWords(Number.MAX_SAFE_INTEGER)).toBe(
      'نه کوادریلیون و هفت تریلیون و یکصد و نود و نه میلیارد و دویست و پنجاه و چهار میلیون و هفتصد و چهل هزار و نهصد و نود و یک ریال',
    );
  });

  test.each([-1, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 1])('%d is refused', (amount) => {
    expect(() => rialInWords(amount)).toThrow(RangeError);
  });
});

import { describe, expect, it } from 'vitest';
import { isValidNationalId } from './national-id';

describe('isValidNationalId', () => {
  it('accepts ids whose check digit matches', () => {
    // 0499370899: sum 0*10+4*9+9*8+9*7+3*6+7*5+0*4+8*3+9*2 = 266, 266 % 11 = 2, check 11-2 = 9.
    expect(isValidNationalId('0499370899')).toBe(true);
    // 0010350829: sum 8+18+25+24+4 = 79, 79 % 11 = 2, check 9.
    expect(isValidNationalId('0010350829')).toBe(true);
    // 123456789…: sum 210, 210 % 11 = 1, below 2: the check digit is the remainder itself.
    expect(isValidNationalId('1234567891')).toBe(true);
    expect(isValidNationalId('1234567890')).toBe(false);
  });

  it('refuses a wrong check digit, the wrong length, letters and repeated digits', () => {
    expect(isValidNationalId('0499370898')).toBe(false);
    expect(isValidNationalId('049937089')).toBe(false);
    expect(isValidNationalId('04993708990')).toBe(false);
    expect(isValidNationalId('04993708a9')).toBe(false);
    expect(isValidNationalId('1111111111')).toBe(false);
  });
});

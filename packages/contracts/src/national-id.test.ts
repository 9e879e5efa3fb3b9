import { describe, expect, it } from 'vitest';
import { isValidLegalNationalId, isValidNationalId, isValidSheba } from './national-id';

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

describe('isValidLegalNationalId', () => {
  it('accepts registered companies’ ids', () => {
    // 10380284790: shift 9 + 2 = 11; (1+11)·29 + (0+11)·27 + (3+11)·23 + (8+11)·19 + (0+11)·17
    // + (2+11)·29 + (8+11)·27 + (4+11)·23 + (7+11)·19 + (9+11)·17 = 3,432, 3,432 % 11 = 0.
    expect(isValidLegalNationalId('10380284790')).toBe(true);
    expect(isValidLegalNationalId('14007650912')).toBe(true);
    expect(isValidLegalNationalId('10320894878')).toBe(true);
  });

  it('refuses a wrong check digit, the wrong length, letters and six zeros in the middle', () => {
    expect(isValidLegalNationalId('10380284791')).toBe(false);
    expect(isValidLegalNationalId('10101234567')).toBe(false);
    expect(isValidLegalNationalId('1038028479')).toBe(false);
    expect(isValidLegalNationalId('103802847900')).toBe(false);
    expect(isValidLegalNationalId('1038028479a')).toBe(false);
    expect(isValidLegalNationalId('10300000010')).toBe(false);
  });
});

describe('isValidSheba', () => {
  it('accepts IBANs whose check digits match (ISO 13616, mod 97)', () => {
    expect(isValidSheba('IR820540102680020817909002')).toBe(true);
    expect(isValidSheba('IR062960000000100324200001')).toBe(true);
  });

  it('refuses a changed digit, swapped digits, the wrong length or country, and spacing', () => {
    expect(isValidSheba('IR820540102680020817909003')).toBe(false);
    expect(isValidSheba('IR820540102680020817909020')).toBe(false);
    expect(isValidSheba('IR82054010268002081790900')).toBe(false);
    expect(isValidSheba('DE820540102680020817909002')).toBe(false);
    expect(isValidSheba('ir820540102680020817909002')).toBe(false);
    expect(isValidSheba('IR82 0540 1026 8002 0817 9090 02')).toBe(false);
  });
});

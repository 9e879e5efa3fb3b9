/**
 * An Iranian national id (کد ملی): ten digits whose last is a check digit over the first nine
 * (weights 10…2, mod 11). Ten equal digits pass the sum but are never issued.
 */
export function isValidNationalId(value: string): boolean {
  if (!/^\d{10}$/.test(value) || /^(\d)\1{9}$/.test(value)) return false;
  let sum = 0;
  for (let index = 0; index < 9; index += 1) sum += Number(value[index]) * (10 - index);
  const remainder = sum % 11;
  const check = Number(value[9]);
  return remainder < 2 ? check === remainder : check === 11 - remainder;
}

/**
 * A company's national id (شناسه ملی اشخاص حقوقی): eleven digits whose last is a check digit.
 * Each of the first ten, plus (the tenth + 2), is weighted 29, 27, 23, 19, 17 in turn; the sum
 * mod 11 is the check digit (10 counts as 0). The registry never issues six zeros in the
 * middle (digits 4–9).
 */
export function isValidLegalNationalId(value: string): boolean {
  if (!/^\d{11}$/.test(value) || value.slice(3, 9) === '000000') return false;
  const shift = Number(value[9]) + 2;
  const weights = [29, 27, 23, 19, 17];
  let sum = 0;
  for (let index = 0; index < 10; index += 1) {
    sum += (Number(value[index]) + shift) * (weights[index % 5] as number);
  }
  const check = (sum % 11) % 10;
  return check === Number(value[10]);
}

/**
 * An Iranian IBAN (شماره شبا): `IR`, two check digits and 22 digits; valid when the number made
 * of the last 22 digits, then the letters as 18 and 27, then the check digits, is 1 mod 97
 * (ISO 13616). Spaces and lower case are the caller's to remove.
 */
export function isValidSheba(value: string): boolean {
  if (!/^IR\d{24}$/.test(value)) return false;
  const rearranged = `${value.slice(4)}1827${value.slice(2, 4)}`;
  let remainder = 0;
  // Digit by digit: the whole number is far beyond Number's exact range.
  for (const digit of rearranged) remainder = (remainder * 10 + Number(digit)) % 97;
  return remainder === 1;
}

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

// The tax id (شماره منحصر به فرد مالیاتی) of an e-invoice in Iran's tax organisation system
// (سامانه مودیان): 22 characters, the memory id (شناسه یکتای حافظه مالیاتی, 6), the day of
// issue (5 hex), the invoice's serial in that memory (10 hex) and a Verhoeff check digit
// (RC_TICS.IS_v1.4 §7-1-1 and the official SDKs' TaxIdProvider; worked example in that guide:
// A11216, indatim 1683997837988, serial 49321217 → A1121604C220002F095011).

const DAY_MS = 86_400_000;
const MAX_DAY = 0xf_ffff;
const MAX_SERIAL = 0xff_ffff_ffff;
const MEMORY_ID = /^[A-Z0-9]{6}$/;
const TAX_ID = /^([A-Z0-9]{6})([0-9A-F]{5})([0-9A-F]{10})([0-9])$/;

// Verhoeff's tables: d, the dihedral group D5's multiplication; p, the position permutations;
// inv, each element's inverse.
const D = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 2, 3, 4, 0, 6, 7, 8, 9, 5],
  [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
  [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
  [4, 0, 1, 2, 3, 9, 5, 6, 7, 8],
  [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
  [6, 5, 9, 8, 7, 1, 0, 4, 3, 2],
  [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
  [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
  [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
] as const;
const P = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 5, 7, 6, 2, 8, 3, 0, 9, 4],
  [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
  [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
  [9, 4, 5, 3, 1, 2, 6, 8, 7, 0],
  [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
  [2, 7, 9, 3, 8, 0, 6, 4, 1, 5],
  [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
] as const;
const INV = [0, 4, 3, 2, 1, 5, 6, 7, 8, 9] as const;

function digitsOf(text: string): number[] {
  if (!/^[0-9]+$/.test(text)) throw new RangeError(`Verhoeff works on decimal digits: "${text}"`);
  return [...text].map(Number);
}

// Walks the digits from the right; `offset` is 1 when the check digit is still to be appended.
function verhoeffWalk(digits: number[], offset: number): number {
  let c = 0;
  for (let i = 0; i < digits.length; i++) {
    const digit = digits[digits.length - 1 - i] as number;
    const row = P[(i + offset) % 8] as readonly number[];
    c = (D[c] as readonly number[])[row[digit] as number] as number;
  }
  return c;
}

/** The Verhoeff check digit to append to a string of decimal digits. */
export function verhoeffCheckDigit(digits: string): number {
  return INV[verhoeffWalk(digitsOf(digits), 1)] as number;
}

/** Whether a string of decimal digits ends in its correct Verhoeff check digit. */
export function verhoeffValid(digits: string): boolean {
  if (!/^[0-9]+$/.test(digits)) return false;
  return verhoeffWalk(digitsOf(digits), 0) === 0;
}

export interface TaxIdParts {
  /** شناسه یکتای حافظه مالیاتی: 6 upper-case letters and digits. */
  memoryId: string;
  /** Days since 1970-01-01 UTC of the invoice's issue time (its indatim). */
  day: number;
  /** The invoice's serial in the memory, 0 to 0xFFFFFFFFFF. */
  serial: number;
}

/** The tax id's day part of an issue time: whole days since 1970-01-01 UTC. */
export function taxIdDayOf(issuedAt: Date | number): number {
  const ms = typeof issuedAt === 'number' ? issuedAt : issuedAt.getTime();
  if (!Number.isFinite(ms)) throw new RangeError('the issue time is not a valid date');
  return Math.floor(ms / DAY_MS);
}

function checkParts(parts: TaxIdParts): void {
  if (!MEMORY_ID.test(parts.memoryId)) {
    throw new RangeError(`a memory id is 6 upper-case letters or digits: "${parts.memoryId}"`);
  }
  if (!Number.isInteger(parts.day) || parts.day < 0 || parts.day > MAX_DAY) {
    throw new RangeError(`the day does not fit the tax id: ${parts.day}`);
  }
  if (!Number.isSafeInteger(parts.serial) || parts.serial < 0 || parts.serial > MAX_SERIAL) {
    throw new RangeError(`the serial does not fit the tax id (10 hex digits): ${parts.serial}`);
  }
}

/**
 * The digits the check digit is computed over: the memory id with each letter replaced by its
 * ASCII code, the day in decimal padded to 6, the serial in decimal padded to 12 (as the SDKs
 * pad: a longer serial is not cut).
 */
export function taxIdCheckInput(parts: TaxIdParts): string {
  checkParts(parts);
  const memory = [...parts.memoryId]
    .map((ch) => (ch >= '0' && ch <= '9' ? ch : String(ch.charCodeAt(0))))
    .join('');
  return `${memory}${String(parts.day).padStart(6, '0')}${String(parts.serial).padStart(12, '0')}`;
}

/** The 22-character tax id of the invoice with this serial, issued at this time in this memory. */
export function taxIdOf(input: {
  memoryId: string;
  issuedAt: Date | number;
  serial: number | bigint;
}): string {
  const serial = typeof input.serial === 'bigint' ? Number(input.serial) : input.serial;
  if (typeof input.serial === 'bigint' && BigInt(serial) !== input.serial) {
    throw new RangeError(`the serial does not fit the tax id (10 hex digits): ${input.serial}`);
  }
  const parts = { memoryId: input.memoryId, day: taxIdDayOf(input.issuedAt), serial };
  const check = verhoeffCheckDigit(taxIdCheckInput(parts));
  const day = parts.day.toString(16).toUpperCase().padStart(5, '0');
  const hexSerial = serial.toString(16).toUpperCase().padStart(10, '0');
  return `${parts.memoryId}${day}${hexSerial}${check}`;
}

/** The parts of a well-formed tax id whose check digit is right; null for anything else. */
export function parseTaxId(taxId: string): TaxIdParts | null {
  const match = TAX_ID.exec(taxId);
  if (!match) return null;
  const [, memoryId, dayHex, serialHex, check] = match as unknown as [
    string,
    string,
    string,
    string,
    string,
  ];
  const parts = {
    memoryId,
    day: Number.parseInt(dayHex, 16),
    serial: Number.parseInt(serialHex, 16),
  };
  return verhoeffValid(`${taxIdCheckInput(parts)}${check}`) ? parts : null;
}

/** Whether a string is a well-formed tax id with the right check digit. */
export function taxIdValid(taxId: string): boolean {
  return parseTaxId(taxId) !== null;
}

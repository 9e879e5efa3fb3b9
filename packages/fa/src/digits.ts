const PERSIAN_ZERO = 0x06f0;
const ARABIC_INDIC_ZERO = 0x0660;

/** Writes Latin (0-9) and Arabic-Indic (٠-٩) digits as Persian digits (۰-۹). */
export function toPersianDigits(value: string | number | bigint): string {
  return String(value).replace(/[0-9\u0660-\u0669]/g, (digit) =>
    String.fromCharCode(PERSIAN_ZERO + digitValue(digit)),
  );
}

/** Writes Persian (۰-۹) and Arabic-Indic (٠-٩) digits as Latin digits (0-9). */
export function toLatinDigits(text: string): string {
  return text.replace(/[\u06f0-\u06f9\u0660-\u0669]/g, (digit) => String(digitValue(digit)));
}

function digitValue(digit: string): number {
  const code = digit.charCodeAt(0);
  if (code >= PERSIAN_ZERO) return code - PERSIAN_ZERO;
  if (code >= ARABIC_INDIC_ZERO) return code - ARABIC_INDIC_ZERO;
  return code - 0x30;
}

// CSV files a spreadsheet opens as they are meant (the orders export, the sales report): a BOM
// first so Excel reads UTF-8, RFC 4180 quoting, CRLF line ends, formulas defused.

/** Excel reads a CSV as UTF-8 only when it starts with this mark. */
export const UTF8_BOM = '\uFEFF';

// A cell a spreadsheet would run as a formula (OWASP "CSV injection"); tab and CR too, since
// some spreadsheets strip them before looking at the first character.
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV field: formula starts defused with an apostrophe, then quoted when it must be. */
export function csvField(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function csvLine(fields: readonly string[]): string {
  return `${fields.map(csvField).join(',')}\r\n`;
}

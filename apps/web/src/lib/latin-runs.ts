/**
 * A run of Latin (a domain, a username) from its first letter or digit to its last, with the
 * brackets around it when it is all that is in them: «(shop.ir)» moves to a line as one. A
 * suffix's leading dot belongs to it: «دامنهٔ .ir» reads «.ir», not «ir.».
 */
const LATIN_RUN =
  /(\([A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?\)|(?<![A-Za-z0-9_-])\.?[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)/;

export interface TextPart {
  text: string;
  latin: boolean;
  /** Where the part starts in the text: a key for it. */
  start: number;
}

/**
 * A Persian text cut where Latin runs start and end, so each run can be isolated left to right:
 * «سایت‌ساز پایه (shop-e2e.ir)» wraps on a phone without its brackets and hyphens jumping about.
 */
export function latinRuns(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let start = 0;
  text.split(LATIN_RUN).forEach((part, index) => {
    if (part !== '') parts.push({ text: part, latin: index % 2 === 1, start });
    start += part.length;
  });
  return parts;
}

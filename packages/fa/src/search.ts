import { toLatinDigits } from './digits';

// Arabic letters Persian writers type on an Arabic keyboard, and their Persian forms.
const LETTER_FORMS: Record<string, string> = {
  ي: 'ی',
  ى: 'ی',
  ئ: 'ی',
  ك: 'ک',
  ة: 'ه',
  ۀ: 'ه',
  أ: 'ا',
  إ: 'ا',
  ٱ: 'ا',
  ؤ: 'و',
};
const LETTER_PATTERN = new RegExp(`[${Object.keys(LETTER_FORMS).join('')}]`, 'g');
// Harakat, tanwin, shadda, sukun, superscript alef and the Quranic marks, and tatweel.
const MARKS = /[\u064B-\u065F\u0670\u06D6-\u06ED\u0640]/g;
// Spaces, ZWNJ/ZWJ, and the punctuation that separates words in a query.
const SEPARATORS = /[\s\u200B-\u200F\u00A0\u2028\u2029.,،؛;:!?؟()[\]{}«»"'`\-_/\\|+*&^%$#@~<>=]+/gu;

function foldLetters(text: string): string {
  return toLatinDigits(text.normalize('NFC'))
    .replace(LETTER_PATTERN, (letter) => LETTER_FORMS[letter] ?? letter)
    .replace(MARKS, '')
    .toLowerCase();
}

/**
 * The words of a search query in their searchable form: Arabic ي/ك become ی/ک, tatweel and
 * diacritics go, Persian and Arabic-Indic digits become Latin, Latin letters lower case.
 * ZWNJ splits words like a space does, so «سایت‌ساز» and «سایت ساز» ask for the same thing.
 */
export function searchTokens(query: string): string[] {
  return foldLetters(query)
    .split(SEPARATORS)
    .filter((token) => token.length > 0);
}

/**
 * A text as it is stored for searching: each part folded like a query with its separators
 * removed, so a query word matches across a ZWNJ, a space or none («سایتساز» finds
 * «سایت‌ساز»); parts stay apart by one space. A query matches when each of its tokens is a
 * substring of this (`matchesSearch`, or SQL `like` per token).
 */
export function searchableText(...parts: ReadonlyArray<string | null | undefined>): string {
  return parts
    .filter((part): part is string => Boolean(part))
    .map((part) => searchTokens(part).join(''))
    .join(' ');
}

/** Whether a stored searchable text matches a query: every token somewhere in it. */
export function matchesSearch(stored: string, query: string): boolean {
  return searchTokens(query).every((token) => stored.includes(token));
}

import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { expect, test } from 'vitest';
import { PERSIAN_RANGES, unicodeRange, writePersianFont } from '../../scripts/persian-font.mjs';

const fontsCss = path.join(import.meta.dirname, 'fonts.css');
const FULL_FONT = 'vazirmatn/misc/Non-Latin/fonts/webfonts/Vazirmatn-NL[wght].woff2';

test('fonts.css asks for the face for exactly the characters the build keeps in it', async () => {
  const css = await readFile(fontsCss, 'utf8');
  const declared = /unicode-range:([^;]+);/.exec(css)?.[1]?.replace(/\s+/g, ' ').trim();
  expect(declared).toBe(unicodeRange());
});

test('every letter of the Persian alphabet, the Persian digits and its punctuation are kept', () => {
  const kept = (code: number) => PERSIAN_RANGES.some(([from, to]) => code >= from && code <= to);
  const persian = 'ابپتثجچحخدذرزژسشصضطظعغفقکگلمنوهیآأإؤئءۀة۰۱۲۳۴۵۶۷۸۹،؛؟«»٪٫\u200c';
  expect([...persian].filter((char) => !kept(char.codePointAt(0) ?? 0))).toEqual([]);
});

test('the cut font is a WOFF2 file a third smaller than the one it is cut from', async () => {
  const cut = await readFile(await writePersianFont());
  const full = await readFile(createRequire(import.meta.url).resolve(FULL_FONT));
  expect(cut.subarray(0, 4).toString('latin1')).toBe('wOF2');
  expect(cut.length).toBeLessThan(full.length * 0.7);
});

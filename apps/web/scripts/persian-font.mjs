// The one web font (Vazirmatn's variable "Non-Latin" file, 48 KB) cut down at build time to the
// characters Persian text is written with: 31 KB, and the first screen waits on this file
// (issue 22). Shaping keeps working: hb-subset keeps every joining form and ligature the kept
// characters reach, and the weight axis. Anything else (Urdu letters, Latin) falls to the next
// face in the theme's stack, as Latin did before. fonts.css names the same ranges (a test checks).
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import subsetFont from 'subset-font';

/** Code points kept, as inclusive [from, to] pairs. */
export const PERSIAN_RANGES = [
  [0x20, 0x21], // space, !
  [0x28, 0x29], // ( )
  [0x2b, 0x2b], // +
  [0x2d, 0x2f], // - . /
  [0x3a, 0x3a], // :
  [0x3d, 0x3d], // =
  [0x5b, 0x5b], // [
  [0x5d, 0x5d], // ]
  [0xa0, 0xa0], // no-break space
  [0xab, 0xab], // «
  [0xbb, 0xbb], // »
  [0xd7, 0xd7], // ×
  [0xf7, 0xf7], // ÷
  [0x60c, 0x60c], // ،
  [0x61b, 0x61b], // ؛
  [0x61f, 0x61f], // ؟
  [0x621, 0x63a], // ء to غ, with the hamza forms Persian words carry (أ إ ؤ ئ آ ة)
  [0x640, 0x655], // tatweel, ف to ي, the short vowels and hamzas above and below
  [0x660, 0x66c], // Arabic digits, ٪ ٫ ٬
  [0x670, 0x670], // superscript alef
  [0x67e, 0x67e], // پ
  [0x686, 0x686], // چ
  [0x698, 0x698], // ژ
  [0x6a9, 0x6a9], // ک
  [0x6af, 0x6af], // گ
  [0x6c0, 0x6c0], // ۀ
  [0x6cc, 0x6cc], // ی
  [0x6f0, 0x6f9], // Persian digits
  [0x200b, 0x200f], // zero-width space, non-joiner, joiner, direction marks
  [0x2012, 0x2014], // dashes
  [0x202a, 0x202f], // direction embeddings, narrow no-break space
  [0x2212, 0x2212], // minus
];

const hex = (code) => code.toString(16).toUpperCase().padStart(4, '0');

/** The ranges as a CSS `unicode-range` value. */
export function unicodeRange() {
  return PERSIAN_RANGES.map(([from, to]) =>
    from === to ? `U+${hex(from)}` : `U+${hex(from)}-${hex(to)}`,
  ).join(', ');
}

export const PERSIAN_FONT_ALIAS = 'vitrin-persian-font.woff2';
const SOURCE = 'vazirmatn/misc/Non-Latin/fonts/webfonts/Vazirmatn-NL[wght].woff2';
const OUTPUT = path.join(
  import.meta.dirname,
  '..',
  'node_modules',
  '.cache',
  'vitrin-fonts',
  'Vazirmatn-Persian[wght].woff2',
);

/** Writes the cut font unless it is already newer than this script and the source font. */
export async function writePersianFont() {
  const source = createRequire(import.meta.url).resolve(SOURCE);
  const made = await stat(OUTPUT).catch(() => null);
  const inputs = await Promise.all([stat(source), stat(import.meta.filename)]);
  if (made && inputs.every((input) => input.mtimeMs <= made.mtimeMs)) return OUTPUT;
  let text = '';
  for (const [from, to] of PERSIAN_RANGES) {
    for (let code = from; code <= to; code++) text += String.fromCodePoint(code);
  }
  const cut = await subsetFont(await readFile(source), text, { targetFormat: 'woff2' });
  await mkdir(path.dirname(OUTPUT), { recursive: true });
  await writeFile(OUTPUT, cut);
  return OUTPUT;
}

/** fonts.css asks for `vitrin-persian-font.woff2`; this makes that file and points the name at it. */
export function persianFontPlugin() {
  return {
    name: 'vitrin-persian-font',
    config: () => ({ resolve: { alias: { [PERSIAN_FONT_ALIAS]: OUTPUT } } }),
    buildStart: async () => {
      await writePersianFont();
    },
  };
}

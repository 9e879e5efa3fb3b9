/// <reference path="./punycode.d.ts" />
import { toLatinDigits, toPersianDigits } from '@vitrin/fa';
import punycode from 'punycode.js';

// A domain name as a person types it into the search box (issue 38), read the way registries
// read names: RFC 1035 §2.3.1 (letters, digits, inner hyphens; 63 octets a label, 253 a name),
// RFC 5891 §4.2.3.1 (no "--" in the third and fourth places but in an "xn--" A-label, which must
// decode) and IRNIC's own rules: .ir names are ASCII only and at least 3 characters; .ایران names
// are Persian letters, Persian digits, hyphen and ZWNJ, beginning and ending with a letter, the
// Arabic forms of ی and ک and Arabic digits taken as the Persian ones (nic.ir, "Internationalized
// Domain Names"). IDN labels become A-labels with punycode.js (RFC 3492).

/** How a TLD's second-level labels may be written. */
export type DomainScript = 'ascii' | 'persian' | 'idn';

export interface DomainTldRule {
  /** The TLD as people read it, without the dot: `ir`, `ایران`, `com`. */
  tld: string;
  script: DomainScript;
  /** The fewest characters a label may have under this TLD. */
  minLength: number;
}

export const DOMAIN_LABEL_MAX_OCTETS = 63;
export const DOMAIN_NAME_MAX_OCTETS = 253;
/** The longest text the search box takes: a full address with a path is cut down first. */
export const DOMAIN_QUERY_MAX_LENGTH = 300;

const ZWNJ = '\u200c';
const PERSIAN_LETTERS = 'ءآأؤئابپتثجچحخدذرزژسشصضطظعغفقکگلمنوهیۀ';
const PERSIAN_LETTER = new RegExp(`^[${PERSIAN_LETTERS}]$`, 'u');
const PERSIAN_LABEL = new RegExp(`^[${PERSIAN_LETTERS}۰-۹${ZWNJ}-]+$`, 'u');
const ASCII_LABEL = /^[a-z0-9-]+$/;
/**
 * Letters and marks of any script, digits and the hyphen: what an IDN label is made of; and the
 * ZWNJ Persian words need between letters (IDNA2008's CONTEXTJ, RFC 5892 Appendix A.1).
 */
const IDN_LABEL = /^[\p{L}\p{M}\p{Nd}\u200c-]+$/u;
const NON_ASCII = /\P{ASCII}/u;

/** What the search box holds once the address parts around the name are gone. */
export interface DomainQuery {
  /** The second-level label as typed, normalised (lower case, Persian forms). */
  label: string;
  /** The TLD typed after it, if any, without the dot; `null` when only a name was typed. */
  tld: string | null;
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; reason: string };

/**
 * Reads the search box: drops the scheme, `www.`, a path, a port and a final dot; writes the
 * Arabic forms of ی and ک as Persian; splits off the TLD when one of `tlds` ends the name.
 * A subdomain, or a TLD that is not sold, is refused with the reason in Persian.
 */
export function parseDomainQuery(raw: string, tlds: readonly string[]): Parsed<DomainQuery> {
  let text = raw.normalize('NFC').trim().toLowerCase();
  text = text.replace(/^[a-z][a-z0-9+.-]*:\/\//, '');
  text = text.replace(/[/?#].*$/s, '');
  text = text.replace(/^[^@]*@/, '').replace(/:\d*$/, '');
  text = text.replace(/[\u3002\uff0e\uff61\u06d4]/g, '.');
  text = text.replace(/[يى]/g, 'ی').replace(/ك/g, 'ک');
  text = text.replace(/\.+$/, '').replace(/^www\./, '');
  if (text === '') return fail('نام دامنه را بنویسید');
  if (/\s/u.test(text)) return fail('نام دامنه فاصله ندارد؛ به جای فاصله خط تیره (-) بگذارید');
  const parts = text.split('.');
  if (parts.some((part) => part === '')) return fail('دو نقطه پشت سر هم در نام دامنه نمی‌آید');
  if (parts.length === 1) return { ok: true, value: { label: text, tld: null } };
  // Each TLD as read and as its A-label (`ایران`, `xn--mgba3a4f16a`), longest first.
  const known = tlds
    .flatMap((candidate) => [
      { written: candidate, tld: candidate },
      { written: punycode.toASCII(candidate), tld: candidate },
    ])
    .sort((a, b) => b.written.length - a.written.length);
  const match = known.find((candidate) => text.endsWith(`.${candidate.written}`));
  if (!match) {
    const typed = parts.slice(1).join('.');
    return fail(
      `پسوند «.${typed}» را ثبت نمی‌کنیم؛ نام را بدون پسوند بنویسید تا پسوندهای موجود را ببینید`,
    );
  }
  const label = text.slice(0, -(match.written.length + 1));
  if (label.includes('.')) {
    return fail('زیردامنه ثبت نمی‌شود؛ فقط نام اصلی را بنویسید، مثل sara-shop.ir');
  }
  return { ok: true, value: { label, tld: match.tld } };
}

/** A name ready for a registry: the A-label form for the protocol, the U-label form to show. */
export interface DomainName {
  /** `sara-shop.ir`, `xn--mgbh0fb.xn--mgba3a4f16a`: what registries and DNS are sent. */
  ascii: string;
  /** `sara-shop.ir`, `مثال.ایران`: what people read. */
  unicode: string;
}

/** A TLD's A-label: `ایران` → `xn--mgba3a4f16a`, `com` → `com`. */
export function punycodeTld(tld: string): string {
  return punycode.toASCII(tld);
}

/** Checks `label` under a TLD's rule and answers the name in both forms, or why not. */
export function domainNameFor(label: string, rule: DomainTldRule): Parsed<DomainName> {
  const asciiTld = punycodeTld(rule.tld);
  const written = writeFor(label, rule.script);
  const checked = checkLabel(written, rule);
  if (!checked.ok) return checked;
  const ascii = `${checked.value.ascii}.${asciiTld}`;
  if (ascii.length > DOMAIN_NAME_MAX_OCTETS) {
    return fail(`نام دامنه از ${toPersianDigits(DOMAIN_NAME_MAX_OCTETS)} نویسه بلندتر است`);
  }
  return { ok: true, value: { ascii, unicode: `${checked.value.unicode}.${rule.tld}` } };
}

/** Writes digits the way the TLD's script writes them; an A-label stays as typed. */
function writeFor(label: string, script: DomainScript): string {
  if (label.startsWith('xn--')) return toLatinDigits(label);
  return script === 'persian' ? toPersianDigits(label) : toLatinDigits(label);
}

function checkLabel(
  label: string,
  rule: DomainTldRule,
): Parsed<{ ascii: string; unicode: string }> {
  // A Latin TLD after Persian text keeps its dot in front with a left-to-right mark (‎.ir).
  const tldShown = rule.script === 'persian' ? `.${rule.tld}` : `\u200e.${rule.tld}`;
  if (label.startsWith('-') || label.endsWith('-')) {
    return fail('نام دامنه با خط تیره شروع یا تمام نمی‌شود');
  }
  let unicode = label;
  if (label.startsWith('xn--')) {
    if (rule.script === 'ascii')
      return fail(`نام‌های ${tldShown} فقط حروف انگلیسی، رقم و خط تیره دارند`);
    const decoded = decodeALabel(label);
    if (decoded === null) return fail('نام دامنهٔ «xn--» درست نیست');
    unicode = decoded;
  }
  const hasNonAscii = NON_ASCII.test(unicode);
  switch (rule.script) {
    case 'ascii':
      if (!ASCII_LABEL.test(unicode)) {
        return fail(`نام‌های ${tldShown} فقط حروف انگلیسی، رقم و خط تیره (-) دارند`);
      }
      break;
    case 'persian': {
      if (!PERSIAN_LABEL.test(unicode)) {
        return fail(`نام‌های ${tldShown} فقط حروف و رقم‌های فارسی، خط تیره و نیم‌فاصله دارند`);
      }
      const letters = [...unicode];
      if (!PERSIAN_LETTER.test(letters[0] ?? '') || !PERSIAN_LETTER.test(letters.at(-1) ?? '')) {
        return fail(`نام‌های ${tldShown} با حرف شروع و تمام می‌شوند، نه با رقم یا نشانه`);
      }
      break;
    }
    case 'idn':
      if (hasNonAscii ? !IDN_LABEL.test(unicode) : !ASCII_LABEL.test(unicode)) {
        return fail('نام دامنه فقط حرف، رقم و خط تیره (-) دارد');
      }
      break;
  }
  if (!label.startsWith('xn--') && label.slice(2, 4) === '--') {
    return fail('خط تیرهٔ دوتایی در جای سوم و چهارم نام فقط در نام‌های «xn--» می‌آید');
  }
  const length = [...unicode.replaceAll(ZWNJ, '')].length;
  if (length < rule.minLength) {
    return fail(`نام‌های ${tldShown} دست‌کم ${toPersianDigits(rule.minLength)} نویسه دارند`);
  }
  const ascii =
    rule.script !== 'ascii' && NON_ASCII.test(unicode) ? punycode.toASCII(unicode) : unicode;
  if (ascii.length > DOMAIN_LABEL_MAX_OCTETS) {
    return fail(
      `نام دامنه بلندتر از ${toPersianDigits(DOMAIN_LABEL_MAX_OCTETS)} نویسهٔ لاتین می‌شود${rule.script === 'ascii' ? '' : ' (نام فارسی حدود ۳۰ حرف جا دارد)'}`,
    );
  }
  return { ok: true, value: { ascii, unicode } };
}

/** An A-label's U-label, or null when it is not one (RFC 5891 §5.4: it must round-trip). */
function decodeALabel(label: string): string | null {
  try {
    const unicode = punycode.toUnicode(label);
    if (!NON_ASCII.test(unicode) || !IDN_LABEL.test(unicode)) return null;
    return punycode.toASCII(unicode) === label ? unicode : null;
  } catch {
    return null;
  }
}

function fail(reason: string): { ok: false; reason: string } {
  return { ok: false, reason };
}

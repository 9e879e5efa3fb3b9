import { isIP } from 'node:net';
import { toLatinDigits, toPersianDigits } from '@vitrin/fa';
import { DNS_RECORD_TYPES, type DnsRecord, type DnsRecordType } from './dns-driver';

// The zone editor's rules for records (issue 38), as pure functions: what the domains module
// checks before a driver sees the records, and the canonical form every driver stores and
// answers (dns-driver.ts). Problems are in Persian, one per record field, for the editor to show
// beside the field.

export const MIN_TTL_SECONDS = 60;
export const MAX_TTL_SECONDS = 86_400;
export const MAX_TXT_CHARACTERS = 2048;
export const MAX_RECORDS_PER_ZONE = 200;
/** RFC 1035 §3.3: a <character-string> is a length byte and at most 255 bytes. */
export const TXT_STRING_MAX_BYTES = 255;
/** RFC 1035 §2.3.4, in the presentation form without the trailing dot. */
const MAX_NAME_LENGTH = 253;
const MAX_LABEL_LENGTH = 63;
const MAX_UINT16 = 65_535;
/** RFC 8659 §4.1: only the Issuer Critical flag (128) is defined. */
const CAA_FLAGS = new Set([0, 128]);
const CAA_TAGS = new Set(['issue', 'issuewild', 'iodef']);
/**
 * Service names (`_sip._tcp`, RFC 2782) and the names of mail and certificate records
 * (`_dmarc`, `s1._domainkey`, `_acme-challenge`) carry underscores; a CNAME often points such a
 * name at a provider's (DKIM keys, certificate validation delegated to the CA's helper).
 */
const UNDERSCORE_TYPES: ReadonlySet<DnsRecordType> = new Set(['SRV', 'TXT', 'CNAME']);
const RECORD_TYPES: ReadonlySet<string> = new Set(DNS_RECORD_TYPES);

export type RecordField = 'name' | 'type' | 'ttl' | 'content';

/** What is wrong with one record's field, or with the set as a whole (index and field null). */
export interface RecordProblem {
  index: number | null;
  field: RecordField | null;
  message: string;
}

type Parsed = { canonical: string } | { problem: string };

const fa = toPersianDigits;

// ---------------------------------------------------------------------------------------------
// Names

/** The record's name relative to the zone: `@` for the apex; a name ending in the zone is cut. */
export function normalizeName(zone: string, name: string): string {
  let relative = name.trim().toLowerCase();
  if (relative.endsWith('.')) relative = relative.slice(0, -1);
  if (relative === '' || relative === '@' || relative === zone) return '@';
  if (relative.endsWith(`.${zone}`)) return relative.slice(0, -(zone.length + 1));
  return relative;
}

function labelProblem(label: string, underscores: boolean): string | null {
  if (label === '') return 'نام بخش خالی دارد (دو نقطه پشت سر هم، یا نقطه در آغاز)';
  if (label.length > MAX_LABEL_LENGTH) {
    return `هر بخش نام حداکثر ${fa(MAX_LABEL_LENGTH)} نویسه است`;
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: any non-ASCII character is meant
  if (/[^\x00-\x7f]/.test(label)) return 'نام فارسی را به شکل punycode (xn--…) بنویسید';
  if (!underscores && label.includes('_')) {
    return 'زیرخط (_) فقط در نام رکوردهای SRV، TXT و CNAME می‌آید';
  }
  if (!/^[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?$/.test(label)) {
    return 'نام فقط حرف انگلیسی، رقم و خط تیره دارد و با خط تیره آغاز یا تمام نمی‌شود';
  }
  return null;
}

/** The problem with a (normalized) record name, or null. */
function nameProblem(zone: string, name: string, type: DnsRecordType): string | null {
  if (type === 'SRV') {
    const [service, protocol] = name.split('.');
    if (!service?.startsWith('_') || !protocol?.startsWith('_')) {
      return 'نام رکورد SRV به شکل ‎_سرویس._پروتکل‎ است، مانند _sip._tcp';
    }
  }
  if (name === '@') return null;
  if (name.length + 1 + zone.length > MAX_NAME_LENGTH) {
    return `نام کامل رکورد با دامنه حداکثر ${fa(MAX_NAME_LENGTH)} نویسه است`;
  }
  const labels = name.split('.');
  for (const [position, label] of labels.entries()) {
    if (label === '*') {
      if (position === 0) continue;
      return 'ستاره (*) فقط بخش نخست نام است، مانند *.shop';
    }
    const problem = labelProblem(label, UNDERSCORE_TYPES.has(type));
    if (problem) return problem;
  }
  return null;
}

function normalizeHost(host: string): string {
  const lower = host.trim().toLowerCase();
  return lower.endsWith('.') ? lower.slice(0, -1) : lower;
}

/** A target host (CNAME, MX, SRV): absolute, at least two labels, a top-level label not numeric. */
function hostProblem(host: string, underscores: boolean): string | null {
  const example = 'نام کامل میزبان را بنویسید، مانند mail.example.ir';
  if (host === '' || host.length > MAX_NAME_LENGTH) return example;
  const labels = host.split('.');
  // RFC 3696 §2: a top-level domain is never all digits, so `1.2.3.4` is an address, not a host.
  if (labels.length < 2 || /^\d+$/.test(labels.at(-1) ?? '')) return example;
  for (const label of labels) {
    if (labelProblem(label, underscores)) return example;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// TXT: RFC 1035 §5.1 <character-string>s

/**
 * The bytes of each quoted string in `"v=spf1 " "-all"` (RFC 1035 §5.1: `\DDD` is a byte in
 * decimal, `\X` the character X), or null when it is not a well-formed run of quoted strings.
 */
export function parseCharacterStrings(text: string): Uint8Array[] | null {
  const encoder = new TextEncoder();
  const strings: Uint8Array[] = [];
  let at = 0;
  while (at < text.length) {
    if (/\s/.test(text.charAt(at))) {
      at += 1;
      continue;
    }
    if (text.charAt(at) !== '"') return null;
    at += 1;
    const bytes: number[] = [];
    let closed = false;
    while (at < text.length) {
      const char = text.charAt(at);
      if (char === '"') {
        closed = true;
        at += 1;
        break;
      }
      if (char === '\\') {
        const decimal = /^\d{3}/.exec(text.slice(at + 1, at + 4))?.[0];
        if (decimal !== undefined) {
          if (Number(decimal) > 255) return null;
          bytes.push(Number(decimal));
          at += 4;
          continue;
        }
        at += 1;
        if (at >= text.length) return null;
      }
      const whole = String.fromCodePoint(text.codePointAt(at) ?? 0);
      bytes.push(...encoder.encode(whole));
      at += whole.length;
    }
    if (!closed || (at < text.length && !/\s/.test(text.charAt(at)))) return null;
    strings.push(Uint8Array.from(bytes));
  }
  return strings.length > 0 ? strings : null;
}

/**
 * A TXT record's text: the strings of a quoted form joined (SPF and DKIM read them joined, RFC
 * 7208 §3.3), or the plain text as written. Null when a quoted form is not well formed.
 */
export function txtTextOf(content: string): string | null {
  const trimmed = content.trim();
  if (!trimmed.startsWith('"')) return trimmed;
  const strings = parseCharacterStrings(trimmed);
  if (!strings) return null;
  return Buffer.concat(strings).toString('utf8');
}

/**
 * The text as quoted strings of at most 255 bytes each, cut between characters: what PowerDNS
 * takes (its TXT content must be quoted) and what a zone file holds. Non-ASCII and control
 * bytes are written `\DDD`.
 */
export function txtPresentation(text: string): string {
  const chunks: string[] = [];
  let chunk = '';
  let chunkBytes = 0;
  for (const char of text) {
    const size = Buffer.byteLength(char);
    if (chunkBytes + size > TXT_STRING_MAX_BYTES) {
      chunks.push(chunk);
      chunk = '';
      chunkBytes = 0;
    }
    chunk += char;
    chunkBytes += size;
  }
  chunks.push(chunk);
  return chunks.map(quoteCharacterString).join(' ');
}

function quoteCharacterString(text: string): string {
  let out = '"';
  for (const byte of Buffer.from(text, 'utf8')) {
    if (byte === 0x22 || byte === 0x5c) out += `\\${String.fromCharCode(byte)}`;
    else if (byte >= 0x20 && byte < 0x7f) out += String.fromCharCode(byte);
    else out += `\\${String(byte).padStart(3, '0')}`;
  }
  return `${out}"`;
}

/** The canonical TXT content: the plain text, quoted only when plain text would read as quoted. */
function canonicalTxt(text: string): string {
  return text.startsWith('"') ? txtPresentation(text) : text;
}

// ---------------------------------------------------------------------------------------------
// Content by type

function parseUint16s(values: readonly string[]): number[] | null {
  const numbers = values.map((value) => (/^\d{1,5}$/.test(value) ? Number(value) : Number.NaN));
  return numbers.every((value) => value <= MAX_UINT16) ? numbers : null;
}

function parseA(content: string): Parsed {
  if (isIP(content) === 4) return { canonical: content };
  return { problem: 'نشانی IPv4 درست نیست، مانند 192.0.2.10' };
}

function parseAaaa(content: string): Parsed {
  const problem = 'نشانی IPv6 درست نیست، مانند 2001:db8::10';
  // A zone index (`%eth0`) belongs to a link, never to DNS.
  if (isIP(content) !== 6 || content.includes('%')) return { problem };
  // RFC 5952's text form (lower case, the longest run of zeros cut), as PowerDNS answers it.
  const canonical = new URL(`http://[${content}]`).hostname.slice(1, -1);
  if (canonical.startsWith('::ffff:')) {
    return { problem: 'نشانی IPv4 را در رکورد A بنویسید، نه به شکل IPv6' };
  }
  return { canonical };
}

function parseCname(content: string): Parsed {
  const host = normalizeHost(content);
  const problem = hostProblem(host, true);
  return problem ? { problem } : { canonical: host };
}

function parseMx(content: string): Parsed {
  const shape = 'رکورد MX به شکل «اولویت میزبان» است، مانند 10 mail.example.ir';
  const parts = content.split(/\s+/);
  if (parts.length !== 2) return { problem: shape };
  const [priority] = parseUint16s(parts.slice(0, 1)) ?? [];
  if (priority === undefined) {
    return { problem: `اولویت MX عددی از ${fa(0)} تا ${fa(MAX_UINT16)} است` };
  }
  const host = normalizeHost(parts[1] ?? '');
  const problem = hostProblem(host, false);
  return problem ? { problem } : { canonical: `${priority} ${host}` };
}

function parseSrv(content: string): Parsed {
  const parts = content.split(/\s+/);
  if (parts.length !== 4) {
    return {
      problem: 'رکورد SRV به شکل «اولویت وزن درگاه میزبان» است، مانند 10 5 5060 sip.example.ir',
    };
  }
  const numbers = parseUint16s(parts.slice(0, 3));
  if (!numbers) {
    return { problem: `اولویت، وزن و درگاه SRV عددهایی از ${fa(0)} تا ${fa(MAX_UINT16)} هستند` };
  }
  const host = normalizeHost(parts[3] ?? '');
  const problem = hostProblem(host, false);
  return problem ? { problem } : { canonical: `${numbers.join(' ')} ${host}` };
}

function caaValueProblem(tag: string, value: string): string | null {
  if (tag === 'iodef') {
    // RFC 8659 §4.4: where a CA reports a refused request, by mail or over HTTP(S).
    if (/^mailto:[^\s@]+@[^\s@]+$/.test(value)) return null;
    if (URL.canParse(value) && /^https?:$/.test(new URL(value).protocol)) return null;
    return 'مقدار iodef نشانی ایمیل (mailto:) یا وب (https://) است';
  }
  // RFC 8659 §4.2: an issuer's domain, optionally with parameters; `;` alone lets no CA issue.
  const issuer = value.split(';')[0]?.trim() ?? '';
  if (issuer === '' || !hostProblem(issuer.toLowerCase(), false)) return null;
  return 'مقدار issue دامنهٔ صادرکنندهٔ گواهی است، مانند "letsencrypt.org"';
}

function parseCaa(content: string): Parsed {
  const shape = {
    problem: 'رکورد CAA به شکل «پرچم برچسب "مقدار"» است، مانند 0 issue "letsencrypt.org"',
  };
  const match = /^(\d+)\s+([A-Za-z0-9]+)\s+(.+)$/.exec(content);
  if (!match) return shape;
  const [, flagsText = '', tagText = '', rawValue = ''] = match;
  const flags = Number(flagsText);
  if (!CAA_FLAGS.has(flags)) return { problem: `پرچم CAA ${fa(0)} یا ${fa(128)} است` };
  const tag = tagText.toLowerCase();
  if (!CAA_TAGS.has(tag)) return { problem: 'برچسب CAA یکی از issue، issuewild و iodef است' };
  // The value may be written bare when it has no space (`0 issue letsencrypt.org`).
  const quoted = /^"([^"]*)"$/.exec(rawValue)?.[1];
  if (quoted === undefined && /[\s"]/.test(rawValue)) return shape;
  const value = (quoted ?? rawValue).trim();
  const problem = caaValueProblem(tag, value);
  return problem ? { problem } : { canonical: `${flags} ${tag} "${value}"` };
}

function parseTxt(content: string): Parsed {
  const text = txtTextOf(content);
  if (text === null) {
    return { problem: 'متن داخل گیومه درست بسته نشده است؛ متن را بی‌گیومه هم می‌شود نوشت' };
  }
  if (text === '') return { problem: 'متن رکورد TXT خالی است' };
  if ([...text].length > MAX_TXT_CHARACTERS) {
    return { problem: `متن رکورد TXT حداکثر ${fa(MAX_TXT_CHARACTERS)} نویسه است` };
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds
  if (/[\x00-\x1f\x7f]/.test(text)) return { problem: 'متن رکورد TXT نویسهٔ کنترلی یا خط نو دارد' };
  return { canonical: canonicalTxt(text) };
}

const CONTENT_PARSERS: Record<DnsRecordType, (content: string) => Parsed> = {
  A: parseA,
  AAAA: parseAaaa,
  CNAME: parseCname,
  MX: parseMx,
  TXT: parseTxt,
  SRV: parseSrv,
  CAA: parseCaa,
};

function parseContent(type: DnsRecordType, content: string): Parsed {
  // Numbers typed on a Persian keyboard are the same numbers; a TXT record's text is kept as is.
  const text = type === 'TXT' ? content : toLatinDigits(content).trim();
  return CONTENT_PARSERS[type](text);
}

function isRecordType(type: string): type is DnsRecordType {
  return RECORD_TYPES.has(type);
}

// ---------------------------------------------------------------------------------------------
// Records

/**
 * The record in the canonical form drivers store and answer: a relative lower-case name, hosts
 * without the trailing dot, TXT as its text. Content that does not parse is left trimmed:
 * validate first (`recordSetProblems`).
 */
export function normalizeRecord(zone: string, record: DnsRecord): DnsRecord {
  const type = record.type.toUpperCase();
  if (!isRecordType(type)) return { ...record, name: normalizeName(zone, record.name) };
  const parsed = parseContent(type, record.content);
  return {
    name: normalizeName(zone, record.name),
    type,
    ttl: record.ttl,
    content: 'canonical' in parsed ? parsed.canonical : record.content.trim(),
  };
}

/** What is wrong with one record on its own, field by field. */
export function recordProblems(zone: string, record: DnsRecord, index: number): RecordProblem[] {
  const problems: RecordProblem[] = [];
  const type = record.type.toUpperCase();
  if (!isRecordType(type)) {
    return [
      { index, field: 'type', message: `نوع رکورد یکی از ${DNS_RECORD_TYPES.join('، ')} است` },
    ];
  }
  const name = normalizeName(zone, record.name);
  const badName = nameProblem(zone, name, type);
  if (badName) problems.push({ index, field: 'name', message: badName });
  if (type === 'CNAME' && name === '@') {
    problems.push({
      index,
      field: 'name',
      message: 'CNAME روی خود دامنه (@) نمی‌نشیند؛ برای آن رکورد A یا AAAA بگذارید',
    });
  }
  if (
    !Number.isInteger(record.ttl) ||
    record.ttl < MIN_TTL_SECONDS ||
    record.ttl > MAX_TTL_SECONDS
  ) {
    problems.push({
      index,
      field: 'ttl',
      message: `TTL عددی درست از ${fa(MIN_TTL_SECONDS)} تا ${fa(MAX_TTL_SECONDS)} ثانیه است`,
    });
  }
  const parsed = parseContent(type, record.content);
  if ('problem' in parsed) problems.push({ index, field: 'content', message: parsed.problem });
  return problems;
}

/**
 * What is wrong with a zone's whole record set: each record's problems, then the rules between
 * records (a CNAME alone at its name, one TTL per name and type, no duplicates, the count).
 * Empty when the set can be stored.
 */
export function recordSetProblems(zone: string, records: readonly DnsRecord[]): RecordProblem[] {
  const problems = records.flatMap((record, index) => recordProblems(zone, record, index));
  if (records.length > MAX_RECORDS_PER_ZONE) {
    problems.push({
      index: null,
      field: null,
      message: `یک دامنه حداکثر ${fa(MAX_RECORDS_PER_ZONE)} رکورد دارد`,
    });
  }
  const normalized = records.map((record) => normalizeRecord(zone, record));

  // RFC 1034 §3.6.2: a name with a CNAME has no other data (RFC 2181 §10.1: nor a second CNAME).
  const countByName = new Map<string, number>();
  for (const record of normalized) {
    countByName.set(record.name, (countByName.get(record.name) ?? 0) + 1);
  }
  for (const [index, record] of normalized.entries()) {
    if (record.type === 'CNAME' && (countByName.get(record.name) ?? 0) > 1) {
      problems.push({
        index,
        field: 'name',
        message: 'نامی که CNAME دارد رکورد دیگری نمی‌پذیرد، نه حتی CNAME دیگری',
      });
    }
  }

  // RFC 2181 §5.2: the records of one name and type are one set with one TTL; RFC 2181 §5 also
  // makes a set of identical records one record.
  const ttlBySet = new Map<string, number>();
  const seen = new Set<string>();
  for (const [index, record] of normalized.entries()) {
    const set = `${record.name} ${record.type}`;
    const firstTtl = ttlBySet.get(set);
    if (firstTtl === undefined) ttlBySet.set(set, record.ttl);
    else if (firstTtl !== record.ttl) {
      problems.push({
        index,
        field: 'ttl',
        message: `رکوردهای هم‌نام و هم‌نوع یک TTL دارند (${fa(firstTtl)} ثانیه)`,
      });
    }
    const identity = `${set} ${record.content}`;
    if (seen.has(identity))
      problems.push({ index, field: 'content', message: 'این رکورد تکراری است' });
    seen.add(identity);
  }
  return problems;
}

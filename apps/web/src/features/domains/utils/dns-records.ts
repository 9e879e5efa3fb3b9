import {
  type DnsRecordType,
  type PathInput,
  type PathResult,
  TOAST_ERROR,
} from '@vitrin/contracts';
import { toLatinDigits, toPersianDigits } from '@vitrin/fa';
import { ApiRequestError } from '../../../lib/api-error';

export type DnsRecord = PathResult<'/api/user/domains/get-dns'>['records'][number];
export type DnsRecordInput = PathInput<'/api/user/domains/save-dns'>['records'][number];

/** A new record's TTL: an hour, what most DNS hosts offer first. */
export const DEFAULT_DNS_TTL_SECONDS = 3600;

export const DNS_RECORD_FIELDS = ['name', 'type', 'ttl', 'content'] as const;
export type DnsRecordField = (typeof DNS_RECORD_FIELDS)[number];

/** One record as typed in the editor; `key` stays with the row when rows above it go. */
export interface DnsRow {
  key: string;
  name: string;
  type: DnsRecordType;
  /** As typed, in Persian or Latin digits. */
  ttl: string;
  content: string;
}

/**
 * What each type's content looks like, in Persian, with an example as it is typed (left to
 * right). The server's rules (record-rules.ts) take numbers in either digits.
 */
export const DNS_CONTENT_HINTS: Record<DnsRecordType, { form: string; example: string }> = {
  A: { form: 'نشانی IPv4', example: '192.0.2.10' },
  AAAA: { form: 'نشانی IPv6', example: '2001:db8::10' },
  CNAME: { form: 'نام کامل میزبان', example: 'shop.example.ir' },
  MX: { form: 'اولویت و میزبان ایمیل', example: '۱۰ mail.example.ir' },
  TXT: { form: 'متن دلخواه', example: 'v=spf1 mx -all' },
  SRV: { form: 'اولویت وزن درگاه مقصد', example: '۱۰ ۵ ۵۰۶۰ sip.example.ir' },
  CAA: { form: 'پرچم برچسب "مقدار"', example: '0 issue "letsencrypt.org"' },
};

/** The records as the editor shows them: the TTL in Persian digits, as the site writes numbers. */
export function toDnsRows(records: readonly DnsRecord[]): DnsRow[] {
  return records.map((record, index) => ({
    key: `saved-${index}`,
    name: record.name,
    type: record.type,
    ttl: toPersianDigits(record.ttl),
    content: record.content,
  }));
}

/**
 * The keys of the saved rows (`toDnsRows`'s) that are the domain's hosting account's records as
 * provisioning writes them (issue 38): the page labels them «از هاست».
 */
export function hostingRowKeys(
  records: readonly DnsRecord[],
  hosting: readonly DnsRecord[],
): Set<string> {
  const keys = new Set<string>();
  for (const [index, record] of records.entries()) {
    const written = hosting.some(
      (want) =>
        want.name === record.name && want.type === record.type && want.content === record.content,
    );
    if (written) keys.add(`saved-${index}`);
  }
  return keys;
}

export function emptyDnsRow(key: string): DnsRow {
  return { key, name: '', type: 'A', ttl: toPersianDigits(DEFAULT_DNS_TTL_SECONDS), content: '' };
}

/**
 * What save-dns takes, in the rows' order (the server names a problem by the record's index). A
 * TTL that is not a whole number goes as none at all, for the server to say so on its box.
 */
export function fromDnsRows(rows: readonly DnsRow[]): DnsRecordInput[] {
  return rows.map((row) => {
    const ttl = toLatinDigits(row.ttl).trim();
    return {
      name: row.name.trim(),
      type: row.type,
      ttl: /^\d{1,9}$/.test(ttl) ? Number(ttl) : Number.NaN,
      content: row.content.trim(),
    };
  });
}

/** Whether the rows say something other than the records on file. */
export function dnsRowsChanged(rows: readonly DnsRow[], saved: readonly DnsRecord[]): boolean {
  const asSaved = (records: readonly DnsRecordInput[]) =>
    JSON.stringify(records.map(({ name, type, ttl, content }) => [name, type, ttl, content]));
  return asSaved(fromDnsRows(rows)) !== asSaved(saved);
}

/** A row's problems: one per field, and `record` for one that names no field. */
export type DnsRowErrors = Partial<Record<DnsRecordField | 'record', string>>;

export interface DnsSaveProblems {
  /** By the row's key. */
  rows: Record<string, DnsRowErrors>;
  /** About the set as a whole (too many, the DNS server's refusal or absence), or null. */
  whole: string | null;
}

const RECORD_FIELD_KEY = /^records\.(\d+)(?:\.(name|type|ttl|content))?$/;

/**
 * The server's refusal of a save, told on the rows it was about: save-dns names a record's
 * problem `records.<index>.<field>` (or `records.<index>`), and the set's `records`. A refusal
 * that names no record is told whole.
 */
export function dnsSaveProblems(error: unknown, sentKeys: readonly string[]): DnsSaveProblems {
  if (!(error instanceof ApiRequestError)) return { rows: {}, whole: TOAST_ERROR };
  const rows: Record<string, DnsRowErrors> = {};
  let wholeFromFields: string | null = null;
  for (const [field, message] of Object.entries(error.fields ?? {})) {
    const match = RECORD_FIELD_KEY.exec(field);
    const key = match ? sentKeys[Number(match[1])] : undefined;
    if (match && key !== undefined) {
      const rowField = (match[2] as DnsRecordField | undefined) ?? 'record';
      rows[key] = { ...rows[key], [rowField]: rows[key]?.[rowField] ?? message };
    } else {
      wholeFromFields ??= message;
    }
  }
  const told = Object.keys(rows).length > 0;
  return { rows, whole: wholeFromFields ?? (told ? null : error.message) };
}

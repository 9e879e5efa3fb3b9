import { DNS_RECORD_TYPES, TOAST_ERROR } from '@vitrin/contracts';
import { describe, expect, test } from 'vitest';
import { ApiRequestError } from '../../../lib/api-error';
import {
  DNS_CONTENT_HINTS,
  type DnsRecord,
  dnsRowsChanged,
  dnsSaveProblems,
  emptyDnsRow,
  fromDnsRows,
  hostingRowKeys,
  toDnsRows,
} from './dns-records';

const saved: DnsRecord[] = [
  { name: '@', type: 'A', ttl: 3600, content: '192.0.2.10' },
  { name: '@', type: 'MX', ttl: 300, content: '10 mail.sara-blog.com' },
];

function refusal(fields: Record<string, string> | undefined, message = 'رکوردها درست نیست') {
  return new ApiRequestError(400, { code: 'VALIDATION', message, fields });
}

describe('the DNS records editor', () => {
  test('a new record starts as an A record with a TTL of an hour, in Persian digits', () => {
    expect(emptyDnsRow('new-1')).toEqual({
      key: 'new-1',
      name: '',
      type: 'A',
      ttl: '۳۶۰۰',
      content: '',
    });
  });

  test('records on file open unchanged and are sent back as they were', () => {
    const rows = toDnsRows(saved);
    expect(rows.map((row) => row.ttl)).toEqual(['۳۶۰۰', '۳۰۰']);
    expect(fromDnsRows(rows)).toEqual(saved);
    expect(dnsRowsChanged(rows, saved)).toBe(false);
  });

  test('a TTL typed in either digits is sent as a number, anything else as none', () => {
    const [row] = toDnsRows(saved);
    if (!row) throw new Error('a row');
    expect(fromDnsRows([{ ...row, ttl: ' ۱۲۰ ' }])[0]?.ttl).toBe(120);
    expect(fromDnsRows([{ ...row, ttl: '7200' }])[0]?.ttl).toBe(7200);
    expect(fromDnsRows([{ ...row, ttl: '' }])[0]?.ttl).toBeNaN();
    expect(fromDnsRows([{ ...row, ttl: 'یک ساعت' }])[0]?.ttl).toBeNaN();
    // JSON has no NaN: the server is sent null, and says the TTL is wrong on its box.
    expect(JSON.stringify(fromDnsRows([{ ...row, ttl: '' }])[0])).toContain('"ttl":null');
  });

  test('a record edited, added or removed is a change; spaces around a value are not', () => {
    const [a, mx] = toDnsRows(saved);
    if (!a || !mx) throw new Error('two rows');
    expect(dnsRowsChanged([{ ...a, content: ' 192.0.2.10 ' }, mx], saved)).toBe(false);
    expect(dnsRowsChanged([{ ...a, content: '192.0.2.11' }, mx], saved)).toBe(true);
    expect(dnsRowsChanged([a, mx, emptyDnsRow('new-1')], saved)).toBe(true);
    expect(dnsRowsChanged([mx], saved)).toBe(true);
  });

  test('the server’s problem with a record’s field is told on that row’s field', () => {
    const problems = dnsSaveProblems(
      refusal({
        'records.1.name': 'CNAME روی خود دامنه (@) نمی‌نشیند؛ برای آن رکورد A یا AAAA بگذارید',
        'records.1.content': 'نام کامل میزبان را بنویسید، مانند mail.example.ir',
        'records.2.ttl': 'TTL عددی درست از ۶۰ تا ۸۶۴۰۰ ثانیه است',
      }),
      ['saved-0', 'new-1', 'new-2'],
    );
    expect(problems).toEqual({
      rows: {
        'new-1': {
          name: 'CNAME روی خود دامنه (@) نمی‌نشیند؛ برای آن رکورد A یا AAAA بگذارید',
          content: 'نام کامل میزبان را بنویسید، مانند mail.example.ir',
        },
        'new-2': { ttl: 'TTL عددی درست از ۶۰ تا ۸۶۴۰۰ ثانیه است' },
      },
      // Each problem is beside its record; the same words are not repeated above the button.
      whole: null,
    });
  });

  test('a problem with a record that names no field is told on the row', () => {
    const problems = dnsSaveProblems(refusal({ 'records.0': 'رکورد درست نیست' }), ['saved-0']);
    expect(problems.rows).toEqual({ 'saved-0': { record: 'رکورد درست نیست' } });
  });

  test('a problem with the whole set, or a refusal naming no record, is told above the button', () => {
    expect(
      dnsSaveProblems(refusal({ records: 'یک دامنه حداکثر ۲۰۰ رکورد دارد' }), ['saved-0']),
    ).toEqual({ rows: {}, whole: 'یک دامنه حداکثر ۲۰۰ رکورد دارد' });
    const unavailable = new ApiRequestError(503, {
      code: 'UNAVAILABLE',
      message: 'سرور DNS اکنون پاسخ نمی‌دهد؛ کمی بعد دوباره تلاش کنید',
    });
    expect(dnsSaveProblems(unavailable, ['saved-0'])).toEqual({
      rows: {},
      whole: 'سرور DNS اکنون پاسخ نمی‌دهد؛ کمی بعد دوباره تلاش کنید',
    });
    expect(dnsSaveProblems(new TypeError('Failed to fetch'), [])).toEqual({
      rows: {},
      whole: TOAST_ERROR,
    });
  });

  test('a problem with a record the server was not sent is told whole, not lost', () => {
    const problems = dnsSaveProblems(refusal({ 'records.5.name': 'نام درست نیست' }), ['saved-0']);
    expect(problems).toEqual({ rows: {}, whole: 'نام درست نیست' });
  });

  test('every record type has a hint of its content’s form with an example', () => {
    for (const type of DNS_RECORD_TYPES) {
      expect(DNS_CONTENT_HINTS[type].form, type).not.toBe('');
      expect(DNS_CONTENT_HINTS[type].example, type).not.toBe('');
    }
    expect(DNS_CONTENT_HINTS.MX.example).toBe('۱۰ mail.example.ir');
  });

  test("the hosting account's records are told apart by name, type and content, whatever their TTL", () => {
    const hosting: DnsRecord[] = [
      { name: '@', type: 'A', ttl: 3600, content: '192.0.2.10' },
      { name: 'www', type: 'CNAME', ttl: 3600, content: 'sara-blog.com' },
      { name: '@', type: 'MX', ttl: 3600, content: '10 mail.sara-blog.com' },
    ];
    const zone: DnsRecord[] = [
      ...saved,
      { name: '@', type: 'A', ttl: 300, content: '192.0.2.99' },
      { name: 'www', type: 'A', ttl: 300, content: '192.0.2.10' },
    ];
    expect([...hostingRowKeys(zone, hosting)]).toEqual(['saved-0', 'saved-1']);
    expect(toDnsRows(zone).map((row) => row.key)).toContain('saved-1');
    expect(hostingRowKeys(zone, []).size).toBe(0);
  });
});

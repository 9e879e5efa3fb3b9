import { describe, expect, test } from 'vitest';
import type { DnsRecord, DnsRecordType } from './dns-driver';
import {
  normalizeRecord,
  parseCharacterStrings,
  type RecordProblem,
  recordProblems,
  recordSetProblems,
  txtPresentation,
  txtTextOf,
} from './record-rules';

// The zone editor's record rules (issue 38): each accepted form, each refusal with the field it
// belongs to, and the canonical form drivers store.

const ZONE = 'sara-blog.com';

function record(type: DnsRecordType, content: string, name = '@', ttl = 3600): DnsRecord {
  return { name, type, ttl, content };
}

/** The fields with a problem, for one record on its own. */
function badFields(input: DnsRecord): Array<RecordProblem['field']> {
  return recordProblems(ZONE, input, 0).map((problem) => problem.field);
}

function contentOf(type: DnsRecordType, content: string, name = '@'): string {
  return normalizeRecord(ZONE, record(type, content, name)).content;
}

describe('record names', () => {
  test.each([
    '@',
    '',
    'www',
    'WWW',
    'shop.blog',
    '*',
    '*.shop',
    'a-b',
    '3d',
    'www.sara-blog.com',
    'sara-blog.com.',
  ])('%j is a valid name for an A record', (name) => {
    expect(badFields(record('A', '192.0.2.1', name))).toEqual([]);
  });

  test('a name is kept relative to the zone, in lower case, with @ for the apex', () => {
    expect(normalizeRecord(ZONE, record('A', '192.0.2.1', 'WWW.Sara-Blog.com.')).name).toBe('www');
    expect(normalizeRecord(ZONE, record('A', '192.0.2.1', 'sara-blog.com')).name).toBe('@');
    expect(normalizeRecord(ZONE, record('A', '192.0.2.1', '')).name).toBe('@');
  });

  test.each([
    ['-www', 'a leading hyphen'],
    ['www-', 'a trailing hyphen'],
    ['a..b', 'an empty label'],
    ['.www', 'a leading dot'],
    ['shop.*', 'a wildcard not first'],
    ['w*w', 'a star inside a label'],
    ['www shop', 'a space'],
    ['فروشگاه', 'Persian letters (punycode is asked for)'],
    ['a'.repeat(64), 'a label over 63 characters'],
    [`${'a'.repeat(60)}.`.repeat(4).slice(0, -1), 'a name over 253 characters with the zone'],
    ['_dmarc', 'an underscore on an A record'],
  ])('%j is refused: %s', (name) => {
    expect(badFields(record('A', '192.0.2.1', name))).toEqual(['name']);
  });

  test('underscores are for SRV, TXT and CNAME names (service, DMARC, DKIM, ACME)', () => {
    expect(badFields(record('TXT', 'v=DMARC1; p=none', '_dmarc'))).toEqual([]);
    expect(badFields(record('TXT', 'k=rsa; p=MIGf', 's1._domainkey'))).toEqual([]);
    expect(badFields(record('CNAME', 'acme.example.ir', '_acme-challenge'))).toEqual([]);
    expect(badFields(record('MX', '10 mail.example.ir', '_mail'))).toEqual(['name']);
  });

  test('an SRV name is _service._protocol, optionally under a name', () => {
    expect(badFields(record('SRV', '10 5 5060 sip.example.ir', '_sip._tcp'))).toEqual([]);
    expect(badFields(record('SRV', '10 5 5060 sip.example.ir', '_sip._udp.office'))).toEqual([]);
    expect(badFields(record('SRV', '10 5 5060 sip.example.ir', 'sip._tcp'))).toEqual(['name']);
    expect(badFields(record('SRV', '10 5 5060 sip.example.ir', '_sip'))).toEqual(['name']);
    expect(badFields(record('SRV', '10 5 5060 sip.example.ir', '@'))).toEqual(['name']);
  });

  test('the problem is in Persian', () => {
    const [problem] = recordProblems(ZONE, record('A', '192.0.2.1', '-www'), 4);
    expect(problem?.index).toBe(4);
    expect(problem?.message).toMatch(/[\u0600-\u06ff]/);
  });
});

describe('TTL', () => {
  test.each([60, 300, 86_400])('%i seconds is accepted', (ttl) => {
    expect(badFields(record('A', '192.0.2.1', '@', ttl))).toEqual([]);
  });

  test.each([59, 86_401, 0, -1, 300.5, Number.NaN])('%d seconds is refused', (ttl) => {
    expect(badFields(record('A', '192.0.2.1', '@', ttl))).toEqual(['ttl']);
  });

  test('the refusal names the range in Persian digits', () => {
    const [problem] = recordProblems(ZONE, record('A', '192.0.2.1', '@', 10), 0);
    expect(problem?.message).toContain('۶۰');
    expect(problem?.message).toContain('۸۶۴۰۰');
  });
});

describe('A and AAAA', () => {
  test('an A record is an IPv4 address', () => {
    expect(badFields(record('A', '192.0.2.1'))).toEqual([]);
    expect(contentOf('A', ' 192.0.2.1 ')).toBe('192.0.2.1');
    expect(contentOf('A', '۱۹۲.۰.۲.۱')).toBe('192.0.2.1');
    for (const bad of ['192.0.2.300', '192.0.2', '2001:db8::1', 'example.ir', '', '192.0.02.1']) {
      expect(badFields(record('A', bad))).toEqual(['content']);
    }
  });

  test('an AAAA record is an IPv6 address, written as RFC 5952 writes it', () => {
    expect(contentOf('AAAA', '2001:0DB8:0000:0000:0000:0000:0000:0001')).toBe('2001:db8::1');
    expect(contentOf('AAAA', '2001:db8:0:1:1:1:1:1')).toBe('2001:db8:0:1:1:1:1:1');
    expect(badFields(record('AAAA', '2001:db8::1'))).toEqual([]);
    for (const bad of ['192.0.2.1', '2001:db8::g', 'fe80::1%eth0', '::ffff:192.0.2.1', '']) {
      expect(badFields(record('AAAA', bad))).toEqual(['content']);
    }
  });
});

describe('CNAME', () => {
  test('a CNAME points at an absolute host name, kept without the trailing dot', () => {
    expect(contentOf('CNAME', 'Shops.Example.IR.', 'www')).toBe('shops.example.ir');
    for (const bad of ['example', '192.0.2.1', 'exa mple.ir', '-x.example.ir', '*.example.ir']) {
      expect(badFields(record('CNAME', bad, 'www'))).toEqual(['content']);
    }
  });

  test('a CNAME is never at the apex (RFC 1034 §3.6.2: the apex has SOA and NS)', () => {
    expect(badFields(record('CNAME', 'shops.example.ir', '@'))).toEqual(['name']);
  });

  test('a CNAME is never beside another record of its name, nor a second CNAME', () => {
    const problems = recordSetProblems(ZONE, [
      record('CNAME', 'shops.example.ir', 'www'),
      record('A', '192.0.2.1', 'WWW'),
      record('CNAME', 'blog.example.ir', 'blog'),
      record('CNAME', 'other.example.ir', 'blog'),
      record('CNAME', 'shops.example.ir', 'shop'),
      record('A', '192.0.2.1', 'shop.more'),
    ]);
    expect(problems.map(({ index, field }) => [index, field])).toEqual([
      [0, 'name'],
      [2, 'name'],
      [3, 'name'],
    ]);
  });
});

describe('MX and SRV', () => {
  test('an MX record is a priority and a host', () => {
    expect(contentOf('MX', '10   Mail.Example.ir.')).toBe('10 mail.example.ir');
    expect(contentOf('MX', '۱۰ mail.example.ir')).toBe('10 mail.example.ir');
    expect(badFields(record('MX', '0 mail.example.ir'))).toEqual([]);
    expect(badFields(record('MX', '65535 mail.example.ir'))).toEqual([]);
    for (const bad of [
      'mail.example.ir',
      '10',
      '65536 mail.example.ir',
      '-1 mail.example.ir',
      '10 192.0.2.1',
      '10 mail.example.ir extra',
      'ten mail.example.ir',
    ]) {
      expect(badFields(record('MX', bad))).toEqual(['content']);
    }
  });

  test('an SRV record is priority, weight, port and target', () => {
    expect(contentOf('SRV', '10 5 5060 SIP.example.ir.', '_sip._tcp')).toBe(
      '10 5 5060 sip.example.ir',
    );
    for (const bad of [
      '10 5 sip.example.ir',
      '10 5 70000 sip.example.ir',
      '10 5 5060 sip',
      'a b c sip.example.ir',
    ]) {
      expect(badFields(record('SRV', bad, '_sip._tcp'))).toEqual(['content']);
    }
  });
});

describe('CAA', () => {
  test.each([
    ['0 issue "letsencrypt.org"', '0 issue "letsencrypt.org"'],
    ['0 issue letsencrypt.org', '0 issue "letsencrypt.org"'],
    ['128 ISSUEWILD "sectigo.com"', '128 issuewild "sectigo.com"'],
    ['0 issue ";"', '0 issue ";"'],
    [
      '0 issue "letsencrypt.org; validationmethods=dns-01"',
      '0 issue "letsencrypt.org; validationmethods=dns-01"',
    ],
    ['0 iodef "mailto:security@sara-blog.com"', '0 iodef "mailto:security@sara-blog.com"'],
    ['0 iodef "https://sara-blog.com/caa"', '0 iodef "https://sara-blog.com/caa"'],
  ])('%s is accepted as %s', (input, canonical) => {
    expect(badFields(record('CAA', input))).toEqual([]);
    expect(contentOf('CAA', input)).toBe(canonical);
  });

  test.each([
    '0 issue',
    '1 issue "letsencrypt.org"',
    '0 tbs "letsencrypt.org"',
    '0 issue "lets"encrypt.org"',
    '0 issue lets encrypt',
    '0 issue "not a domain"',
    '0 iodef "ftp://sara-blog.com"',
    'issue "letsencrypt.org"',
  ])('%s is refused', (input) => {
    expect(badFields(record('CAA', input))).toEqual(['content']);
  });
});

describe('TXT', () => {
  test('plain text and quoted text are the same record, kept as the text', () => {
    expect(contentOf('TXT', 'v=spf1 mx -all')).toBe('v=spf1 mx -all');
    expect(contentOf('TXT', '"v=spf1 mx -all"')).toBe('v=spf1 mx -all');
    expect(contentOf('TXT', '"v=spf1 " "mx -all"')).toBe('v=spf1 mx -all');
    expect(contentOf('TXT', '"say \\"hi\\" \\\\ \\216\\179"')).toBe('say "hi" \\ س');
    expect(contentOf('TXT', 'say "hi"')).toBe('say "hi"');
  });

  test('text that itself begins with a quote stays quoted, so it reads back the same', () => {
    const canonical = contentOf('TXT', '"\\"quoted\\" text"');
    expect(canonical).toBe('"\\"quoted\\" text"');
    expect(contentOf('TXT', canonical)).toBe(canonical);
    expect(txtTextOf(canonical)).toBe('"quoted" text');
  });

  test('up to 2048 characters, Persian included', () => {
    expect(badFields(record('TXT', 'س'.repeat(2048)))).toEqual([]);
    expect(badFields(record('TXT', 'a'.repeat(2049)))).toEqual(['content']);
  });

  test.each([
    ['""', 'empty'],
    ['  ', 'blank'],
    ['"unclosed', 'an unclosed quote'],
    ['"a"b', 'text after a closing quote'],
    ['"\\256"', 'a byte over 255'],
    ['line\nbreak', 'a line break'],
  ])('%j is refused: %s', (content) => {
    expect(badFields(record('TXT', content))).toEqual(['content']);
  });

  test('PowerDNS gets strings of at most 255 bytes, cut between characters', () => {
    const text = `${'a'.repeat(254)}سلام`;
    const presentation = txtPresentation(text);
    const strings = parseCharacterStrings(presentation) ?? [];
    expect(strings.map((bytes) => bytes.length)).toEqual([254, 8]);
    expect(Buffer.concat(strings).toString('utf8')).toBe(text);
    expect(presentation.startsWith(`"${'a'.repeat(254)}" "\\216\\179`)).toBe(true);
    expect(txtPresentation('say "hi" \\')).toBe('"say \\"hi\\" \\\\"');
  });
});

describe('the record set', () => {
  test('a good zone has no problems', () => {
    expect(
      recordSetProblems(ZONE, [
        record('A', '192.0.2.1'),
        record('A', '192.0.2.2'),
        record('AAAA', '2001:db8::1'),
        record('CNAME', 'sara-blog.com', 'www'),
        record('MX', '10 mail.sara-blog.com'),
        record('A', '192.0.2.3', 'mail'),
        record('TXT', 'v=spf1 mx -all'),
        record('SRV', '10 5 5060 sip.sara-blog.com', '_sip._tcp'),
        record('CAA', '0 issue "letsencrypt.org"'),
      ]),
    ).toEqual([]);
  });

  test('the records of one name and type share one TTL (RFC 2181 §5.2)', () => {
    const problems = recordSetProblems(ZONE, [
      record('A', '192.0.2.1', '@', 300),
      record('A', '192.0.2.2', '@', 600),
      record('A', '192.0.2.3', 'www', 600),
    ]);
    expect(problems.map(({ index, field }) => [index, field])).toEqual([[1, 'ttl']]);
  });

  test('the same record twice is refused, even when written differently', () => {
    const problems = recordSetProblems(ZONE, [
      record('TXT', 'v=spf1 mx -all'),
      record('TXT', '"v=spf1 mx -all"'),
      record('MX', '10 mail.example.ir'),
      record('MX', '10 MAIL.example.ir.'),
    ]);
    expect(problems.map(({ index, field }) => [index, field])).toEqual([
      [1, 'content'],
      [3, 'content'],
    ]);
  });

  test('a zone holds at most 200 records', () => {
    const many = (count: number) =>
      Array.from({ length: count }, (_, n) =>
        record('A', `192.0.${Math.floor(n / 250)}.${n % 250}`),
      );
    expect(recordSetProblems(ZONE, many(200))).toEqual([]);
    expect(recordSetProblems(ZONE, many(201))).toEqual([
      { index: null, field: null, message: 'یک دامنه حداکثر ۲۰۰ رکورد دارد' },
    ]);
  });

  test('an unknown type is a problem of the type field', () => {
    const problems = recordSetProblems(ZONE, [
      { name: '@', type: 'PTR' as DnsRecordType, ttl: 3600, content: 'x.example.ir' },
    ]);
    expect(problems.map(({ index, field }) => [index, field])).toEqual([[0, 'type']]);
  });

  test('normalizing twice gives the same record', () => {
    for (const input of [
      record('TXT', '"a" "b"'),
      record('AAAA', '2001:DB8::0:1'),
      record('CAA', '0 issue letsencrypt.org'),
      record('SRV', '1 2 3 X.example.ir.', '_x._tcp'),
    ]) {
      const once = normalizeRecord(ZONE, input);
      expect(normalizeRecord(ZONE, once)).toEqual(once);
    }
  });
});

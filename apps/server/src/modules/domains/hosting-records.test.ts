import { describe, expect, test } from 'vitest';
import type { DnsRecord } from '../../providers/dns/dns-driver';
import { recordSetProblems } from '../../providers/dns/record-rules';
import { hostingRecordsFor, mergeHostingRecords } from './hosting-records';

// The records a hosting account puts in its domain's zone, and how they merge with the owner's
// (issue 38): pure, so each rule is shown on its own.

const ZONE = 'sara-blog.com';
const OLD = ['185.51.200.10', '2a01:4f8:10::10'];
const NEW = ['185.51.201.20'];
const KNOWN = new Set([...OLD, ...NEW]);

const record = (name: string, type: DnsRecord['type'], content: string, ttl = 3600) => ({
  name,
  type,
  ttl,
  content,
});

describe("a hosting account's records", () => {
  test('point the apex and mail at every address by version, www at the domain, and the mail at mail.', () => {
    expect(hostingRecordsFor(ZONE, { addresses: OLD, servesMail: true })).toEqual([
      record('@', 'A', '185.51.200.10'),
      record('@', 'AAAA', '2a01:4f8:10::10'),
      record('www', 'CNAME', ZONE),
      record('mail', 'A', '185.51.200.10'),
      record('mail', 'AAAA', '2a01:4f8:10::10'),
      record('@', 'MX', `10 mail.${ZONE}`),
    ]);
  });

  test('of the site builder leave the mail alone; a server without addresses has none', () => {
    expect(hostingRecordsFor(ZONE, { addresses: NEW, servesMail: false })).toEqual([
      record('@', 'A', '185.51.201.20'),
      record('www', 'CNAME', ZONE),
    ]);
    expect(hostingRecordsFor(ZONE, { addresses: [], servesMail: true })).toEqual([]);
  });
});

describe('merged into a zone', () => {
  const wantedNew = hostingRecordsFor(ZONE, { addresses: NEW, servesMail: true });

  test('an empty zone gets them all, and merging again changes nothing', () => {
    const first = mergeHostingRecords(ZONE, [], wantedNew, KNOWN);
    expect(first.changed).toBe(true);
    expect(first.records).toEqual(wantedNew);
    expect(first.leftAlone).toEqual([]);
    expect(recordSetProblems(ZONE, first.records)).toEqual([]);
    const again = mergeHostingRecords(ZONE, first.records, wantedNew, KNOWN);
    expect(again).toEqual({ records: first.records, changed: false, leftAlone: [] });
  });

  test("records at an old server's addresses are replaced in place; the owner's others are kept in their order", () => {
    const current = [
      record('@', 'TXT', 'v=spf1 mx -all', 300),
      ...hostingRecordsFor(ZONE, { addresses: OLD, servesMail: true }),
      record('shop', 'A', '192.0.2.44', 300),
    ];
    const merged = mergeHostingRecords(ZONE, current, wantedNew, KNOWN);
    expect(merged.changed).toBe(true);
    expect(merged.records).toEqual([
      record('@', 'TXT', 'v=spf1 mx -all', 300),
      record('@', 'A', '185.51.201.20'),
      // The server has no IPv6 address now: the old one goes.
      record('www', 'CNAME', ZONE),
      record('mail', 'A', '185.51.201.20'),
      record('@', 'MX', `10 mail.${ZONE}`),
      record('shop', 'A', '192.0.2.44', 300),
    ]);
  });

  test("a name and type the owner pointed elsewhere is left alone and said so; the owner's address beside ours stays", () => {
    const current = [
      // The owner's own site address at the apex, and their own mail provider.
      record('@', 'A', '192.0.2.50', 600),
      record('@', 'MX', '10 mx.mail-provider.example', 600),
      // At mail: one of ours, beside one of the owner's, under the owner's TTL.
      record('mail', 'A', '185.51.200.10', 900),
      record('mail', 'A', '192.0.2.51', 900),
    ];
    const merged = mergeHostingRecords(ZONE, current, wantedNew, KNOWN);
    expect(merged.leftAlone).toEqual(['@ A', '@ MX']);
    expect(merged.records).toEqual([
      record('@', 'A', '192.0.2.50', 600),
      record('@', 'MX', '10 mx.mail-provider.example', 600),
      record('mail', 'A', '192.0.2.51', 900),
      record('mail', 'A', '185.51.201.20', 900),
      record('www', 'CNAME', ZONE),
    ]);
    expect(recordSetProblems(ZONE, merged.records)).toEqual([]);
  });

  test("www's CNAME is not written beside the owner's records at www, nor mail's addresses and the MX beside their CNAME", () => {
    const current = [
      record('www', 'TXT', 'verification=abc', 300),
      record('mail', 'CNAME', 'ghs.mail-provider.example', 300),
    ];
    const merged = mergeHostingRecords(ZONE, current, wantedNew, KNOWN);
    expect(merged.leftAlone).toEqual(['www CNAME', 'mail A', '@ MX']);
    expect(merged.records).toEqual([...current, record('@', 'A', '185.51.201.20')]);
    expect(recordSetProblems(ZONE, merged.records)).toEqual([]);
  });

  test("an address staff took off every server is the account's only while the job knows it was one", () => {
    const current = [record('@', 'A', '198.51.100.7')];
    const known = new Set(NEW);
    expect(mergeHostingRecords(ZONE, current, wantedNew, known).leftAlone).toContain('@ A');
    const told = mergeHostingRecords(ZONE, current, wantedNew, new Set([...NEW, '198.51.100.7']));
    expect(told.leftAlone).toEqual([]);
    expect(told.records[0]).toEqual(record('@', 'A', '185.51.201.20'));
  });

  test('a move to the site builder takes the mail records it wrote away, and leaves the rest', () => {
    const current = hostingRecordsFor(ZONE, { addresses: OLD, servesMail: true });
    const builder = hostingRecordsFor(ZONE, { addresses: NEW, servesMail: false });
    expect(mergeHostingRecords(ZONE, current, builder, KNOWN).records).toEqual([
      record('@', 'A', '185.51.201.20'),
      record('www', 'CNAME', ZONE),
    ]);
  });
});

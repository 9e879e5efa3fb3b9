import { describe, expect, test } from 'vitest';
import { savePanelServer } from './calls/provisioning';
import { IP_ADDRESS_PROBLEMS, readIpAddress } from './ip-address';

describe('a server address', () => {
  test.each([
    ['185.51.200.10', 4, '185.51.200.10'],
    ['  8.8.8.8 ', 4, '8.8.8.8'],
    ['2A01:04F8:0000:0000:0000:0000:0000:0010', 6, '2a01:4f8::10'],
    ['2a01:4f8:0:0:1:0:0:10', 6, '2a01:4f8::1:0:0:10'],
    ['2606:4700::6810:84e5', 6, '2606:4700::6810:84e5'],
    ['2001:0200::1', 6, '2001:200::1'],
  ])('%s is public (IPv%i), written as %s', (text, version, canonical) => {
    expect(readIpAddress(text)).toEqual({ version, canonical, scope: 'public' });
  });

  test.each([
    ['192.0.2.10', '192.0.2.10'],
    ['198.51.100.255', '198.51.100.255'],
    ['203.0.113.10', '203.0.113.10'],
    ['2001:DB8:10::10', '2001:db8:10::10'],
    ['3fff:0fff::1', '3fff:fff::1'],
  ])('%s is of the documentation ranges', (text, canonical) => {
    expect(readIpAddress(text)).toMatchObject({ canonical, scope: 'documentation' });
  });

  test.each([
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '127.0.0.1',
    '0.1.2.3',
    '100.64.0.1',
    '169.254.1.1',
    '192.0.0.8',
    '198.18.0.1',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fe80::1',
    'fd00::1',
    'ff02::1',
    '::ffff:185.51.200.10',
    '2001::1',
    '2002:c000:0204::1',
  ])('%s is special: nobody reaches a site there', (text) => {
    expect(readIpAddress(text)?.scope).toBe('special');
  });

  test('the edges of a private block are public on either side', () => {
    expect(readIpAddress('172.15.255.255')?.scope).toBe('public');
    expect(readIpAddress('172.32.0.0')?.scope).toBe('public');
    expect(readIpAddress('100.63.255.255')?.scope).toBe('public');
    expect(readIpAddress('100.128.0.0')?.scope).toBe('public');
  });

  test.each([
    '',
    '256.1.1.1',
    '1.2.3',
    '01.2.3.4',
    '1.2.3.4.5',
    '0x7f.0.0.1',
    '۱۸۵.۵۱.۲۰۰.۱۰',
    '2001:db8::1::1',
    '2001:db8:1:2:3:4:5:6:7',
    '2001:db8:1:2:3:4:5:6::',
    'fe80::1%eth0',
    '12345::1',
    'server.example.com',
  ])('%j is no address', (text) => {
    expect(readIpAddress(text)).toBeNull();
  });

  test('the save call writes each address canonically and refuses a special one on its index', () => {
    const base = {
      name: 'whm-1',
      kind: 'whm',
      baseUrl: 'https://whm.example.ir:2087',
      groupName: 'default',
      capacity: 10,
      enabled: true,
    };
    const parsed = savePanelServer.request.parse({
      ...base,
      addresses: [' 185.51.200.10', '2A01:4F8::10'],
    });
    expect(parsed.addresses).toEqual(['185.51.200.10', '2a01:4f8::10']);
    // Left out, an edit keeps the saved ones.
    expect(savePanelServer.request.parse(base).addresses).toBeUndefined();

    const refused = savePanelServer.request.safeParse({
      ...base,
      addresses: ['185.51.200.10', '10.0.0.1', 'no'],
    });
    expect(refused.success).toBe(false);
    const issues = refused.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(issues).toEqual([
      ['addresses.1', IP_ADDRESS_PROBLEMS.special],
      ['addresses.2', IP_ADDRESS_PROBLEMS.invalid],
    ]);
    const twice = savePanelServer.request.safeParse({
      ...base,
      addresses: ['2a01:4f8::10', '2a01:4f8:0:0::10'],
    });
    expect(twice.error?.issues.map((issue) => issue.message)).toEqual([
      IP_ADDRESS_PROBLEMS.duplicate,
    ]);
    const many = savePanelServer.request.safeParse({
      ...base,
      addresses: Array.from({ length: 9 }, (_, index) => `185.51.200.${index + 1}`),
    });
    expect(many.error?.issues.map((issue) => issue.message)).toEqual([IP_ADDRESS_PROBLEMS.tooMany]);
  });
});

import { describe, expect, test } from 'vitest';
import { chosenDomain } from './chosen-domain';

const domains = [{ domainName: 'sara-gallery.ir' }, { domainName: 'example.ir' }];

describe('the chosen domain', () => {
  test('the address’s domain when it is one of the person’s', () => {
    expect(chosenDomain(domains, 'example.ir')).toBe(domains[1]);
    expect(chosenDomain(domains, ' WWW.Example.IR ')).toBe(domains[1]);
  });

  test('otherwise the first; none without domains', () => {
    expect(chosenDomain(domains, null)).toBe(domains[0]);
    expect(chosenDomain(domains, 'someone-else.ir')).toBe(domains[0]);
    expect(chosenDomain([], 'example.ir')).toBeNull();
  });
});

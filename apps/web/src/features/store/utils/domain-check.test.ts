import { domainName } from '@vitrin/contracts';
import { expect, test } from 'vitest';
import { domainProblem as judge } from './domain-check';

const domainProblem = (typed: string) => judge(domainName, typed);

test('a domain name as people type it passes: upper case, www., Persian digits', () => {
  expect(domainProblem('example.ir')).toBeUndefined();
  expect(domainProblem('WWW.Shop-Online.IR')).toBeUndefined();
  expect(domainProblem('https://example.com/')).toBeUndefined();
  expect(domainProblem('shop۲۴.ir')).toBeUndefined();
});

test('what the server would refuse is refused here with its message', () => {
  expect(domainProblem('example')).toBe('نام دامنه درست نیست؛ مانند example.ir');
  expect(domainProblem('exa mple.ir')).toBe('نام دامنه درست نیست؛ مانند example.ir');
  expect(domainProblem('-shop.ir')).toBe('نام دامنه درست نیست؛ مانند example.ir');
});

test('an empty field is not judged while typing', () => {
  expect(domainProblem('')).toBeUndefined();
  expect(domainProblem('   ')).toBeUndefined();
});

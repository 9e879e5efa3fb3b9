import { expect, test } from 'vitest';
import {
  readChoice,
  readFlag,
  readPage,
  readSearchText,
  readWholeNumber,
  toSearchParams,
} from './url-params';

const params = (query: string) => new URLSearchParams(query);

test('a number in the address may be written in Persian digits with separators', () => {
  expect(readWholeNumber(params('min=۱٬۲۰۰٬۰۰۰'), 'min')).toBe(1_200_000);
  expect(readWholeNumber(params('min=250000'), 'min')).toBe(250_000);
  expect(readWholeNumber(params('min=1,500'), 'min')).toBe(1500);
});

test('an unreadable or negative number in the address is no filter', () => {
  expect(readWholeNumber(params('min=abc'), 'min')).toBeNull();
  expect(readWholeNumber(params('min=-5'), 'min')).toBeNull();
  expect(readWholeNumber(params('min=1.5'), 'min')).toBeNull();
  expect(readWholeNumber(params(''), 'min')).toBeNull();
});

test('the page is 1 unless the address names a later one', () => {
  expect(readPage(params(''))).toBe(1);
  expect(readPage(params('page=0'))).toBe(1);
  expect(readPage(params('page=x'))).toBe(1);
  expect(readPage(params('page=۳'))).toBe(3);
});

test('search text is trimmed and cut to the length the API accepts', () => {
  expect(readSearchText(params('q=%20%D9%87%D8%A7%D8%B3%D8%AA%20'))).toBe('هاست');
  expect(readSearchText(params(`q=${'a'.repeat(150)}`))).toHaveLength(100);
  expect(readChoice(params('group=%20'), 'group')).toBeNull();
  expect(readChoice(params('group=hosting'), 'group')).toBe('hosting');
  expect(readFlag(params('free=1'), 'free')).toBe(true);
  expect(readFlag(params('free=true'), 'free')).toBe(false);
});

test('a plain list has a plain address: empty filters and page 1 are left out', () => {
  expect(
    toSearchParams([
      ['group', null],
      ['q', ''],
      ['free', false],
      ['page', 1],
    ]).toString(),
  ).toBe('');
  expect(
    toSearchParams([
      ['group', 'hosting'],
      ['free', true],
      ['page', 2],
    ]).toString(),
  ).toBe('group=hosting&free=1&page=2');
});

import { expect, test } from 'vitest';
import {
  DATE_FILTER_MESSAGE,
  DATE_ORDER_MESSAGE,
  type DocumentFilters,
  documentFilterCodec,
  documentSearchInput,
  SEARCHABLE_KINDS,
} from './document-filters';

const none: DocumentFilters = { query: '', kind: null, from: '', to: '', page: 1, after: null };

test('a Jalali range counts both days whole, from the first instant of each in Tehran', () => {
  expect(documentSearchInput({ ...none, from: '۱۴۰۵/۰۱/۰۱', to: '۱۴۰۵/۰۱/۳۱' }, 20)).toEqual({
    ok: true,
    input: {
      page: 1,
      pageSize: 20,
      // 1405/01/01 00:00 and 1405/02/01 00:00 in Tehran (+03:30): the call's `to` is exclusive.
      from: '2026-03-20T20:30:00.000Z',
      to: '2026-04-20T20:30:00.000Z',
    },
  });
});

test('one day from and to itself is that whole day; an ISO instant is taken as typed', () => {
  expect(documentSearchInput({ ...none, from: '1404/12/29', to: '1404/12/29' }, 20)).toMatchObject({
    ok: true,
    input: { from: '2026-03-19T20:30:00.000Z', to: '2026-03-20T20:30:00.000Z' },
  });
  expect(documentSearchInput({ ...none, to: '2026-03-01T10:00:00Z' }, 20)).toMatchObject({
    ok: true,
    input: { to: '2026-03-01T10:00:00.000Z' },
  });
});

test('text that is no date, or an end before the start, is said under its field', () => {
  expect(documentSearchInput({ ...none, from: 'دیروز', to: '۱۴۰۵/۱۳/۰۱' }, 20)).toEqual({
    ok: false,
    errors: { from: DATE_FILTER_MESSAGE, to: DATE_FILTER_MESSAGE },
  });
  expect(documentSearchInput({ ...none, from: '۱۴۰۵/۰۲/۰۱', to: '۱۴۰۵/۰۱/۳۱' }, 20)).toEqual({
    ok: false,
    errors: { to: DATE_ORDER_MESSAGE },
  });
});

test('the search and the kind are sent as chosen, empty ones left out', () => {
  expect(
    documentSearchInput({ ...none, query: 'S1405', kind: 'credit-note', page: 3 }, 20),
  ).toEqual({ ok: true, input: { page: 3, pageSize: 20, query: 'S1405', kind: 'credit-note' } });
});

test('a page reached by cursor asks for the rows after it', () => {
  expect(documentSearchInput({ ...none, page: 4, after: 'WyIyMDI2Il0' }, 20)).toEqual({
    ok: true,
    input: { page: 4, pageSize: 20, after: 'WyIyMDI2Il0' },
  });
});

test('a number typed in Persian digits is searched as the Latin digits documents hold', () => {
  expect(documentSearchInput({ ...none, query: 'S۱۴۰۵-۰۰۰۰۱۲' }, 20)).toMatchObject({
    input: { query: 'S1405-000012' },
  });
  expect(documentSearchInput({ ...none, query: '۰۹۱۲۱۲۳۴۵۶۷' }, 20)).toMatchObject({
    input: { query: '09121234567' },
  });
});

test('the filters live in the address; a pro-forma or an unknown kind is no filter', () => {
  expect(SEARCHABLE_KINDS).toEqual(['sales', 'credit-note', 'receipt']);
  const filters = documentFilterCodec.parse(
    new URLSearchParams('q=%DB%B0%DB%B9%DB%B1%DB%B2&kind=receipt&from=1405/01/01&page=2'),
  );
  expect(filters).toEqual({
    query: '۰۹۱۲',
    kind: 'receipt',
    from: '1405/01/01',
    to: '',
    page: 2,
    after: null,
  });
  expect(documentFilterCodec.write(filters).toString()).toBe(
    'q=%DB%B0%DB%B9%DB%B1%DB%B2&kind=receipt&from=1405%2F01%2F01&page=2',
  );
  expect(documentFilterCodec.parse(new URLSearchParams('kind=proforma')).kind).toBeNull();
});

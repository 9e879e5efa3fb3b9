import { expect, test } from 'vitest';
import {
  FIRST_PAGE,
  nextMove,
  pageCount,
  previousMove,
  readCursorParam,
  readTrail,
  trailState,
} from './list-cursor';

const PAGE_SIZE = 20;
const full = { items: Array.from({ length: PAGE_SIZE }, (_, index) => index) };

test('the next page is asked after the cursor the server answered, the trail growing by one', () => {
  expect(
    nextMove({ page: 2, after: 'c2' }, [null], { ...full, total: 100, nextCursor: 'c3' }, 20),
  ).toEqual({ page: 3, after: 'c3', trail: [null, 'c2'] });
});

test('a sort without a cursor (orders by amount) goes on by page number', () => {
  expect(
    nextMove({ page: 1, after: null }, [], { ...full, total: 45, nextCursor: null }, 20),
  ).toEqual({ page: 2, after: null, trail: [null] });
});

test('a page that is not full, or that the exact total ends with, has no next page', () => {
  const short = { items: [1, 2, 3], total: 43, nextCursor: null };
  expect(nextMove({ page: 3, after: 'c3' }, [null, 'c2'], short, PAGE_SIZE)).toBeNull();
  const endsExactly = { ...full, total: 40, nextCursor: 'c3' };
  expect(nextMove({ page: 2, after: 'c2' }, [null], endsExactly, PAGE_SIZE)).toBeNull();
});

test('past 10,000 rows the total is an estimate: a full page always has a next one', () => {
  const estimated = { ...full, total: 10_001, totalIsEstimate: true, nextCursor: 'c' };
  expect(nextMove({ page: 600, after: 'x' }, [], estimated, PAGE_SIZE)?.page).toBe(601);
});

test('the page before is asked by the cursor the trail kept for it', () => {
  expect(previousMove({ page: 4, after: 'c4' }, [null, 'c2', 'c3'])).toEqual({
    page: 3,
    after: 'c3',
    trail: [null, 'c2'],
  });
  expect(previousMove({ page: 2, after: 'c2' }, [null])).toEqual(FIRST_PAGE);
  expect(previousMove({ page: 1, after: null }, [])).toBeNull();
});

test('next then previous comes back to the same page and trail', () => {
  const here = { page: 5, after: 'c5' };
  const trail = [null, 'c2', 'c3', 'c4'];
  const next = nextMove(here, trail, { ...full, total: 200, nextCursor: 'c6' }, PAGE_SIZE);
  if (!next) throw new Error('no next page');
  expect(previousMove(next, next.trail)).toEqual({ ...here, trail });
});

test('the trail is read from the history state only when it fits the page', () => {
  const position = { page: 3, after: 'c3' };
  expect(readTrail(trailState([null, 'c2']), position)).toEqual([null, 'c2']);
  // A shared link or a reload in another tab: the pages before are reached by number.
  expect(readTrail(null, position)).toEqual([null, null]);
  expect(readTrail({ listTrail: ['c2'] }, position)).toEqual([null, null]);
  expect(readTrail({ listTrail: [null, '<b>'] }, position)).toEqual([null, null]);
  expect(readTrail({ from: '/admin' }, { page: 1, after: null })).toEqual([]);
});

test('a cursor in the address is taken only in the form the server writes it', () => {
  const read = (query: string) => readCursorParam(new URLSearchParams(query));
  expect(read('after=WyIyMDI2LTExLTI3IiwiMTAiXQ')).toBe('WyIyMDI2LTExLTI3IiwiMTAiXQ');
  expect(read('')).toBeNull();
  expect(read('after=')).toBeNull();
  expect(read('after=a%20b')).toBeNull();
  expect(read(`after=${'a'.repeat(201)}`)).toBeNull();
});

test('the page count follows the total, never less than the page shown', () => {
  expect(pageCount({ page: 1, after: null }, { items: [], total: 41 }, PAGE_SIZE)).toBe(3);
  expect(pageCount({ page: 7, after: 'c' }, { items: [1], total: 41 }, PAGE_SIZE)).toBe(7);
});

import { expect, test } from 'vitest';
import { hasQueueFilters, ticketQueueCodec, ticketQueuePath } from './ticket-filters';

const parse = (query: string) => ticketQueueCodec.parse(new URLSearchParams(query));
const staffId = '3f2a9c1e-1234-4abc-8def-0123456789ab';

test('a plain address is the default queue: waiting on staff, longest-waiting first', () => {
  const filters = parse('');
  expect(filters).toEqual({
    status: 'waiting',
    department: null,
    priority: null,
    assignee: null,
    search: '',
    sort: 'waiting',
    page: 1,
    after: null,
  });
  expect(hasQueueFilters(filters)).toBe(false);
});

test('every filter is read from the address', () => {
  expect(
    parse(
      `status=customer-reply&department=billing&priority=high&assignee=${staffId}&q=%20فاکتور%20&sort=newest&page=۳&after=WyIyMDI2Il0`,
    ),
  ).toEqual({
    status: 'customer-reply',
    department: 'billing',
    priority: 'high',
    assignee: staffId,
    search: 'فاکتور',
    sort: 'newest',
    page: 3,
    after: 'WyIyMDI2Il0',
  });
});

test('the assignee is me, nobody, or a staff member id; anything else is no filter', () => {
  expect(parse('assignee=me').assignee).toBe('me');
  expect(parse('assignee=none').assignee).toBe('none');
  expect(parse('assignee=maryam').assignee).toBeNull();
  expect(parse(`assignee=${staffId.toUpperCase()}`).assignee).toBe(staffId);
});

test('unknown values fall back to the defaults instead of breaking the page', () => {
  expect(
    parse('status=pending&department=hr&priority=urgent&sort=oldest&page=-1&after=not%20ours'),
  ).toEqual(parse(''));
});

test('writing leaves out the defaults, empty filters and the first page', () => {
  const params = ticketQueueCodec.write({
    ...parse(''),
    priority: 'low',
    assignee: 'none',
    search: ' ۰۹۱۲ ',
  });
  expect(params.toString()).toBe('priority=low&assignee=none&q=%DB%B0%DB%B9%DB%B1%DB%B2');
  expect(ticketQueueCodec.write({ ...parse(''), status: 'all', page: 2 }).toString()).toBe(
    'status=all&page=2',
  );
});

test('a written address reads back as the same filters', () => {
  const filters = parse(
    `status=closed&department=sales&assignee=me&q=دامنه&sort=priority&page=4&after=WyIyMDI2Il0`,
  );
  expect(ticketQueueCodec.parse(ticketQueueCodec.write(filters))).toEqual(filters);
});

test('links to the queue carry only the filters given', () => {
  expect(ticketQueuePath()).toBe('/admin/tickets');
  expect(ticketQueuePath({ status: 'open', assignee: 'me' })).toBe(
    '/admin/tickets?status=open&assignee=me',
  );
});

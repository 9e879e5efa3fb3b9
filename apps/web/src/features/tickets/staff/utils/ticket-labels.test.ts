import { expect, test } from 'vitest';
import { queueStatusCount, ticketActionLabel } from './ticket-labels';

const counts = { open: 2, answered: 5, 'customer-reply': 3, closed: 10 };

test('the waiting chip counts open and customer-reply tickets; all counts every status', () => {
  expect(queueStatusCount('waiting', counts)).toBe(5);
  expect(queueStatusCount('all', counts)).toBe(20);
  expect(queueStatusCount('answered', counts)).toBe(5);
});

test('a ticket history names each staff action in Persian', () => {
  expect(ticketActionLabel('ticket.note')).toBe('یادداشت داخلی');
  expect(ticketActionLabel('ticket.set-priority')).toBe('تغییر اولویت');
  expect(ticketActionLabel('ticket.reopen')).toBe('بازگشایی تیکت');
});

import { AUDIT_ACTION_LABELS } from '@vitrin/contracts';
import { expect, test } from 'vitest';
import { queueStatusCount, queueStatusCountIsEstimate, ticketActionLabel } from './ticket-labels';

const counts = { open: 2, answered: 5, 'customer-reply': 3, closed: 10 };

test('the waiting chip counts open and customer-reply tickets; all counts every status', () => {
  expect(queueStatusCount('waiting', counts)).toBe(5);
  expect(queueStatusCount('all', counts)).toBe(20);
  expect(queueStatusCount('answered', counts)).toBe(5);
});

test('a chip is «حدود» when any status it sums was estimated, and only then', () => {
  expect(queueStatusCountIsEstimate('all', undefined)).toBe(false);
  expect(queueStatusCountIsEstimate('all', [])).toBe(false);
  expect(queueStatusCountIsEstimate('all', ['closed'])).toBe(true);
  expect(queueStatusCountIsEstimate('waiting', ['closed'])).toBe(false);
  expect(queueStatusCountIsEstimate('waiting', ['customer-reply'])).toBe(true);
  expect(queueStatusCountIsEstimate('closed', ['closed'])).toBe(true);
  expect(queueStatusCountIsEstimate('answered', ['closed', 'open'])).toBe(false);
});

test('a ticket history names each staff action in Persian', () => {
  expect(ticketActionLabel('ticket.note')).toBe('یادداشت داخلی');
  expect(ticketActionLabel('ticket.set-priority')).toBe('تغییر اولویت');
  // An action the history has no word of its own for reads as the audit log names it.
  expect(ticketActionLabel('order.refund')).toBe(AUDIT_ACTION_LABELS['order.refund']);
  expect(ticketActionLabel('order.refund')).not.toMatch(/[A-Za-z]/);
});

import { TICKET_AUTO_CLOSE_DAYS, TICKET_STATUSES } from '@vitrin/contracts';
import { toPersianDigits } from '@vitrin/fa';
import { expect, test } from 'vitest';
import { TICKET_STATUS_COLORS, ticketStatusNote } from './ticket-status';

test('each status has its own colour, and a closed ticket is grey', () => {
  const colors = TICKET_STATUSES.map((status) => TICKET_STATUS_COLORS[status].color);
  expect(new Set(colors).size).toBe(TICKET_STATUSES.length);
  expect(TICKET_STATUS_COLORS.closed.color).toBe('gray');
});

test('an answered ticket warns that it closes itself after the spec’s days', () => {
  expect(ticketStatusNote('answered')).toContain(toPersianDigits(TICKET_AUTO_CLOSE_DAYS));
});

test('a closed ticket says that replying reopens it', () => {
  expect(ticketStatusNote('closed')).toContain('دوباره باز می‌شود');
});

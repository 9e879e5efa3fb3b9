import { TICKET_AUTO_CLOSE_DAYS, type TicketPriority, type TicketStatus } from '@vitrin/contracts';
import { toPersianDigits } from '@vitrin/fa';

export interface BadgeColors {
  /** The Mantine colour of a light badge. */
  color: string;
  /** A darker text colour where the light badge's own is too pale to read (amber). */
  textColor?: string;
}

/**
 * A status's colour: blue while support has it (a new ticket), amber while support owes the
 * customer an answer again, teal when support has answered, grey once closed.
 */
export const TICKET_STATUS_COLORS: Record<TicketStatus, BadgeColors> = {
  open: { color: 'blue' },
  answered: { color: 'teal' },
  'customer-reply': { color: 'amber', textColor: 'amber.9' },
  closed: { color: 'gray' },
};

export const TICKET_PRIORITY_COLORS: Record<TicketPriority, BadgeColors> = {
  low: { color: 'gray' },
  normal: { color: 'blue' },
  high: { color: 'red' },
};

/** What a status means for the person now, shown under the ticket's header. */
export function ticketStatusNote(status: TicketStatus): string {
  switch (status) {
    case 'open':
    case 'customer-reply':
      return 'پیام شما به پشتیبانی رسیده است و به‌زودی پاسخ می‌گیرید.';
    case 'answered':
      return `پشتیبانی پاسخ داده است. اگر تا ${toPersianDigits(TICKET_AUTO_CLOSE_DAYS)} روز پاسخی ندهید، تیکت خودبه‌خود بسته می‌شود.`;
    case 'closed':
      return 'این تیکت بسته شده است. اگر پاسخی بفرستید، دوباره باز می‌شود.';
  }
}

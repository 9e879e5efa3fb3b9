import { Badge, type BadgeProps } from '@mantine/core';
import {
  TICKET_PRIORITY_LABELS,
  TICKET_STATUS_LABELS,
  type TicketPriority,
  type TicketStatus,
} from '@vitrin/contracts';
import { TICKET_PRIORITY_COLORS, TICKET_STATUS_COLORS } from '../utils/ticket-status';

// A ticket's status and priority as both the customer's panel and the staff console show them:
// one palette (utils/ticket-status.ts), so both sides read a status the same way.

/** The console's rows: the badge never shrinks and its label is not clipped at its edge. */
const UNCLIPPED = { flex: 'none', overflow: 'visible' } as const;

interface TicketStatusBadgeProps {
  status: TicketStatus;
  /** The next move is staff's (the console): the badge is filled so it catches the eye in a list. */
  waitingOnStaff?: boolean;
  size?: BadgeProps['size'];
  unclipped?: boolean;
}

export function TicketStatusBadge({
  status,
  waitingOnStaff = false,
  size = 'md',
  unclipped = false,
}: TicketStatusBadgeProps) {
  const { color, textColor } = TICKET_STATUS_COLORS[status];
  return (
    <Badge
      color={color}
      c={waitingOnStaff ? undefined : textColor}
      variant={waitingOnStaff ? 'filled' : 'light'}
      size={size}
      style={unclipped ? UNCLIPPED : { flex: 'none' }}
    >
      {TICKET_STATUS_LABELS[status]}
    </Badge>
  );
}

interface TicketPriorityBadgeProps {
  priority: TicketPriority;
  /** Under a column headed «اولویت»: the level alone. */
  short?: boolean;
  unclipped?: boolean;
}

/** High priority is filled, so it stands out among the row's quieter details. */
export function TicketPriorityBadge({
  priority,
  short = false,
  unclipped = false,
}: TicketPriorityBadgeProps) {
  const { color } = TICKET_PRIORITY_COLORS[priority];
  return (
    <Badge
      color={color}
      variant={priority === 'high' ? 'filled' : 'outline'}
      size="sm"
      style={unclipped ? UNCLIPPED : undefined}
    >
      {short ? TICKET_PRIORITY_LABELS[priority] : `اولویت ${TICKET_PRIORITY_LABELS[priority]}`}
    </Badge>
  );
}

/** A staff reply the person has not read yet. */
export function UnreadBadge() {
  return (
    <Badge color="red" variant="filled" size="sm" leftSection={<UnreadDot />}>
      پاسخ تازه
    </Badge>
  );
}

function UnreadDot() {
  return (
    <span
      aria-hidden="true"
      style={{
        display: 'inline-block',
        width: 6,
        height: 6,
        borderRadius: '50%',
        background: '#fff',
      }}
    />
  );
}

import { Badge, type BadgeProps } from '@mantine/core';
import {
  TICKET_PRIORITY_LABELS,
  TICKET_STATUS_LABELS,
  type TicketPriority,
  type TicketStatus,
} from '@vitrin/contracts';
import { TICKET_PRIORITY_COLORS, TICKET_STATUS_COLORS } from '../utils/ticket-labels';

interface TicketStatusBadgeProps {
  status: TicketStatus;
  /** The next move is staff's: the badge is filled so it catches the eye in a list. */
  waitingOnStaff?: boolean;
  size?: BadgeProps['size'];
}

export function TicketStatusBadge({
  status,
  waitingOnStaff = false,
  size,
}: TicketStatusBadgeProps) {
  const { color, textColor } = TICKET_STATUS_COLORS[status];
  return (
    <Badge
      color={color}
      c={waitingOnStaff ? undefined : textColor}
      variant={waitingOnStaff ? 'filled' : 'light'}
      size={size}
      style={{ flex: 'none', overflow: 'visible' }}
    >
      {TICKET_STATUS_LABELS[status]}
    </Badge>
  );
}

interface TicketPriorityBadgeProps {
  priority: TicketPriority;
  /** Under a column headed «اولویت»: the level alone. */
  short?: boolean;
}

/** High priority is filled, so it stands out among the row's quieter details. */
export function TicketPriorityBadge({ priority, short = false }: TicketPriorityBadgeProps) {
  const { color } = TICKET_PRIORITY_COLORS[priority];
  return (
    <Badge
      color={color}
      variant={priority === 'high' ? 'filled' : 'outline'}
      size="sm"
      style={{ flex: 'none', overflow: 'visible' }}
    >
      {short ? TICKET_PRIORITY_LABELS[priority] : `اولویت ${TICKET_PRIORITY_LABELS[priority]}`}
    </Badge>
  );
}

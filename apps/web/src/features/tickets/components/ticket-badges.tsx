import { Badge, type BadgeProps } from '@mantine/core';
import {
  TICKET_PRIORITY_LABELS,
  TICKET_STATUS_LABELS,
  type TicketPriority,
  type TicketStatus,
} from '@vitrin/contracts';
import { TICKET_PRIORITY_COLORS, TICKET_STATUS_COLORS } from '../utils/ticket-status';

export function TicketStatusBadge({
  status,
  size = 'md',
}: {
  status: TicketStatus;
  size?: BadgeProps['size'];
}) {
  const { color, textColor } = TICKET_STATUS_COLORS[status];
  return (
    <Badge color={color} c={textColor} variant="light" size={size} style={{ flex: 'none' }}>
      {TICKET_STATUS_LABELS[status]}
    </Badge>
  );
}

/** High priority is filled, so it stands out among the row's quieter details. */
export function TicketPriorityBadge({ priority }: { priority: TicketPriority }) {
  const { color } = TICKET_PRIORITY_COLORS[priority];
  return (
    <Badge color={color} variant={priority === 'high' ? 'filled' : 'outline'} size="sm">
      اولویت {TICKET_PRIORITY_LABELS[priority]}
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

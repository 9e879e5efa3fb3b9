import { Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { TICKET_DEPARTMENT_LABELS } from '@vitrin/contracts';
import { toPersianDigits } from '@vitrin/fa';
import { Link } from 'react-router';
import { JalaliDateTime } from '../../../ui/jalali-date-time';
import type { TicketSummary } from '../api/get-user-tickets';
import { ticketPath } from '../utils/paths';
import { TicketPriorityBadge, TicketStatusBadge, UnreadBadge } from './ticket-badges';
import classes from './ticket-row.module.css';

/** One ticket in the list: subject (the link), state, and what it is about. */
export function TicketRow({ ticket }: { ticket: TicketSummary }) {
  return (
    <Card
      component="li"
      padding="md"
      radius="md"
      className={ticket.unread ? `${classes.row} ${classes.unread}` : classes.row}
    >
      <Stack gap={8}>
        <Group justify="space-between" align="flex-start" gap="sm" wrap="nowrap">
          <Group gap="xs" style={{ minWidth: 0, rowGap: 4 }}>
            <Text
              component={Link}
              to={ticketPath(ticket.id)}
              fw={700}
              dir="auto"
              className={classes.link}
            >
              {ticket.subject}
            </Text>
            {ticket.unread && <UnreadBadge />}
          </Group>
          <TicketStatusBadge status={ticket.status} />
        </Group>
        <Group gap="xs" c="dimmed" fz="xs" style={{ rowGap: 6 }}>
          <span>شمارهٔ {toPersianDigits(ticket.number)}</span>
          <span aria-hidden="true">·</span>
          <span>{TICKET_DEPARTMENT_LABELS[ticket.department]}</span>
          <TicketPriorityBadge priority={ticket.priority} />
          {ticket.relatedService && (
            <>
              <span aria-hidden="true">·</span>
              <span style={{ overflowWrap: 'anywhere' }}>
                سرویس: <bdi>{ticket.relatedService.name}</bdi>
              </span>
            </>
          )}
          <span aria-hidden="true">·</span>
          <span>{toPersianDigits(ticket.messageCount)} پیام</span>
          <span aria-hidden="true">·</span>
          <span>
            آخرین فعالیت: <JalaliDateTime iso={ticket.lastMessageAt} />
          </span>
        </Group>
      </Stack>
    </Card>
  );
}

export function TicketRowSkeleton() {
  return (
    <Card component="li" padding="md" radius="md" aria-hidden="true">
      <Stack gap={10}>
        <Group justify="space-between" wrap="nowrap">
          <Skeleton height={18} width="55%" />
          <Skeleton height={22} width={72} radius="xl" />
        </Group>
        <Skeleton height={12} width="80%" />
      </Stack>
    </Card>
  );
}

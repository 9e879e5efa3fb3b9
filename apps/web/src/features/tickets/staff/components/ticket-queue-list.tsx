import { Anchor, Card, Group, Stack, Table, Text } from '@mantine/core';
import { TICKET_DEPARTMENT_LABELS } from '@vitrin/contracts';
import { toPersianDigits } from '@vitrin/fa';
import type { MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { JalaliDateTime } from '../../../../ui/jalali-date-time';
import { MobileNumber } from '../../../../ui/mobile-number';
import { TicketPriorityBadge, TicketStatusBadge } from '../../components/ticket-badges';
import type { TicketQueueRow } from '../api/tickets';
import { adminTicketPath } from '../utils/ticket-filters';
import classes from './ticket-queue.module.css';

const COLUMNS = [
  'شماره',
  'موضوع',
  'مشتری',
  'بخش',
  'اولویت',
  'وضعیت',
  'مسئول',
  'آخرین فعالیت',
] as const;

/** A click anywhere on a row opens the ticket, unless it was on a link of its own. */
function useOpenTicket() {
  const navigate = useNavigate();
  return (event: MouseEvent, ticketId: string) => {
    if ((event.target as HTMLElement).closest('a')) return;
    navigate(adminTicketPath(ticketId));
  };
}

/** The queue from sm up: one row a ticket; the subject is the link, the row opens it too. */
export function TicketQueueTable({ items }: { items: readonly TicketQueueRow[] }) {
  const open = useOpenTicket();
  return (
    <Card p={0} visibleFrom="sm">
      <Table.ScrollContainer minWidth={880}>
        <Table verticalSpacing="sm" horizontalSpacing="sm" aria-label="صف تیکت‌ها">
          <Table.Thead>
            <Table.Tr>
              {COLUMNS.map((column) => (
                <Table.Th key={column} style={{ whiteSpace: 'nowrap' }}>
                  {column}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((ticket) => (
              <Table.Tr
                key={ticket.id}
                className={`${classes.row} ${ticket.waitingOnStaff ? classes.waiting : ''}`}
                onClick={(event) => open(event, ticket.id)}
              >
                <Table.Td>
                  <Text size="sm" c="dimmed">
                    {toPersianDigits(ticket.number)}
                  </Text>
                </Table.Td>
                <Table.Td maw={320}>
                  <Subject ticket={ticket} />
                </Table.Td>
                <Table.Td>
                  <Customer ticket={ticket} />
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Text size="sm">{TICKET_DEPARTMENT_LABELS[ticket.department]}</Text>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <TicketPriorityBadge priority={ticket.priority} short unclipped />
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <TicketStatusBadge
                    status={ticket.status}
                    waitingOnStaff={ticket.waitingOnStaff}
                    unclipped
                    size="sm"
                  />
                </Table.Td>
                <Table.Td>
                  <Assignee ticket={ticket} />
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <LastActivity ticket={ticket} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

/** On a phone: one card a ticket. */
export function TicketQueueCards({ items }: { items: readonly TicketQueueRow[] }) {
  const open = useOpenTicket();
  return (
    <Stack gap="sm" component="ul" m={0} p={0} hiddenFrom="sm" aria-label="صف تیکت‌ها">
      {items.map((ticket) => (
        <Card
          key={ticket.id}
          component="li"
          padding="md"
          className={`${classes.card} ${ticket.waitingOnStaff ? classes.cardWaiting : ''}`}
          style={{ listStyle: 'none' }}
          onClick={(event: MouseEvent) => open(event, ticket.id)}
        >
          <Stack gap={8}>
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
              <Subject ticket={ticket} withNumber />
              <TicketStatusBadge
                status={ticket.status}
                waitingOnStaff={ticket.waitingOnStaff}
                unclipped
                size="sm"
              />
            </Group>
            <Customer ticket={ticket} inline />
            <Group gap="xs">
              <TicketPriorityBadge priority={ticket.priority} unclipped />
              <Text size="xs" c="dimmed">
                {TICKET_DEPARTMENT_LABELS[ticket.department]}
              </Text>
            </Group>
            <Group justify="space-between" gap="xs">
              <Text size="xs" c="dimmed">
                {'مسئول: '}
                <Assignee ticket={ticket} inline />
              </Text>
              <Text size="xs" c="dimmed">
                <LastActivity ticket={ticket} inline />
              </Text>
            </Group>
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}

function Subject({ ticket, withNumber = false }: { ticket: TicketQueueRow; withNumber?: boolean }) {
  return (
    <Stack gap={2} style={{ minWidth: 0 }}>
      <Anchor
        component={Link}
        to={adminTicketPath(ticket.id)}
        size="sm"
        fw={ticket.waitingOnStaff ? 700 : 500}
        c="inherit"
        style={{ overflowWrap: 'anywhere' }}
      >
        {withNumber && (
          <Text span size="sm" c="dimmed" fw={400}>
            {`${toPersianDigits(ticket.number)} · `}
          </Text>
        )}
        {ticket.subject}
      </Anchor>
      {ticket.service && (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'break-word' }}>
          {serviceText(ticket.service)}
        </Text>
      )}
    </Stack>
  );
}

/** A service's name, with its domain unless the name already says it. */
export function serviceText(service: { name: string; domainName: string | null }) {
  const { name, domainName } = service;
  return domainName && !name.includes(domainName) ? `${name} (${domainName})` : name;
}

function Customer({ ticket, inline = false }: { ticket: TicketQueueRow; inline?: boolean }) {
  const { customer } = ticket;
  return inline ? (
    <Text size="sm">
      {customer.name}
      <Text span size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {' · '}
        <MobileNumber mobile={customer.mobile} />
      </Text>
    </Text>
  ) : (
    <Stack gap={0}>
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {customer.name}
      </Text>
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        <MobileNumber mobile={customer.mobile} />
      </Text>
    </Stack>
  );
}

function Assignee({ ticket, inline = false }: { ticket: TicketQueueRow; inline?: boolean }) {
  if (!ticket.assignee) {
    return inline ? (
      <span>بی‌مسئول</span>
    ) : (
      <Text size="sm" c="dimmed">
        بی‌مسئول
      </Text>
    );
  }
  return inline ? (
    <span>{ticket.assignee.name}</span>
  ) : (
    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
      {ticket.assignee.name}
    </Text>
  );
}

/** When the newest message was written, and by whom (an internal note says so). */
function LastActivity({ ticket, inline = false }: { ticket: TicketQueueRow; inline?: boolean }) {
  const last = ticket.lastMessage;
  const iso = last?.createdAt ?? ticket.lastMessageAt;
  const who = last
    ? last.author === 'customer'
      ? 'مشتری'
      : `${last.authorName}${last.internal ? ' (یادداشت)' : ''}`
    : null;
  return inline ? (
    <>
      <JalaliDateTime iso={iso} />
      {who && ` · ${who}`}
    </>
  ) : (
    <Stack gap={0}>
      <Text size="sm">
        <JalaliDateTime iso={iso} />
      </Text>
      {who && (
        <Text size="xs" c="dimmed">
          {who}
        </Text>
      )}
    </Stack>
  );
}

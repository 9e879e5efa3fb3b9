import { Anchor, Badge, Box, Group, Stack, Table, Text } from '@mantine/core';
import { WAITING_WORK_KIND_LABELS } from '@vitrin/contracts';
import { Link } from 'react-router';
import { elapsedText } from '../../../lib/elapsed-text';
import { JalaliDateTime } from '../../../ui/jalali-date-time';
import { LatinIsolated } from '../../../ui/latin-isolated';
import { ListCard, NameLink } from '../../../ui/list-card';
import type { WaitingWorkRow } from '../api/waiting-work';
import { WAITING_WORK_ACTIONS, WAITING_WORK_COLORS } from '../utils/waiting-work';
import { AdminListTable, AdminPhoneCards } from './admin-list-table';
import { CustomerCell } from './customer-cell';

const LABEL = 'فهرست کارهای منتظر کارشناس';
/** A customer's name and a waiting time stay on one line; the reason wraps instead. */
const NO_WRAP = { whiteSpace: 'nowrap' } as const;
const COLUMNS = ['کار', 'سرویس یا دامنه', 'مشتری', 'در انتظار', 'علت'] as const;

interface WaitingWorkListProps {
  items: WaitingWorkRow[];
  now: Date;
}

/** The queue's rows, oldest first (the server's order): a table with room, else cards. */
export function WaitingWorkList({ items, now }: WaitingWorkListProps) {
  return (
    <>
      <AdminListTable label={LABEL} columns={COLUMNS} hiddenColumn="رسیدگی">
        {items.map((row) => (
          <Table.Tr key={`${row.kind}:${row.id}`}>
            <Table.Td>
              <Box w="max-content">
                <KindBadge row={row} />
              </Box>
            </Table.Td>
            <Table.Td miw={180}>
              <Subject row={row} />
            </Table.Td>
            <Table.Td style={NO_WRAP}>
              <CustomerCell customer={row.customer} />
            </Table.Td>
            <Table.Td style={NO_WRAP}>
              <Waiting row={row} now={now} />
            </Table.Td>
            <Table.Td miw={220} maw={360}>
              <LastError message={row.lastError} />
            </Table.Td>
            <Table.Td miw={140}>
              <ActLink row={row} />
            </Table.Td>
          </Table.Tr>
        ))}
      </AdminListTable>
      <AdminPhoneCards label={LABEL}>
        {items.map((row) => (
          <ListCard key={`${row.kind}:${row.id}`} label={row.subject}>
            <Stack gap={6}>
              <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                <NameLink to={row.path}>{row.subject}</NameLink>
                <KindBadge row={row} />
              </Group>
              <CustomerCell customer={row.customer} />
              <Waiting row={row} now={now} />
              <LastError message={row.lastError} />
              <ActLink row={row} />
            </Stack>
          </ListCard>
        ))}
      </AdminPhoneCards>
    </>
  );
}

function KindBadge({ row }: { row: WaitingWorkRow }) {
  return (
    <Badge variant="light" color={WAITING_WORK_COLORS[row.kind]} size="sm" style={{ flex: 'none' }}>
      {WAITING_WORK_KIND_LABELS[row.kind]}
    </Badge>
  );
}

/** The service's or domain's name as the link to its page; a domain in it read left to right. */
function Subject({ row }: { row: WaitingWorkRow }) {
  return (
    <Anchor component={Link} to={row.path} fw={700} size="sm" style={{ overflowWrap: 'anywhere' }}>
      <LatinIsolated text={row.subject} />
    </Anchor>
  );
}

function Waiting({ row, now }: { row: WaitingWorkRow; now: Date }) {
  return (
    <Stack gap={0}>
      <Text size="sm" fw={700} c="orange.8">
        {elapsedText(row.since, now)}
      </Text>
      <Text size="xs" c="dimmed">
        {'از '}
        <JalaliDateTime iso={row.since} />
      </Text>
    </Stack>
  );
}

function LastError({ message }: { message: string | null }) {
  return (
    <Text
      size="xs"
      c="dimmed"
      lineClamp={3}
      title={message ?? undefined}
      style={{ overflowWrap: 'anywhere' }}
    >
      {message ? <LatinIsolated text={message} /> : '—'}
    </Text>
  );
}

/** Where staff deal with it, in the words of what they will do there. */
function ActLink({ row }: { row: WaitingWorkRow }) {
  return (
    <Anchor
      component={Link}
      to={row.path}
      size="sm"
      aria-label={`${WAITING_WORK_ACTIONS[row.kind]}: ${row.subject}`}
    >
      {WAITING_WORK_ACTIONS[row.kind]}
    </Anchor>
  );
}

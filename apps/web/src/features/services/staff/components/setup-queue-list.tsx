import { Box, Group, Stack, Table, Text } from '@mantine/core';
import { toPersianDigits } from '@vitrin/fa';
import { elapsedText } from '../../../../lib/elapsed-text';
import { ListCard, NameLink } from '../../../../ui/list-card';
import { ServiceStatusBadge } from '../../../../ui/service-status-badge';
import { AdminListTable, AdminPhoneCards } from '../../../console/components/admin-list-table';
import { CustomerCell } from '../../../console/components/customer-cell';
import type { SetupQueueRow } from '../api/setup-queue';
import { serviceTimelinePath } from '../utils/provisioning-paths';
import { EventMessage } from './event-message';
import { QueueServiceName } from './queue-cells';

const LABEL = 'صف راه‌اندازی سرویس‌ها';
const COLUMNS = ['سرویس', 'مشتری', 'وضعیت', 'سرور', 'زمان انتظار', 'تلاش‌ها', 'آخرین پیام'] as const;

interface SetupQueueListProps {
  items: SetupQueueRow[];
  now: Date;
}

/** The queue's rows, those waiting for a person first (the server's order): table and cards. */
export function SetupQueueList({ items, now }: SetupQueueListProps) {
  return (
    <>
      <AdminListTable label={LABEL} columns={COLUMNS}>
        {items.map((row) => (
          <Table.Tr key={row.serviceId}>
            <Table.Td miw={180}>
              <QueueServiceName serviceId={row.serviceId} name={row.name} />
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              <CustomerCell customer={row.customer} />
            </Table.Td>
            <Table.Td>
              {/* As wide as its label: a badge alone would let the table squeeze it. */}
              <Box w="max-content">
                <ServiceStatusBadge status={row.status} size="sm" />
              </Box>
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              <ServerName row={row} />
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              <Text size="sm">{elapsedText(row.paidAt ?? row.since, now)}</Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{toPersianDigits(row.attempts)}</Text>
            </Table.Td>
            <Table.Td miw={220} maw={360}>
              <LastMessage message={row.lastMessage} />
            </Table.Td>
          </Table.Tr>
        ))}
      </AdminListTable>
      <AdminPhoneCards label={LABEL}>
        {items.map((row) => (
          <ListCard key={row.serviceId} label={row.name}>
            <Stack gap={6}>
              <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                <NameLink to={serviceTimelinePath(row.serviceId)}>{row.name}</NameLink>
                <ServiceStatusBadge status={row.status} size="sm" />
              </Group>
              <CustomerCell customer={row.customer} />
              <Group gap="md" wrap="wrap">
                <Text size="xs" c="dimmed">
                  {`در انتظار: ${elapsedText(row.paidAt ?? row.since, now)}`}
                </Text>
                <Text size="xs" c="dimmed">{`${toPersianDigits(row.attempts)} تلاش`}</Text>
                <Text size="xs" c="dimmed" component="div">
                  {'سرور: '}
                  <ServerName row={row} inline />
                </Text>
              </Group>
              <LastMessage message={row.lastMessage} />
            </Stack>
          </ListCard>
        ))}
      </AdminPhoneCards>
    </>
  );
}

function ServerName({ row, inline = false }: { row: SetupQueueRow; inline?: boolean }) {
  const name = row.server ? <bdi>{row.server.name}</bdi> : 'هنوز انتخاب نشده';
  if (inline) return name;
  return (
    <Text size="sm" c={row.server ? undefined : 'dimmed'} style={{ overflowWrap: 'anywhere' }}>
      {name}
    </Text>
  );
}

function LastMessage({ message }: { message: string | null }) {
  if (!message) {
    return (
      <Text size="xs" c="dimmed">
        —
      </Text>
    );
  }
  return <EventMessage message={message} size="xs" lineClamp={2} dimmed />;
}

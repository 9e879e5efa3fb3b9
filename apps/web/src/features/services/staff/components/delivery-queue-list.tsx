import { Badge, Group, Stack, Table, Text } from '@mantine/core';
import { toPersianDigits } from '@vitrin/fa';
import { elapsedText } from '../../../../lib/elapsed-text';
import { ListCard } from '../../../../ui/list-card';
import { AdminListTable, AdminPhoneCards } from '../../../console/components/admin-list-table';
import { CustomerCell } from '../../../console/components/customer-cell';
import type { DeliveryQueueRow } from '../api/delivery-queue';
import { DeliverServiceDialog } from './deliver-service-dialog';
import { QueueServiceName } from './queue-cells';

const LABEL = 'صف تحویل دستی';
const COLUMNS = ['سرویس', 'مشتری', 'زمان انتظار', 'مهلت', ''] as const;

interface DeliveryQueueListProps {
  staffId: string;
  items: DeliveryQueueRow[];
  now: Date;
}

/** The delivery queue's rows, waiting longest first: a table with room, else cards. */
export function DeliveryQueueList({ staffId, items, now }: DeliveryQueueListProps) {
  return (
    <>
      <AdminListTable label={LABEL} columns={COLUMNS}>
        {items.map((row) => (
          <Table.Tr key={row.serviceId}>
            <Table.Td miw={200}>
              <QueueServiceName serviceId={row.serviceId} name={row.name} />
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              <CustomerCell customer={row.customer} />
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              <Waiting row={row} now={now} />
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              <Text size="sm">{`${toPersianDigits(row.alertAfterHours)} ساعت`}</Text>
            </Table.Td>
            <Table.Td>
              <DeliverServiceDialog staffId={staffId} service={row} />
            </Table.Td>
          </Table.Tr>
        ))}
      </AdminListTable>
      <AdminPhoneCards label={LABEL}>
        {items.map((row) => (
          <ListCard key={row.serviceId} label={row.name}>
            <Stack gap={6}>
              <QueueServiceName serviceId={row.serviceId} name={row.name} />
              <CustomerCell customer={row.customer} />
              <Group gap="md" wrap="wrap">
                <Waiting row={row} now={now} />
                <Text
                  size="xs"
                  c="dimmed"
                >{`مهلت: ${toPersianDigits(row.alertAfterHours)} ساعت`}</Text>
              </Group>
              <Group>
                <DeliverServiceDialog staffId={staffId} service={row} />
              </Group>
            </Stack>
          </ListCard>
        ))}
      </AdminPhoneCards>
    </>
  );
}

function Waiting({ row, now }: { row: DeliveryQueueRow; now: Date }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm" fw={row.overdue ? 700 : undefined} c={row.overdue ? 'orange.8' : undefined}>
        {elapsedText(row.since, now)}
      </Text>
      {row.overdue && (
        <Badge color="orange" variant="light" size="sm">
          دیرشده
        </Badge>
      )}
    </Group>
  );
}

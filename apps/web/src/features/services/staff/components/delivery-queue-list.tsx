import { Anchor, Badge, Group, Stack, Table, Text } from '@mantine/core';
import { toPersianDigits } from '@vitrin/fa';
import { Link } from 'react-router';
import { ListCard } from '../../../../ui/list-card';
import { MobileNumber } from '../../../../ui/mobile-number';
import { AdminListTable, AdminPhoneCards } from '../../../console/components/admin-list-table';
import type { DeliveryQueueRow } from '../api/delivery-queue';
import { customerFilePath, serviceTimelinePath } from '../utils/provisioning-paths';
import { splitLatinNote } from '../utils/timeline-labels';
import { waitingText } from '../utils/waiting-time';
import { DeliverServiceDialog } from './deliver-service-dialog';

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
              <ServiceName row={row} />
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              <Customer row={row} />
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
              <ServiceName row={row} />
              <Customer row={row} />
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

/** The name as the link to its timeline; a domain it ends with on its own left-to-right line. */
function ServiceName({ row }: { row: DeliveryQueueRow }) {
  const { text, note } = splitLatinNote(row.name);
  return (
    <Stack gap={0} style={{ minWidth: 0 }}>
      <Anchor
        component={Link}
        to={serviceTimelinePath(row.serviceId)}
        fw={700}
        size="sm"
        aria-label={row.name}
        style={{ overflowWrap: 'anywhere' }}
      >
        {text}
      </Anchor>
      {note && (
        <Text size="xs" c="dimmed" dir="ltr" ta="right" style={{ whiteSpace: 'nowrap' }}>
          {note}
        </Text>
      )}
    </Stack>
  );
}

function Customer({ row }: { row: DeliveryQueueRow }) {
  const mobile = <MobileNumber mobile={row.customer.mobile} />;
  return (
    <Stack gap={0}>
      <Anchor component={Link} to={customerFilePath(row.customer.id)} size="sm">
        {row.customer.name ?? mobile}
      </Anchor>
      {row.customer.name && (
        <Text size="xs" c="dimmed">
          {mobile}
        </Text>
      )}
    </Stack>
  );
}

function Waiting({ row, now }: { row: DeliveryQueueRow; now: Date }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm" fw={row.overdue ? 700 : undefined} c={row.overdue ? 'orange.8' : undefined}>
        {waitingText(row.since, now)}
      </Text>
      {row.overdue && (
        <Badge color="orange" variant="light" size="sm">
          دیرشده
        </Badge>
      )}
    </Group>
  );
}

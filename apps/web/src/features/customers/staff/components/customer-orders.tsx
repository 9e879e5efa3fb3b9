import { Anchor, Group, Stack, Table, Text } from '@mantine/core';
import { toPersianDigits } from '@vitrin/fa';
import { Link } from 'react-router';
import { tomanText } from '../../../../lib/money';
import { JalaliDateTime } from '../../../../ui/jalali-date-time';
import { ListCard } from '../../../../ui/list-card';
import { OrderStatusBadge } from '../../../../ui/order-status-badge';
import { AdminListTable, AdminPhoneCards } from '../../../console/components/admin-list-table';
import type { CustomerOrderRow } from '../api/customers';
import { adminOrderPath } from '../utils/customer-paths';

const COLUMNS = ['سفارش', 'وضعیت', 'مبلغ', 'ثبت', 'پرداخت'] as const;

/** The customer's latest orders, each linking to its page in the console. */
export function CustomerOrders({ orders }: { orders: CustomerOrderRow[] }) {
  if (orders.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        این مشتری هنوز سفارشی ثبت نکرده است.
      </Text>
    );
  }
  return (
    <>
      <AdminListTable label="سفارش‌های مشتری" columns={COLUMNS}>
        {orders.map((order) => (
          <Table.Tr key={order.id}>
            <Table.Td>
              <OrderLink order={order} />
            </Table.Td>
            <Table.Td>
              <OrderStatusBadge status={order.status} />
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              <Text size="sm">{tomanText(order.totalRial)}</Text>
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              <Text size="sm">
                <JalaliDateTime iso={order.createdAt} />
              </Text>
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              <Text size="sm" c={order.paidAt ? undefined : 'dimmed'}>
                {order.paidAt ? <JalaliDateTime iso={order.paidAt} /> : '—'}
              </Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </AdminListTable>
      <AdminPhoneCards label="سفارش‌های مشتری">
        {orders.map((order) => (
          <ListCard key={order.id} label={`سفارش ${toPersianDigits(order.number)}`}>
            <Stack gap={4}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <OrderLink order={order} />
                <OrderStatusBadge status={order.status} />
              </Group>
              <Group justify="space-between" gap="xs">
                <Text size="sm">{tomanText(order.totalRial)}</Text>
                <Text size="xs" c="dimmed">
                  <JalaliDateTime iso={order.createdAt} />
                </Text>
              </Group>
            </Stack>
          </ListCard>
        ))}
      </AdminPhoneCards>
    </>
  );
}

function OrderLink({ order }: { order: CustomerOrderRow }) {
  return (
    <Anchor component={Link} to={adminOrderPath(order.id)} fw={700} size="sm">
      {`سفارش ${toPersianDigits(order.number)}`}
    </Anchor>
  );
}

import { Anchor, Card, Group, Stack, Table, Text } from '@mantine/core';
import { paymentMethodName } from '@vitrin/contracts';
import { toPersianDigits } from '@vitrin/fa';
import { Link } from 'react-router';
import { tomanText } from '../../../../lib/money';
import { JalaliDateTime } from '../../../../ui/jalali-date-time';
import { MobileNumber } from '../../../../ui/mobile-number';
import { OrderStatusBadge } from '../../../../ui/order-status-badge';
import type { AdminOrderListRow } from '../api/orders';
import { adminOrderPath } from '../utils/order-paths';
import classes from './order-list.module.css';

const COLUMNS = ['سفارش', 'وضعیت', 'مشتری', 'مبلغ', 'پرداخت', 'ثبت'] as const;

/** A page of orders: a table from sm up, a card an order on a phone; each opens the order. */
export function OrderList({ items }: { items: readonly AdminOrderListRow[] }) {
  return (
    <>
      <OrderTable items={items} />
      <OrderCards items={items} />
    </>
  );
}

function OrderTable({ items }: { items: readonly AdminOrderListRow[] }) {
  return (
    <Card p={0} visibleFrom="sm">
      <Table
        verticalSpacing="sm"
        horizontalSpacing="md"
        highlightOnHover
        aria-label="فهرست سفارش‌ها"
      >
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map((column) => (
              <Table.Th key={column}>{column}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((order) => (
            <Table.Tr key={order.id}>
              <Table.Td>
                <Anchor component={Link} to={adminOrderPath(order.id)} fw={700} size="sm">
                  {`سفارش ${toPersianDigits(order.number)}`}
                </Anchor>
                {order.discountCode && (
                  <Text size="xs" c="dimmed">
                    {'کد '}
                    <bdi dir="ltr">{order.discountCode}</bdi>
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <OrderStatusBadge status={order.status} />
              </Table.Td>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {order.customer.name}
                </Text>
                <Text size="xs" c="dimmed">
                  <MobileNumber mobile={order.customer.mobile} />
                </Text>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Text size="sm" fw={700}>
                  {tomanText(order.totalRial)}
                </Text>
              </Table.Td>
              <Table.Td>
                <PaidParts order={order} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Text size="sm">
                  <JalaliDateTime iso={order.createdAt} />
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}

/** How the order was paid: wallet and gateway parts; a dash when nothing was paid. */
function PaidParts({ order }: { order: AdminOrderListRow }) {
  const parts = [
    order.walletAppliedRial > 0 && `کیف پول ${tomanText(order.walletAppliedRial)}`,
    order.gatewayPaidRial > 0 &&
      `${order.paidWith.map(paymentMethodName).join(' و ') || 'بیرون از کیف پول'} ${tomanText(order.gatewayPaidRial)}`,
  ].filter((part): part is string => typeof part === 'string');
  if (parts.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  }
  return (
    <Stack gap={0}>
      {parts.map((part) => (
        <Text key={part} size="xs" style={{ whiteSpace: 'nowrap' }}>
          {part}
        </Text>
      ))}
    </Stack>
  );
}

function OrderCards({ items }: { items: readonly AdminOrderListRow[] }) {
  return (
    <Stack gap="sm" component="ul" m={0} p={0} hiddenFrom="sm" aria-label="فهرست سفارش‌ها">
      {items.map((order) => (
        <Card
          key={order.id}
          component="li"
          padding="md"
          className={classes.card}
          style={{ listStyle: 'none' }}
        >
          <Stack gap={6}>
            <Group justify="space-between" align="center" wrap="nowrap" gap="xs">
              <Anchor
                component={Link}
                to={adminOrderPath(order.id)}
                fw={700}
                className={classes.cardLink}
              >
                {`سفارش ${toPersianDigits(order.number)}`}
              </Anchor>
              <OrderStatusBadge status={order.status} />
            </Group>
            <Text size="sm">
              {order.customer.name}
              <Text span size="sm" c="dimmed">
                {' · '}
                <MobileNumber mobile={order.customer.mobile} />
              </Text>
            </Text>
            <Group justify="space-between" align="baseline" gap="xs">
              <Text size="sm" fw={700}>
                {tomanText(order.totalRial)}
              </Text>
              <Text size="xs" c="dimmed">
                <JalaliDateTime iso={order.createdAt} />
              </Text>
            </Group>
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}

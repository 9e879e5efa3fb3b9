import { Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { toPersianDigits } from '@vitrin/fa';
import { Link } from 'react-router';
import { tomanText } from '../../../lib/money';
import { orderPath } from '../../../lib/panel-paths';
import { JalaliDateTime } from '../../../ui/jalali-date-time';
import { ListCard } from '../../../ui/list-card';
import { OrderStatusBadge } from '../../../ui/order-status-badge';
import type { OrderSummary } from '../api/get-user-orders';
import classes from './order-row.module.css';

/** «هاست لینوکس پایه و ۲ قلم دیگر». */
export function orderItemsText(order: Pick<OrderSummary, 'firstLineName' | 'lineCount'>): string {
  return order.lineCount > 1
    ? `${order.firstLineName} و ${toPersianDigits(order.lineCount - 1)} قلم دیگر`
    : order.firstLineName;
}

/** One order in the list: number, date, what it holds, amounts, state, and «پرداخت» if due. */
export function OrderRow({ order }: { order: OrderSummary }) {
  const number = toPersianDigits(order.number);
  const payable = order.status === 'pending' && order.payableRial > 0;
  // A claim waiting for staff is being paid: nothing for the person to do but wait.
  const payNow = payable && !order.awaitingConfirmation;

  return (
    <ListCard label={`سفارش ${number}`}>
      <div className={classes.grid}>
        <Stack gap={2} className={classes.info}>
          <Group gap="xs">
            <Anchor component={Link} to={orderPath(order.id)} fw={700} c="dark.8">
              سفارش {number}
            </Anchor>
            {order.hasRenewal && (
              <Badge variant="light" color="brand" size="sm">
                تمدید
              </Badge>
            )}
          </Group>
          {order.lineCount > 0 && (
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {orderItemsText(order)}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            ثبت: <JalaliDateTime iso={order.createdAt} />
          </Text>
          {order.status === 'pending' &&
            (order.awaitingConfirmation ? (
              <Text size="xs" c="amber.9">
                پرداخت ثبت شده؛ در انتظار تأیید کارشناس
              </Text>
            ) : (
              <Text size="xs" c="amber.9">
                مهلت پرداخت: <JalaliDateTime iso={order.expiresAt} />
              </Text>
            ))}
        </Stack>
        <Stack gap={0} className={classes.amount}>
          <Text size="sm" fw={800} style={{ whiteSpace: 'nowrap' }}>
            {tomanText(order.totalRial)}
          </Text>
          {payable && (
            <Text size="xs" c="amber.9" style={{ whiteSpace: 'nowrap' }}>
              قابل پرداخت: {tomanText(order.payableRial)}
            </Text>
          )}
        </Stack>
        <div className={classes.state}>
          <OrderStatusBadge status={order.status} />
          {payNow ? (
            <Button
              component={Link}
              to={orderPath(order.id)}
              size="xs"
              aria-label={`پرداخت سفارش ${number}`}
            >
              پرداخت
            </Button>
          ) : (
            <Button
              component={Link}
              to={orderPath(order.id)}
              size="xs"
              variant="default"
              aria-label={`جزئیات سفارش ${number}`}
            >
              جزئیات
            </Button>
          )}
        </div>
      </div>
    </ListCard>
  );
}

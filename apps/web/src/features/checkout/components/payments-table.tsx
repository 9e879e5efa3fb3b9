import { Badge, Box, Group, Table, Text } from '@mantine/core';
import {
  MANUAL_METHODS,
  type PaymentStatus,
  paymentMethodName,
  TRANSFER_CLAIM_STATUS_LABELS,
} from '@vitrin/contracts';
import { toPersianDigits } from '@vitrin/fa';
import { tomanText } from '../../../lib/money';
import { JalaliDateTime } from '../../../ui/jalali-date-time';
import { PhoneList } from '../../../ui/phone-list';
import type { OrderDetail } from '../api/get-order-detail';

// The contracts name the states; what a person reads for each is the web app's.
const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  pending: 'در انتظار',
  paid: 'موفق',
  failed: 'ناموفق',
};
const PAYMENT_STATUS_COLORS: Record<PaymentStatus, string> = {
  pending: 'gray',
  paid: 'teal',
  failed: 'red',
};

interface PaymentsTableProps {
  payments: OrderDetail['payments'];
  orderStatus: OrderDetail['status'];
}

/**
 * Every gateway attempt at paying the order, as the server lists them: a table where there is
 * room, a list of small blocks on a phone.
 */
export function PaymentsTable({ payments, orderStatus }: PaymentsTableProps) {
  if (payments.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {orderStatus === 'pending'
          ? 'هنوز پرداختی برای این سفارش ثبت نشده است.'
          : orderStatus === 'paid'
            ? 'پرداختی جز اعتبار کیف پول برای این سفارش نبوده است.'
            : 'پرداختی برای این سفارش ثبت نشده است.'}
      </Text>
    );
  }
  return (
    <>
      <Box visibleFrom="sm">
        <PaymentsGrid payments={payments} />
      </Box>
      <PhoneList items={payments} itemKey={(payment) => payment.id} gap={4}>
        {(payment) => (
          <>
            <Group justify="space-between" gap="xs">
              <Text size="sm" fw={700}>
                {paymentMethodName(payment.gateway)}
              </Text>
              <PaymentStatusBadge status={payment.status} gateway={payment.gateway} />
            </Group>
            <Group justify="space-between" gap="xs">
              <Text size="sm">{tomanText(payment.amountRial)}</Text>
              <Text size="xs" c="dimmed">
                <JalaliDateTime iso={payment.settledAt ?? payment.createdAt} />
              </Text>
            </Group>
            {payment.referenceId && (
              <Text size="xs" c="dimmed">
                شمارهٔ پیگیری: <bdi dir="ltr">{toPersianDigits(payment.referenceId)}</bdi>
              </Text>
            )}
          </>
        )}
      </PhoneList>
    </>
  );
}

/** A transfer's status says what it waits for: staff's confirmation, not the gateway. */
function PaymentStatusBadge({ status, gateway }: { status: PaymentStatus; gateway: string }) {
  const manual = MANUAL_METHODS.some((method) => method === gateway);
  return (
    <Badge
      color={manual && status === 'pending' ? 'yellow' : PAYMENT_STATUS_COLORS[status]}
      variant="light"
    >
      {manual ? TRANSFER_CLAIM_STATUS_LABELS[status] : PAYMENT_STATUS_LABELS[status]}
    </Badge>
  );
}

function PaymentsGrid({ payments }: { payments: OrderDetail['payments'] }) {
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="sm" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>روش</Table.Th>
            <Table.Th>مبلغ</Table.Th>
            <Table.Th>وضعیت</Table.Th>
            <Table.Th>شمارهٔ پیگیری</Table.Th>
            <Table.Th>زمان</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {payments.map((payment) => (
            <Table.Tr key={payment.id}>
              <Table.Td>{paymentMethodName(payment.gateway)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{tomanText(payment.amountRial)}</Table.Td>
              <Table.Td>
                <PaymentStatusBadge status={payment.status} gateway={payment.gateway} />
              </Table.Td>
              <Table.Td>
                {payment.referenceId ? (
                  <bdi dir="ltr">{toPersianDigits(payment.referenceId)}</bdi>
                ) : (
                  '—'
                )}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <JalaliDateTime iso={payment.settledAt ?? payment.createdAt} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

import { Badge, Table, Text } from '@mantine/core';
import type { PaymentStatus } from '@vitrin/contracts';
import { toPersianDigits } from '@vitrin/fa';
import { tomanText } from '../../../lib/money';
import { JalaliDateTime } from '../../../ui/jalali-date-time';
import type { OrderDetail } from '../api/get-order-detail';

// The contracts name the states; what a person reads for each is the web app's.
const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  pending: 'نامعلوم',
  paid: 'موفق',
  failed: 'ناموفق',
};
const PAYMENT_STATUS_COLORS: Record<PaymentStatus, string> = {
  pending: 'gray',
  paid: 'teal',
  failed: 'red',
};
const GATEWAY_NAMES: Record<string, string> = {
  sandbox: 'درگاه آزمایشی',
  zarinpal: 'زرین‌پال',
};

export function gatewayName(gateway: string): string {
  return GATEWAY_NAMES[gateway] ?? gateway;
}

/** Every gateway attempt at paying the order, the newest last, as the server lists them. */
export function PaymentsTable({ payments }: { payments: OrderDetail['payments'] }) {
  if (payments.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        هنوز پرداختی از درگاه برای این سفارش ثبت نشده است.
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="sm" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>درگاه</Table.Th>
            <Table.Th>مبلغ</Table.Th>
            <Table.Th>وضعیت</Table.Th>
            <Table.Th>شمارهٔ پیگیری</Table.Th>
            <Table.Th>زمان</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {payments.map((payment) => (
            <Table.Tr key={payment.id}>
              <Table.Td>{gatewayName(payment.gateway)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{tomanText(payment.amountRial)}</Table.Td>
              <Table.Td>
                <Badge color={PAYMENT_STATUS_COLORS[payment.status]} variant="light">
                  {PAYMENT_STATUS_LABELS[payment.status]}
                </Badge>
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

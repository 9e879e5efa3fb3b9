import { Box, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { paymentMethodName } from '@vitrin/contracts';
import { toPersianDigits } from '@vitrin/fa';
import { tomanText } from '../../../lib/money';
import { JalaliDateTime } from '../../../ui/jalali-date-time';
import { PhoneList } from '../../../ui/phone-list';
import type { SuccessfulPayments as Payments } from '../api/get-order-successful-payments';
import { referenceText } from '../utils/reference-number';

type Payment = Payments['items'][number];

function Reference({ payment }: { payment: Payment }) {
  if (!payment.referenceId) return <>—</>;
  const text = referenceText(payment.referenceId);
  return (
    <bdi
      dir="ltr"
      style={
        text === payment.referenceId
          ? { fontFamily: 'var(--mantine-font-family-monospace)' }
          : undefined
      }
    >
      {text}
    </bdi>
  );
}

/** The wallet, or the gateway, card-to-card or bank transfer that brought the money. */
function Source({ payment }: { payment: Payment }) {
  return <>{paymentMethodName(payment.method === 'wallet' ? 'wallet' : (payment.gateway ?? ''))}</>;
}

/** What has been paid on an order: a table where there is room, small blocks on a phone. */
export function SuccessfulPaymentsList({ payments }: { payments: Payments }) {
  if (payments.items.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        هنوز پرداخت موفقی برای این سفارش ثبت نشده است.
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      <Box visibleFrom="sm">
        <Table verticalSpacing="sm" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>روش</Table.Th>
              <Table.Th>شمارهٔ پیگیری</Table.Th>
              <Table.Th>کارت</Table.Th>
              <Table.Th>زمان</Table.Th>
              <Table.Th>مبلغ</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {payments.items.map((payment) => (
              <Table.Tr key={payment.id}>
                <Table.Td>
                  <Source payment={payment} />
                </Table.Td>
                <Table.Td>
                  <Reference payment={payment} />
                </Table.Td>
                <Table.Td>
                  {payment.cardPan ? <bdi dir="ltr">{toPersianDigits(payment.cardPan)}</bdi> : '—'}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <JalaliDateTime iso={payment.paidAt} />
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {tomanText(payment.amountRial)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Box>
      <PhoneList items={payments.items} itemKey={(payment) => payment.id} gap={4}>
        {(payment) => (
          <>
            <Group justify="space-between" gap="xs">
              <Text size="sm" fw={700}>
                <Source payment={payment} />
              </Text>
              <Text size="sm" fw={700} style={{ whiteSpace: 'nowrap' }}>
                {tomanText(payment.amountRial)}
              </Text>
            </Group>
            <Text size="xs" c="dimmed">
              <JalaliDateTime iso={payment.paidAt} />
            </Text>
            {payment.referenceId && (
              <Text size="xs" c="dimmed">
                شمارهٔ پیگیری: <Reference payment={payment} />
              </Text>
            )}
            {payment.cardPan && (
              <Text size="xs" c="dimmed">
                کارت: <bdi dir="ltr">{toPersianDigits(payment.cardPan)}</bdi>
              </Text>
            )}
          </>
        )}
      </PhoneList>
      <Group
        justify="space-between"
        gap="xs"
        pt="xs"
        style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
      >
        <Text size="sm" fw={700}>
          جمع پرداخت‌های موفق
        </Text>
        <Text fw={800} style={{ whiteSpace: 'nowrap' }} data-testid="total-paid">
          {tomanText(payments.totalPaidRial)}
        </Text>
      </Group>
    </Stack>
  );
}

export function SuccessfulPaymentsSkeleton() {
  return (
    <Stack gap="xs" aria-busy="true" aria-label="در حال بارگذاری پرداخت‌های موفق">
      <Skeleton height={20} />
      <Skeleton height={20} />
    </Stack>
  );
}

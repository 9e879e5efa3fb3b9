import { Anchor, Badge, Card, Divider, Group, Stack, Text } from '@mantine/core';
import {
  BILLING_CYCLE_LABELS,
  paidWithLabel,
  paymentMethodName,
  SERVICE_STATUS_LABELS,
  WALLET_REASON_LABELS,
} from '@vitrin/contracts';
import { toPersianDigits } from '@vitrin/fa';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { tomanText } from '../../../../lib/money';
import { JalaliDate, JalaliDateTime } from '../../../../ui/jalali-date-time';
import { LabeledValue } from '../../../../ui/labeled-value';
import { MobileNumber } from '../../../../ui/mobile-number';
import { actionLabel } from '../../../console/utils/audit-actions';
import { BuyerDetails } from '../../components/buyer-details';
import { SignedAmount } from '../../components/signed-amount';
import type { AdminOrder } from '../api/orders';
import { billingDocumentPath } from '../utils/order-paths';
import { exactTomanText } from '../utils/order-refund';

// The parts of an order's page in the console. Every list here is a column of rows that wrap,
// so a phone shows them as they are, without a table to scroll sideways.

const PAYMENT_STATUS_LABELS: Record<AdminOrder['payments'][number]['status'], string> = {
  pending: 'باز یا بی‌پاسخ',
  paid: 'موفق',
  failed: 'ناموفق',
};
const PAYMENT_STATUS_COLORS: Record<AdminOrder['payments'][number]['status'], string> = {
  pending: 'amber',
  paid: 'teal',
  failed: 'red',
};

const SERVICE_RELATION_TEXT: Record<AdminOrder['services'][number]['relation'], string> = {
  created: ' · ساخته با این سفارش',
  renewed: ' · تمدید با این سفارش',
  'plan-changed': ' · تغییر پلن با این سفارش',
};

/** A VAT rate as the order's lines say it: «۱۰٪», «۹٫۵٪». */
function percentText(ratePercent: number): string {
  return `${toPersianDigits(String(ratePercent)).replace('.', '\u066b')}٪`;
}

function Empty({ children }: { children: string }) {
  return (
    <Text size="sm" c="dimmed">
      {children}
    </Text>
  );
}

export function CustomerCard({ order }: { order: AdminOrder }) {
  return (
    <Card>
      <Stack gap="xs">
        <Text fw={700} component="h2" size="lg" m={0}>
          مشتری
        </Text>
        <LabeledValue labelWidth="5rem" label="حساب">
          <Anchor component={Link} to={`/admin/customers/${order.customer.id}`} size="sm">
            {order.customer.name}
          </Anchor>
        </LabeledValue>
        <LabeledValue labelWidth="5rem" label="موبایل">
          <MobileNumber mobile={order.customer.mobile} />
        </LabeledValue>
        <Divider my={4} />
        <Text size="sm" c="dimmed">
          مشخصات خریدار در صورت‌حساب
        </Text>
        <BuyerDetails buyer={order.buyer} labelWidth="5rem" />
      </Stack>
    </Card>
  );
}

function AmountLine({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap" align="baseline">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {children}
      </Text>
    </Group>
  );
}

export function AmountsCard({ order }: { order: AdminOrder }) {
  return (
    <Card>
      <Stack gap={6}>
        <Text fw={700} component="h2" size="lg" m={0} mb={4}>
          مبلغ‌ها
        </Text>
        <AmountLine label="جمع ردیف‌ها">{tomanText(order.subtotalRial)}</AmountLine>
        {(order.discountRial > 0 || order.discountCode) && (
          <AmountLine label="تخفیف">
            {order.discountCode && (
              <Text span size="xs" c="dimmed">
                {'کد '}
                <bdi dir="ltr">{order.discountCode}</bdi>
                {' · '}
              </Text>
            )}
            {tomanText(order.discountRial)}
          </AmountLine>
        )}
        <AmountLine label="مالیات بر ارزش افزوده">{tomanText(order.vatRial)}</AmountLine>
        <Group justify="space-between" gap="xs" wrap="nowrap" align="baseline">
          <Text fw={700}>مبلغ سفارش</Text>
          <Text fw={900} size="lg" c="brand.8" style={{ whiteSpace: 'nowrap' }}>
            {tomanText(order.totalRial)}
          </Text>
        </Group>
        <Divider my={4} />
        <AmountLine label="پرداخت از کیف پول">{tomanText(order.walletAppliedRial)}</AmountLine>
        <AmountLine
          label={paidWithLabel(
            order.payments
              .filter((payment) => payment.status === 'paid' && !payment.creditedToWallet)
              .map((payment) => payment.gateway),
          )}
        >
          {tomanText(order.gatewayPaidRial)}
        </AmountLine>
        <AmountLine label="مانده برای پرداخت">{tomanText(order.payableRial)}</AmountLine>
        {order.refundedRial > 0 && (
          <AmountLine label="بازپرداخت‌شده به کیف پول">
            {exactTomanText(order.refundedRial)}
          </AmountLine>
        )}
      </Stack>
    </Card>
  );
}

export function OrderLinesList({ lines }: { lines: AdminOrder['lines'] }) {
  return (
    <Card p={0}>
      <Stack gap={0} component="ul" m={0} p={0} aria-label="ردیف‌های سفارش">
        {lines.map((line, index) => (
          <Stack
            key={line.id}
            component="li"
            gap={4}
            px="lg"
            py="md"
            style={{
              listStyle: 'none',
              borderTop: index === 0 ? undefined : '1px solid var(--mantine-color-gray-2)',
            }}
          >
            <Group justify="space-between" align="baseline" gap="xs">
              <Text fw={700}>
                {line.productName}
                <Text span size="sm" c="dimmed">
                  {` · ${line.groupName}`}
                </Text>
              </Text>
              <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
                {tomanText(line.totalRial)}
              </Text>
            </Group>
            <Group gap="xs" wrap="wrap">
              <Badge variant="light" color="gray">
                {BILLING_CYCLE_LABELS[line.cycle]}
              </Badge>
              {line.renewsServiceId && (
                <Badge variant="light" color="brand">
                  تمدید
                </Badge>
              )}
              {line.planChange && (
                <>
                  <Badge variant="light" color="indigo">
                    تغییر پلن
                  </Badge>
                  <Text size="sm">{`از ${line.planChange.fromProductName}`}</Text>
                </>
              )}
              {line.themeName && <Text size="sm">{`قالب: ${line.themeName}`}</Text>}
              {line.domainName && (
                <Text size="sm">
                  {'دامنه: '}
                  <bdi dir="ltr">{line.domainName}</bdi>
                </Text>
              )}
            </Group>
            <Text size="xs" c="dimmed">
              {[
                `قیمت ${tomanText(line.priceRial)}`,
                line.setupFeeRial > 0 && `راه‌اندازی ${tomanText(line.setupFeeRial)}`,
                line.themePriceRial > 0 && `قالب ${tomanText(line.themePriceRial)}`,
                line.discountRial > 0 && `تخفیف ${tomanText(line.discountRial)}`,
                line.vatRatePercent > 0
                  ? `مالیات ${percentText(line.vatRatePercent)} ${tomanText(line.vatRial)}`
                  : 'معاف از مالیات',
              ]
                .filter(Boolean)
                .join(' · ')}
            </Text>
          </Stack>
        ))}
      </Stack>
    </Card>
  );
}

function RowsCard({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Card py="xs">
      <Stack gap={0} component="ul" m={0} p={0} aria-label={label}>
        {children}
      </Stack>
    </Card>
  );
}

function Row({ first, children }: { first: boolean; children: ReactNode }) {
  return (
    <Stack
      component="li"
      gap={4}
      py="sm"
      style={{
        listStyle: 'none',
        borderTop: first ? undefined : '1px solid var(--mantine-color-gray-2)',
      }}
    >
      {children}
    </Stack>
  );
}

export function PaymentsList({ payments }: { payments: AdminOrder['payments'] }) {
  if (payments.length === 0) {
    return <Empty>نه به درگاه فرستاده شده و نه کارت به کارت یا واریزی برایش ثبت شده است.</Empty>;
  }
  return (
    <RowsCard label="پرداخت‌ها">
      {payments.map((payment, index) => (
        <Row key={payment.id} first={index === 0}>
          <Group justify="space-between" align="center" gap="xs">
            <Group gap="xs">
              <Text size="sm" fw={700}>
                {tomanText(payment.amountRial)}
              </Text>
              <Badge variant="light" color={PAYMENT_STATUS_COLORS[payment.status]}>
                {PAYMENT_STATUS_LABELS[payment.status]}
              </Badge>
              {payment.creditedToWallet && (
                <Badge variant="light" color="violet">
                  به کیف پول رفت
                </Badge>
              )}
            </Group>
            <Text size="xs" c="dimmed">
              <JalaliDateTime iso={payment.createdAt} />
            </Text>
          </Group>
          <Group gap="lg" wrap="wrap">
            <Text size="xs">
              {'روش: '}
              {paymentMethodName(payment.gateway)}
            </Text>
            {payment.referenceId && (
              <Text size="xs">
                {'شمارهٔ پیگیری: '}
                <bdi dir="ltr">{payment.referenceId}</bdi>
              </Text>
            )}
            {payment.cardPan && (
              <Text size="xs">
                {'کارت: '}
                <bdi dir="ltr">{payment.cardPan}</bdi>
              </Text>
            )}
            {payment.authority && (
              <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
                {'شناسهٔ درگاه: '}
                <bdi dir="ltr">{payment.authority}</bdi>
              </Text>
            )}
            {payment.settledAt && (
              <Text size="xs">
                {'تسویه: '}
                <JalaliDateTime iso={payment.settledAt} />
              </Text>
            )}
          </Group>
          {payment.failureReason && (
            <Text size="xs" c="red.8">
              {payment.failureReason}
            </Text>
          )}
        </Row>
      ))}
    </RowsCard>
  );
}

export function WalletRowsList({ rows }: { rows: AdminOrder['walletTransactions'] }) {
  if (rows.length === 0) return <Empty>کیف پول در این سفارش به کار نرفته است.</Empty>;
  return (
    <RowsCard label="گردش کیف پول این سفارش">
      {rows.map((row, index) => (
        <Row key={row.id} first={index === 0}>
          <Group justify="space-between" align="baseline" gap="xs">
            <Text size="sm" fw={500}>
              {WALLET_REASON_LABELS[row.reason]}
              <Text span size="sm" c="dimmed">
                {` · ${row.description}`}
              </Text>
            </Text>
            <Text size="sm" fw={700} c={row.amountRial < 0 ? 'red.8' : 'teal.8'}>
              <SignedAmount rial={row.amountRial} />
            </Text>
          </Group>
          <Text size="xs" c="dimmed">
            <JalaliDateTime iso={row.createdAt} />
          </Text>
        </Row>
      ))}
    </RowsCard>
  );
}

export function ServicesList({ services }: { services: AdminOrder['services'] }) {
  if (services.length === 0) return <Empty>این سفارش هنوز سرویسی نساخته است.</Empty>;
  return (
    <RowsCard label="سرویس‌های این سفارش">
      {services.map((service, index) => (
        <Row key={`${service.relation}-${service.id}`} first={index === 0}>
          <Group justify="space-between" align="center" gap="xs">
            <Text size="sm" fw={500}>
              {service.name}
              <Text span size="xs" c="dimmed">
                {SERVICE_RELATION_TEXT[service.relation]}
              </Text>
            </Text>
            <Badge variant="light" color={service.status === 'active' ? 'teal' : 'gray'}>
              {SERVICE_STATUS_LABELS[service.status]}
            </Badge>
          </Group>
          {service.expiresAt && (
            <Text size="xs" c="dimmed">
              {'پایان: '}
              <JalaliDate iso={service.expiresAt} />
            </Text>
          )}
        </Row>
      ))}
    </RowsCard>
  );
}

export function OrderAuditList({ entries }: { entries: AdminOrder['audit'] }) {
  if (entries.length === 0) return <Empty>کارکنان هنوز کاری روی این سفارش نکرده‌اند.</Empty>;
  return (
    <RowsCard label="کارهای کارکنان روی این سفارش">
      {entries.map((entry, index) => (
        <Row key={entry.id} first={index === 0}>
          <Group justify="space-between" align="baseline" gap="xs">
            <Text size="sm" fw={700}>
              {actionLabel(entry.action)}
              <Text span size="sm" c="dimmed" fw={400}>
                {` · ${entry.actor.name}`}
              </Text>
            </Text>
            <Text size="xs" c="dimmed">
              <JalaliDateTime iso={entry.createdAt} />
            </Text>
          </Group>
          {entry.reason && (
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {`دلیل: ${entry.reason}`}
            </Text>
          )}
        </Row>
      ))}
    </RowsCard>
  );
}

/** The order's numbered documents: its sales invoice and a credit note for each refund. */
export function BillingDocumentsList({ order }: { order: AdminOrder }) {
  if (!order.invoice && order.creditNotes.length === 0) {
    return (
      <Empty>
        {order.paidAt
          ? 'این سفارش صورتحساب ندارد: پیش از صدور صورتحساب‌ها پرداخت شده است.'
          : 'صورتحساب فروش با پرداخت سفارش صادر می‌شود.'}
      </Empty>
    );
  }
  const documents = [
    ...(order.invoice ? [{ ...order.invoice, label: 'صورتحساب فروش' }] : []),
    ...order.creditNotes.map((note) => ({ ...note, label: 'برگشت از فروش' })),
  ];
  return (
    <RowsCard label="اسناد مالی این سفارش">
      {documents.map((document, index) => (
        <Row key={document.id} first={index === 0}>
          <Group justify="space-between" align="baseline" gap="xs">
            <Text size="sm" fw={500}>
              {document.label}
            </Text>
            <Anchor component={Link} to={billingDocumentPath(document.id)} size="sm" fw={700}>
              <bdi dir="ltr" style={{ whiteSpace: 'nowrap' }}>
                {document.number}
              </bdi>
            </Anchor>
          </Group>
        </Row>
      ))}
    </RowsCard>
  );
}

import { Alert, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { hasPermission } from '@vitrin/contracts';
import { toPersianDigits } from '@vitrin/fa';
import { useParams } from 'react-router';
import { isNotFoundError } from '../../../../lib/api-error';
import { tomanText } from '../../../../lib/money';
import { BagIcon } from '../../../../ui/icons';
import { JalaliDateTime } from '../../../../ui/jalali-date-time';
import { LoadFailed } from '../../../../ui/load-failed';
import { OrderStatusBadge } from '../../../../ui/order-status-badge';
import { PageSection } from '../../../../ui/page-section';
import { PanelPageHeader, PanelPageSkeleton } from '../../../../ui/panel-page-header';
import { NotFoundMessage } from '../../../../ui/status-message';
import { ConfirmAction } from '../../../console/components/confirm-action';
import { ADMIN_PATH } from '../../../console/utils/admin-sections';
import { useStaffMember } from '../../../console/utils/staff-context';
import { type AdminOrder, useCancelOrder, useOrder } from '../api/orders';
import {
  AmountsCard,
  BillingDocumentsList,
  CustomerCard,
  OrderAuditList,
  OrderLinesList,
  PaymentsList,
  ServicesList,
  WalletRowsList,
} from '../components/order-detail-parts';
import { RefundOrderDialog } from '../components/refund-order-dialog';
import { ADMIN_ORDERS_PATH } from '../utils/order-paths';
import { exactTomanText, refundableRial } from '../utils/order-refund';

/** One order in the staff console: everything about it; admins cancel or refund it here. */
export function OrderPage() {
  const { userId } = useStaffMember();
  const { orderId = '' } = useParams();
  const order = useOrder(userId, orderId);
  const data = order.data;
  const notFound = isNotFoundError(order.error);
  useDocumentTitle(
    `${data ? `سفارش ${toPersianDigits(data.number)}` : notFound ? 'سفارش پیدا نشد' : 'سفارش'} | کنسول کارکنان ویترین`,
  );

  if (notFound) {
    return (
      <NotFoundMessage
        icon={<BagIcon size={32} />}
        title="سفارشی با این نشانی پیدا نشد"
        description="شاید نشانی را اشتباه وارد کرده‌اید. سفارش را در فهرست سفارش‌ها با شماره‌اش یا موبایل مشتری پیدا کنید."
        back={{ to: ADMIN_ORDERS_PATH, label: 'رفتن به سفارش‌ها' }}
      />
    );
  }
  if (order.error && !data) {
    return <LoadFailed titleOrder={1} title="این سفارش بارگذاری نشد" query={order} />;
  }
  return data ? <OrderDetails userId={userId} order={data} /> : <OrderSkeleton />;
}

function OrderDetails({ userId, order }: { userId: string; order: AdminOrder }) {
  const { role } = useStaffMember();
  const number = toPersianDigits(order.number);

  return (
    <Stack gap="xl">
      <PanelPageHeader
        breadcrumbs={[
          { label: 'کنسول کارکنان', to: ADMIN_PATH },
          { label: 'سفارش‌ها', to: ADMIN_ORDERS_PATH },
          { label: `سفارش ${number}` },
        ]}
        title={`سفارش شمارهٔ ${number}`}
        badge={<OrderStatusBadge status={order.status} />}
        actions={
          hasPermission(role, 'orders.manage') ? (
            <OrderActions userId={userId} order={order} />
          ) : undefined
        }
        description={<OrderTimes order={order} />}
      />

      {order.status === 'refunded' && <RefundNote order={order} />}
      {order.status === 'paid' && order.refundedRial > 0 && <PartialRefundNote order={order} />}
      {!hasPermission(role, 'orders.manage') &&
        (order.status === 'pending' || order.status === 'paid') && (
          <Text size="sm" c="dimmed">
            لغو و بازپرداخت سفارش با مدیران است؛ شما این سفارش را فقط می‌بینید.
          </Text>
        )}

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <CustomerCard order={order} />
        <AmountsCard order={order} />
      </SimpleGrid>

      {hasPermission(role, 'billing.read') && (
        <PageSection title="اسناد مالی">
          <BillingDocumentsList order={order} />
        </PageSection>
      )}
      <PageSection title="ردیف‌های سفارش">
        <OrderLinesList lines={order.lines} />
      </PageSection>
      <PageSection title="پرداخت‌ها">
        <PaymentsList payments={order.payments} />
      </PageSection>
      <PageSection title="کیف پول">
        <WalletRowsList rows={order.walletTransactions} />
      </PageSection>
      <PageSection title="سرویس‌ها">
        <ServicesList services={order.services} />
      </PageSection>
      <PageSection title="کارهای کارکنان">
        <OrderAuditList entries={order.audit} />
      </PageSection>
    </Stack>
  );
}

function OrderTimes({ order }: { order: AdminOrder }) {
  return (
    <Text span size="sm">
      ثبت: <JalaliDateTime iso={order.createdAt} />
      {order.paidAt && (
        <>
          {' · '}پرداخت: <JalaliDateTime iso={order.paidAt} />
        </>
      )}
      {order.refundedAt && (
        <>
          {' · '}بازپرداخت: <JalaliDateTime iso={order.refundedAt} />
        </>
      )}
      {!order.paidAt && order.closedAt && (
        <>
          {' · '}بسته شد: <JalaliDateTime iso={order.closedAt} />
        </>
      )}
      {order.status === 'pending' && (
        <>
          {' · '}لغو خودکار: <JalaliDateTime iso={order.expiresAt} />
        </>
      )}
    </Text>
  );
}

/** What a refund did: the amount that went to the wallet, when, by whom and why. */
function RefundNote({ order }: { order: AdminOrder }) {
  const refunded = order.refundedRial;
  const entry = order.audit.find((item) => item.action === 'order.refund');
  return (
    <Alert color="violet" variant="light" title="این سفارش بازپرداخت شده است">
      <Stack gap={4}>
        <Text size="sm">
          {`${tomanText(refunded)} به کیف پول مشتری برگشت و سرویس‌های این سفارش لغو شد.`}
        </Text>
        {entry && (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {`به دست ${entry.actor.name}${entry.reason ? `؛ دلیل: ${entry.reason}` : ''}`}
          </Text>
        )}
      </Stack>
    </Alert>
  );
}

/** Parts refunded while the order stays paid: how much, and that its services are untouched. */
function PartialRefundNote({ order }: { order: AdminOrder }) {
  const parts = order.audit.filter((item) => item.action === 'order.partial-refund').length;
  return (
    <Alert color="violet" variant="light" title="بخشی از این سفارش بازپرداخت شده است">
      <Text size="sm">
        {`${exactTomanText(order.refundedRial)}${parts > 1 ? ` در ${toPersianDigits(parts)} بار` : ''} به کیف پول مشتری برگشته است. سفارش پرداخت‌شده می‌ماند و سرویس‌هایش دست نخورده‌اند؛ ${exactTomanText(refundableRial(order))} دیگر بازپرداختنی است.`}
      </Text>
    </Alert>
  );
}

/** Admins only: cancel an unpaid order, or refund a paid one to the wallet. */
function OrderActions({ userId, order }: { userId: string; order: AdminOrder }) {
  const cancel = useCancelOrder(userId);
  const number = toPersianDigits(order.number);

  if (order.status === 'pending') {
    return (
      <ConfirmAction
        label="لغو سفارش"
        title={`لغو سفارش ${number}`}
        description={
          order.walletAppliedRial > 0
            ? `این سفارش پرداخت‌نشده لغو می‌شود و دیگر پرداخت نمی‌شود. ${tomanText(order.walletAppliedRial)} اعتباری که مشتری برایش خرج کرده به کیف پولش برمی‌گردد.`
            : 'این سفارش پرداخت‌نشده لغو می‌شود و مشتری دیگر نمی‌تواند آن را بپردازد.'
        }
        confirmLabel="بله، لغو شود"
        reason="optional"
        successMessage="سفارش لغو شد"
        onConfirm={(reason) => cancel.mutateAsync({ orderId: order.id, reason })}
      />
    );
  }
  if (order.status === 'paid') return <RefundOrderDialog userId={userId} order={order} />;
  return null;
}

function OrderSkeleton() {
  return (
    <PanelPageSkeleton label="در حال بارگذاری سفارش" crumbsWidth={220} titleWidth={280}>
      <Skeleton height={220} radius="lg" />
      <Skeleton height={160} radius="lg" />
    </PanelPageSkeleton>
  );
}

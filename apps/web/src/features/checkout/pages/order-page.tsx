import {
  Alert,
  Button,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { type OnlineGateway, paidWithLabel } from '@vitrin/contracts';
import { toPersianDigits } from '@vitrin/fa';
import { type ReactNode, useState } from 'react';
import { useParams } from 'react-router';
import { ApiRequestError, isNotFoundError } from '../../../lib/api-error';
import { tomanText } from '../../../lib/money';
import { ORDERS_PATH, PANEL_PATH } from '../../../lib/panel-paths';
import { useSignedInUserId } from '../../../lib/signed-in-user';
import { showSuccessToast } from '../../../lib/toast';
import { BagIcon, ClockIcon } from '../../../ui/icons';
import { JalaliDateTime } from '../../../ui/jalali-date-time';
import { LoadFailed, LoadFailedLine } from '../../../ui/load-failed';
import { OrderStatusBadge } from '../../../ui/order-status-badge';
import { PageSection } from '../../../ui/page-section';
import { PanelPageHeader, PanelPageSkeleton } from '../../../ui/panel-page-header';
import { NotFoundMessage } from '../../../ui/status-message';
import { useCancelOrder } from '../api/cancel-order';
import { type OrderDetail, useOrderDetail } from '../api/get-order-detail';
import { useOrderSuccessfulPayments } from '../api/get-order-successful-payments';
import { usePaymentMethods } from '../api/get-payment-methods';
import { useUserAccountInfo } from '../api/get-user-account-info';
import { useTransferClaims } from '../api/list-transfer-claims';
import { AmountRows } from '../components/amount-rows';
import { BuyerDetails } from '../components/buyer-details';
import { ManualPaymentForm } from '../components/manual-payment-form';
import { OrderLines } from '../components/order-lines';
import { enabledChoices, PaymentMethodChoice } from '../components/payment-method-choice';
import { PaymentsTable } from '../components/payments-table';
import {
  SuccessfulPaymentsList,
  SuccessfulPaymentsSkeleton,
} from '../components/successful-payments';
import { PendingClaimNotice, RejectedClaimNotice } from '../components/transfer-claim-notice';
import { WalletToggle } from '../components/wallet-toggle';
import { usePayOrder } from '../hooks/use-pay-order';
import { MANUAL_METHOD_TITLES, nextGateway, type PayChoice } from '../utils/manual-payment';
import { vatLabel } from '../utils/vat-label';

interface OrderPageProps {
  /**
   * The order's billing documents (pro-forma or invoice, credit notes), handed in by the route
   * that puts the checkout and billing together (STYLE.md: features do not import each other).
   */
  documents?: (order: OrderDetail) => ReactNode;
}

/** One order in the customer panel (the panel layout guards the session). */
export function OrderPage({ documents }: OrderPageProps = {}) {
  const userId = useSignedInUserId();
  const { orderId = '' } = useParams();
  const order = useOrderDetail(userId, orderId);
  const data = order.data;
  const notFound = isNotFoundError(order.error);
  useDocumentTitle(
    data
      ? `سفارش ${toPersianDigits(data.number)} | ویترین`
      : notFound
        ? 'سفارش پیدا نشد | ویترین'
        : 'سفارش | ویترین',
  );

  if (notFound) {
    return (
      <NotFoundMessage
        icon={<BagIcon size={32} />}
        title="سفارشی با این نشانی پیدا نشد"
        description="شاید نشانی را اشتباه وارد کرده باشید، یا این سفارش از حساب دیگری است."
        back={{ to: ORDERS_PATH, label: 'رفتن به سفارش‌ها' }}
      />
    );
  }
  if (order.error && !data) {
    return <LoadFailed titleOrder={1} title="این سفارش بارگذاری نشد" query={order} />;
  }

  return data ? (
    <OrderDetails userId={userId} order={data} documents={documents?.(data)} />
  ) : (
    <OrderSkeleton />
  );
}

interface OrderDetailsProps {
  userId: string;
  order: OrderDetail;
  documents: ReactNode;
}

function OrderDetails({ userId, order, documents }: OrderDetailsProps) {
  const pending = order.status === 'pending';

  return (
    <Stack gap="xl">
      <PanelPageHeader
        breadcrumbs={[
          { label: 'پیشخوان', to: PANEL_PATH },
          { label: 'سفارش‌ها', to: ORDERS_PATH },
          { label: `سفارش ${toPersianDigits(order.number)}` },
        ]}
        title={`سفارش شمارهٔ ${toPersianDigits(order.number)}`}
        badge={<OrderStatusBadge status={order.status} />}
        description={
          <Text span size="sm">
            ثبت: <JalaliDateTime iso={order.createdAt} />
            {order.paidAt && (
              <>
                {' · '}پرداخت: <JalaliDateTime iso={order.paidAt} />
              </>
            )}
            {!order.paidAt && order.closedAt && (
              <>
                {' · '}بسته شد: <JalaliDateTime iso={order.closedAt} />
              </>
            )}
          </Text>
        }
      />

      {pending && <PendingOrderPanel userId={userId} order={order} />}

      <PageSection title="ردیف‌های سفارش">
        <OrderLines lines={order.lines} />
      </PageSection>

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Card>
          <Stack gap="md">
            <Title order={2} size="h4">
              مبلغ‌ها
            </Title>
            <AmountRows
              rows={[
                { label: 'جمع سفارش', rial: order.subtotalRial },
                {
                  label: order.discountCode ? `تخفیف با کد ${order.discountCode}` : 'تخفیف',
                  rial: order.discountRial,
                  deduct: true,
                  hideZero: true,
                },
                {
                  label: vatLabel(order.lines.map((line) => line.vatRatePercent)),
                  rial: order.vatRial,
                },
                { label: 'مبلغ سفارش', rial: order.totalRial },
                {
                  label: 'پرداخت از کیف پول',
                  rial: order.walletAppliedRial,
                  deduct: true,
                  hideZero: true,
                },
                {
                  label: paidWithLabel(
                    order.payments
                      .filter((payment) => payment.status === 'paid')
                      .map((payment) => payment.gateway),
                  ),
                  rial: order.gatewayPaidRial,
                  deduct: true,
                  hideZero: true,
                },
              ]}
              total={{ label: 'مانده برای پرداخت', rial: order.payableRial, testId: 'payable' }}
            />
          </Stack>
        </Card>
        <Card>
          <Stack gap="xs">
            <Title order={2} size="h4">
              مشخصات خریدار
            </Title>
            <BuyerDetails buyer={order.buyer} labelWidth="4.5rem" />
          </Stack>
        </Card>
      </SimpleGrid>

      {documents && <PageSection title="اسناد مالی">{documents}</PageSection>}

      <PageSection title="پرداخت‌های موفق">
        <Card>
          <SuccessfulPayments userId={userId} order={order} />
        </Card>
      </PageSection>

      <PageSection title="تلاش‌های پرداخت">
        <Card p={0}>
          <div style={{ padding: 'var(--mantine-spacing-sm) var(--mantine-spacing-md)' }}>
            <PaymentsTable payments={order.payments} orderStatus={order.status} />
          </div>
        </Card>
      </PageSection>
    </Stack>
  );
}

/** Gateway and wallet payments that went through, with their reference numbers. */
function SuccessfulPayments({ userId, order }: { userId: string; order: OrderDetail }) {
  const payments = useOrderSuccessfulPayments(
    userId,
    order.id,
    order.walletAppliedRial + order.gatewayPaidRial,
  );
  if (payments.data) return <SuccessfulPaymentsList payments={payments.data} />;
  if (payments.isError) {
    return <LoadFailedLine message="پرداخت‌های این سفارش بارگذاری نشد." query={payments} />;
  }
  return <SuccessfulPaymentsSkeleton />;
}

/** What a pending order still needs: paying (wallet first, if asked), or cancelling. */
function PendingOrderPanel({ userId, order }: { userId: string; order: OrderDetail }) {
  const account = useUserAccountInfo(userId);
  const balance = account.data?.balanceRial;
  // Off until the person turns it on (issue 22): credit is never spent without a choice.
  const [walletChoice, setWalletChoice] = useState(false);
  const withWallet = walletChoice && (balance ?? 0) > 0;
  const methods = usePaymentMethods(userId);
  const claims = useTransferClaims(userId);
  const [picked, setPicked] = useState<PayChoice | null>(null);
  const [gatewayProblem, setGatewayProblem] = useState<string | null>(null);
  const pay = usePayOrder(userId);
  const cancel = useCancelOrder(userId);
  const [confirmingCancel, setConfirmingCancel] = useState(false);

  const choices = methods.data ? enabledChoices(methods.data) : [];
  const choice = picked ?? choices[0]?.value ?? null;
  const manual = choice === 'card-to-card' || choice === 'bank-transfer' ? choice : null;
  const gateway = choice && !manual ? (choice as OnlineGateway) : undefined;
  const awaiting = order.awaitingConfirmation;
  const orderClaims = claims.data?.items.filter((claim) => claim.orderId === order.id) ?? [];
  const pendingClaim = orderClaims.find((claim) => claim.status === 'pending');
  const rejectedClaim = awaiting
    ? undefined
    : orderClaims[0]?.status === 'failed'
      ? orderClaims[0]
      : undefined;

  const payWithGateway = async () => {
    setGatewayProblem(null);
    try {
      await pay.mutateAsync({
        orderId: order.id,
        payableRial: order.payableRial,
        withWallet,
        gateway,
      });
    } catch (error) {
      // The gateway did not open a payment; the order stays pending, so one press tries the next.
      if (error instanceof ApiRequestError && error.code === 'GATEWAY_UNAVAILABLE') {
        setGatewayProblem(error.message);
        if (gateway && methods.data) setPicked(nextGateway(methods.data.gateways, gateway));
      }
    }
  };

  const cancelOrder = async () => {
    try {
      await cancel.mutateAsync(order.id);
      setConfirmingCancel(false);
      showSuccessToast();
    } catch {
      // The server's message is in the toast.
    }
  };

  return (
    <Card withBorder shadow="sm" aria-label="پرداخت سفارش" component="section">
      <Stack gap="md">
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <ClockIcon size={20} style={{ flex: 'none', marginTop: 4 }} />
          {awaiting ? (
            // The server holds an order whose claim waits (decision 0023): no deadline to fear.
            <Text size="sm">
              {MANUAL_METHOD_TITLES[awaiting.method]} شما در{' '}
              <JalaliDateTime iso={awaiting.claimedAt} /> ثبت شد و منتظر تأیید کارشناس است. تا بررسی
              آن، سفارش لغو نمی‌شود.
            </Text>
          ) : (
            <Text size="sm">
              این سفارش هنوز پرداخت نشده است. اگر تا <JalaliDateTime iso={order.expiresAt} /> پرداخت
              نشود، خودبه‌خود لغو می‌شود.
            </Text>
          )}
        </Group>
        <Group justify="space-between" align="baseline">
          <Text fw={700}>مانده برای پرداخت</Text>
          <Text fw={900} size="xl" c="brand.8">
            {tomanText(order.payableRial)}
          </Text>
        </Group>
        {awaiting ? (
          pendingClaim ? (
            <PendingClaimNotice claim={pendingClaim} />
          ) : (
            <Alert color="yellow" variant="light" title="در انتظار تأیید پرداخت" role="status">
              پرداخت کارت به کارت یا واریز بانکی شما ثبت شده و کارشناس آن را بررسی می‌کند.
            </Alert>
          )
        ) : (
          <>
            {rejectedClaim && <RejectedClaimNotice claim={rejectedClaim} />}
            {methods.data && (
              <PaymentMethodChoice
                methods={methods.data}
                value={choice}
                onChange={(next) => {
                  setPicked(next);
                  setGatewayProblem(null);
                }}
                disabled={pay.busy}
              />
            )}
            {gatewayProblem && (
              <Alert color="orange" variant="light" role="alert">
                {gatewayProblem}
              </Alert>
            )}
            {manual && methods.data ? (
              <ManualPaymentForm
                userId={userId}
                method={manual}
                methods={methods.data}
                amountRial={order.payableRial}
                target={{ orderId: order.id }}
              />
            ) : (
              balance !== 0 && (
                <WalletToggle
                  balanceRial={balance}
                  payableRial={order.payableRial}
                  checked={withWallet}
                  onChange={setWalletChoice}
                />
              )
            )}
          </>
        )}
        <Group gap="sm">
          {!awaiting && !manual && (
            <Button
              size="md"
              loading={pay.busy}
              disabled={cancel.isPending}
              onClick={payWithGateway}
            >
              پرداخت سفارش
            </Button>
          )}
          {!confirmingCancel && (
            <Button
              variant="subtle"
              color="red"
              disabled={pay.busy}
              onClick={() => setConfirmingCancel(true)}
            >
              لغو سفارش
            </Button>
          )}
        </Group>
        {confirmingCancel && (
          <Alert color="red" variant="light" title="این سفارش لغو شود؟" role="alertdialog">
            <Stack gap="sm" align="flex-start">
              <Text size="sm">
                پس از لغو، پرداخت این سفارش ممکن نیست
                {order.walletAppliedRial > 0 &&
                  `؛ ${tomanText(order.walletAppliedRial)} اعتباری که برایش خرج شده به کیف پول برمی‌گردد`}
                .
              </Text>
              <Group gap="sm">
                <Button color="red" onClick={cancelOrder} loading={cancel.isPending}>
                  بله، لغو شود
                </Button>
                <Button
                  variant="default"
                  onClick={() => setConfirmingCancel(false)}
                  disabled={cancel.isPending}
                >
                  نه، بماند
                </Button>
              </Group>
            </Stack>
          </Alert>
        )}
      </Stack>
    </Card>
  );
}

function OrderSkeleton() {
  return (
    <PanelPageSkeleton label="در حال بارگذاری سفارش" crumbsWidth={160} titleWidth={280}>
      <Skeleton height={120} radius="lg" />
      <Skeleton height={200} radius="lg" />
    </PanelPageSkeleton>
  );
}

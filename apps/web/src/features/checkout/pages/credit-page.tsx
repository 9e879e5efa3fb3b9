import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Chip,
  Group,
  Loader,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import {
  type OnlineGateway,
  PAYMENT_METHOD_LABELS,
  TRANSFER_CLAIM_STATUS_LABELS,
  WALLET_REASON_LABELS,
} from '@vitrin/contracts';
import { shortenPrice, toPersianDigits } from '@vitrin/fa';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { ApiRequestError } from '../../../lib/api-error';
import { IS_ANDROID_BUILD } from '../../../lib/config';
import { fieldError } from '../../../lib/field-error';
import { type ListMove, readCursorParam, trailState } from '../../../lib/list-cursor';
import { rialToTomanNumber, tomanText, tomanToRial } from '../../../lib/money';
import { orderPath, PANEL_PATH } from '../../../lib/panel-paths';
import { useSignedInUserId } from '../../../lib/signed-in-user';
import { readPage, toSearchParams } from '../../../lib/url-params';
import { useFilterParams } from '../../../lib/use-filter-params';
import { CursorPagination, CursorRefused, cursorRefusal } from '../../../ui/cursor-pagination';
import { WalletIcon } from '../../../ui/icons';
import { JalaliDateTime } from '../../../ui/jalali-date-time';
import { PanelPageHeader } from '../../../ui/panel-page-header';
import { useAddCredit } from '../api/add-credit';
import {
  CREDIT_TRANSACTIONS_PAGE_SIZE,
  type CreditTransactions,
  useCreditTransactions,
} from '../api/get-credit-transactions';
import { usePaymentMethods } from '../api/get-payment-methods';
import { useUserAccountInfo } from '../api/get-user-account-info';
import { useTransferClaims } from '../api/list-transfer-claims';
import { ManualPaymentForm } from '../components/manual-payment-form';
import { enabledChoices, PaymentMethodChoice } from '../components/payment-method-choice';
import { SignedAmount } from '../components/signed-amount';
import { nextGateway, type PayChoice } from '../utils/manual-payment';
import { formatTomanText, parseTomanText } from '../utils/toman-input';

/** Top-up amounts a person picks most, in Toman. */
const TOP_UP_PRESETS_TOMAN = [50_000, 100_000, 500_000, 1_000_000];

/** The wallet in the customer panel (the panel layout guards the session). */
export function CreditPage() {
  useDocumentTitle('کیف پول | ویترین');
  const userId = useSignedInUserId();
  const account = useUserAccountInfo(userId);

  return (
    <Stack gap="xl">
      <PanelPageHeader
        breadcrumbs={[{ label: 'پیشخوان', to: PANEL_PATH }, { label: 'کیف پول' }]}
        title="کیف پول و اعتبار"
        description="با اعتبار کیف پول سفارش‌هایتان را بی‌درنگ و بدون رفتن به درگاه بپردازید."
      />

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Card>
          <Stack gap="xs">
            <Group gap="xs">
              <WalletIcon size={22} />
              <Text fw={700}>موجودی کیف پول</Text>
            </Group>
            {account.data ? (
              <Text fz={32} fw={900} c="brand.8" lh={1.4} data-testid="wallet-balance">
                {tomanText(account.data.balanceRial)}
              </Text>
            ) : account.isError ? (
              <Button variant="light" onClick={() => account.refetch()}>
                تلاش دوباره
              </Button>
            ) : (
              <Skeleton height={44} width="70%" />
            )}
          </Stack>
        </Card>
        <Card>
          {account.data ? (
            <TopUpForm
              userId={userId}
              minRial={account.data.topUpMinRial}
              maxRial={account.data.topUpMaxRial}
            />
          ) : (
            <Skeleton height={160} />
          )}
        </Card>
      </SimpleGrid>

      <TransferClaims userId={userId} />

      <Transactions userId={userId} />
    </Stack>
  );
}

interface TopUpFormProps {
  userId: string;
  minRial: number;
  maxRial: number;
}

/** A top-up: an amount in Toman, typed or picked, paid at the gateway. */
function TopUpForm({ userId, minRial, maxRial }: TopUpFormProps) {
  const addCredit = useAddCredit();
  const methods = usePaymentMethods(userId);
  const [picked, setPicked] = useState<PayChoice | null>(null);
  const [gatewayProblem, setGatewayProblem] = useState<string | null>(null);
  const [claimed, setClaimed] = useState(false);
  const choices = methods.data ? enabledChoices(methods.data) : [];
  const choice = picked ?? choices[0]?.value ?? null;
  const manual = choice === 'card-to-card' || choice === 'bank-transfer' ? choice : null;
  const gateway = choice && !manual ? (choice as OnlineGateway) : undefined;
  const [amountText, setAmountText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const minToman = rialToTomanNumber(minRial);
  const maxToman = rialToTomanNumber(maxRial);
  const amountToman = parseTomanText(amountText);

  const choose = (toman: number) => {
    setAmountText(formatTomanText(String(toman)));
    setProblem(null);
  };

  const amountProblem =
    amountToman === null
      ? 'مبلغ را به تومان وارد کنید'
      : amountToman < minToman
        ? `کمترین مبلغ افزایش اعتبار ${shortenPrice(minToman)} تومان است`
        : amountToman > maxToman
          ? `بیشترین مبلغ افزایش اعتبار ${shortenPrice(maxToman)} تومان است`
          : null;

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (amountProblem || amountToman === null) return setProblem(amountProblem);
    setProblem(null);
    setGatewayProblem(null);
    try {
      const amountRial = tomanToRial(amountToman);
      const started = await addCredit.mutateAsync({ amountRial, gateway });
      if (IS_ANDROID_BUILD) {
        // The app stays open under the system browser and reads the wallet on the return.
        const { payInSystemBrowser } = await import('../../../native/system-browser');
        await payInSystemBrowser({ kind: 'top-up', amountRial }, started.redirectUrl);
        return;
      }
      setLeaving(true);
      window.location.assign(started.redirectUrl);
    } catch (error) {
      // The server's message is in the toast, and on the field when it is about the amount. A
      // gateway that opened no payment: the next one is picked, so one press tries it.
      if (error instanceof ApiRequestError && error.code === 'GATEWAY_UNAVAILABLE') {
        setGatewayProblem(error.message);
        if (gateway && methods.data) setPicked(nextGateway(methods.data.gateways, gateway));
      }
    }
  };

  return (
    <Stack gap="md">
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="sm">
          <Text fw={700}>افزایش اعتبار</Text>
          <Chip.Group
            value={amountToman === null ? null : String(amountToman)}
            onChange={(value) => choose(Number(value))}
          >
            <Group gap={6}>
              {TOP_UP_PRESETS_TOMAN.filter((toman) => toman >= minToman && toman <= maxToman).map(
                (toman) => (
                  <Chip key={toman} value={String(toman)} size="sm" variant="outline">
                    {shortenPrice(toman)} تومان
                  </Chip>
                ),
              )}
            </Group>
          </Chip.Group>
          <TextInput
            label="مبلغ (تومان)"
            description={`از ${shortenPrice(minToman)} تا ${shortenPrice(maxToman)} تومان`}
            inputMode="numeric"
            autoComplete="off"
            value={amountText}
            onChange={(event) => {
              setAmountText(formatTomanText(event.currentTarget.value));
              setProblem(null);
            }}
            rightSection={
              <Text size="xs" c="dimmed">
                تومان
              </Text>
            }
            rightSectionWidth={52}
            error={problem ?? fieldError(addCredit.error, 'amountRial')}
          />
          {methods.data && (
            <PaymentMethodChoice
              methods={methods.data}
              value={choice}
              onChange={(next) => {
                setPicked(next);
                setGatewayProblem(null);
                setClaimed(false);
              }}
              disabled={addCredit.isPending || leaving}
            />
          )}
          {gatewayProblem && (
            <Alert color="orange" variant="light" role="alert">
              {gatewayProblem}
            </Alert>
          )}
          {!manual && (
            <Button type="submit" loading={addCredit.isPending || leaving}>
              پرداخت و افزایش اعتبار
            </Button>
          )}
        </Stack>
      </form>
      {manual && methods.data && claimed && (
        <Alert color="yellow" variant="light" title="در انتظار تأیید پرداخت" role="status">
          پرداخت شما ثبت شد؛ پس از تأیید کارشناس به کیف پول افزوده می‌شود.
        </Alert>
      )}
      {manual && methods.data && !claimed && amountToman !== null && !amountProblem && (
        <ManualPaymentForm
          key={`${manual}-${amountToman}`}
          userId={userId}
          method={manual}
          methods={methods.data}
          amountRial={tomanToRial(amountToman)}
          target={{ amountRial: tomanToRial(amountToman) }}
          onClaimed={() => setClaimed(true)}
        />
      )}
      {manual && amountProblem && amountText !== '' && (
        <Text size="sm" c="dimmed">
          نخست مبلغی درست بنویسید تا مشخصات واریز نمایش داده شود.
        </Text>
      )}
      {manual && amountText === '' && (
        <Text size="sm" c="dimmed">
          نخست مبلغ افزایش اعتبار را بنویسید تا مشخصات واریز نمایش داده شود.
        </Text>
      )}
    </Stack>
  );
}

/** The person's card-to-card and bank-transfer claims and where each stands; none: nothing. */
function TransferClaims({ userId }: { userId: string }) {
  const claims = useTransferClaims(userId);
  const items = claims.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby="transfer-claims-title">
      <Title order={2} size="h4" id="transfer-claims-title">
        پرداخت‌های کارت به کارت و واریز بانکی
      </Title>
      <Card p="sm">
        <Stack gap="xs">
          {items.slice(0, 10).map((claim) => (
            <Group key={claim.id} justify="space-between" wrap="wrap" gap="xs">
              <Stack gap={0}>
                <Text size="sm" fw={600}>
                  {PAYMENT_METHOD_LABELS[claim.method]} ·{' '}
                  {claim.orderNumber === null || claim.orderId === null ? (
                    'افزایش اعتبار'
                  ) : (
                    <Anchor component={Link} to={orderPath(claim.orderId)} size="sm">
                      سفارش {toPersianDigits(claim.orderNumber)}
                    </Anchor>
                  )}
                </Text>
                <Text size="xs" c="dimmed">
                  کد پیگیری <bdi dir="ltr">{toPersianDigits(claim.transferReference)}</bdi> ·{' '}
                  <JalaliDateTime iso={claim.transferredAt} />
                </Text>
                {claim.status === 'failed' && claim.rejectionReason && (
                  <Text size="xs" c="red">
                    دلیل رد: {claim.rejectionReason}
                  </Text>
                )}
              </Stack>
              <Group gap="xs">
                <Text size="sm" fw={700}>
                  {tomanText(claim.amountRial)}
                </Text>
                <Badge
                  variant="light"
                  color={
                    claim.status === 'paid' ? 'teal' : claim.status === 'failed' ? 'red' : 'yellow'
                  }
                >
                  {TRANSFER_CLAIM_STATUS_LABELS[claim.status]}
                </Badge>
              </Group>
            </Group>
          ))}
        </Stack>
      </Card>
    </Stack>
  );
}

// The ledger's page and, past the first, the cursor it was reached by (?page=&after=; 0033).
const ledgerPageCodec = {
  parse: (params: URLSearchParams) => ({ page: readPage(params), after: readCursorParam(params) }),
  write: ({ page, after }: { page: number; after: string | null }) =>
    toSearchParams([
      ['page', page],
      ['after', after],
    ]),
};

/** The wallet's ledger, newest first, a page at a time by cursor; its place is in the address. */
function Transactions({ userId }: { userId: string }) {
  const [position, setPosition] = useFilterParams(ledgerPageCodec);
  const transactions = useCreditTransactions(userId, position);
  const data = transactions.data;
  const onMove = ({ trail, ...place }: ListMove) =>
    setPosition(place, { state: trailState(trail) });
  const refusal = cursorRefusal(transactions.error);

  return (
    <Stack gap="sm" component="section" aria-labelledby="transactions-title">
      <Group justify="space-between" align="baseline">
        <Title order={2} size="h4" id="transactions-title">
          گردش کیف پول
        </Title>
        {transactions.isFetching && data && <Loader size="xs" type="dots" />}
      </Group>
      {data ? (
        data.items.length === 0 ? (
          <Text c="dimmed" size="sm">
            هنوز گردشی در کیف پول شما ثبت نشده است.
          </Text>
        ) : (
          <>
            <Stack
              gap={0}
              component="ul"
              m={0}
              p={0}
              style={{ listStyle: 'none', opacity: transactions.isPlaceholderData ? 0.6 : 1 }}
            >
              {data.items.map((item, index) => (
                <TransactionRow key={item.id} item={item} withDivider={index > 0} />
              ))}
            </Stack>
            <CursorPagination
              position={position}
              pageSize={CREDIT_TRANSACTIONS_PAGE_SIZE}
              answer={data}
              onMove={onMove}
              answerIsPrevious={transactions.isPlaceholderData}
            />
          </>
        )
      ) : refusal ? (
        <CursorRefused message={refusal} onMove={onMove} />
      ) : transactions.isError ? (
        <Group gap="sm">
          <Text size="sm">گردش کیف پول بارگذاری نشد.</Text>
          <Button variant="light" size="xs" onClick={() => transactions.refetch()}>
            تلاش دوباره
          </Button>
        </Group>
      ) : (
        <Stack gap="sm">
          <Skeleton height={56} />
          <Skeleton height={56} />
          <Skeleton height={56} />
        </Stack>
      )}
    </Stack>
  );
}

function TransactionRow({
  item,
  withDivider,
}: {
  item: CreditTransactions['items'][number];
  withDivider: boolean;
}) {
  const credit = item.amountRial >= 0;
  return (
    <Group
      component="li"
      justify="space-between"
      align="flex-start"
      gap="sm"
      py="sm"
      wrap="nowrap"
      style={withDivider ? { borderTop: '1px solid var(--mantine-color-gray-2)' } : undefined}
    >
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Text fw={700} size="sm">
          {WALLET_REASON_LABELS[item.reason]}
        </Text>
        {item.description && (
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {item.description}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          <JalaliDateTime iso={item.createdAt} />
          {item.orderId && (
            <>
              {' · '}
              <Anchor component={Link} to={orderPath(item.orderId)} size="xs" underline="always">
                مشاهدهٔ سفارش
              </Anchor>
            </>
          )}
        </Text>
      </Stack>
      <Stack gap={2} align="flex-end" style={{ flex: 'none' }}>
        <Text fw={800} c={credit ? 'green.8' : 'red.8'}>
          <SignedAmount rial={item.amountRial} sign={credit ? '+' : '−'} />
        </Text>
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          موجودی: {tomanText(item.balanceAfterRial)}
        </Text>
      </Stack>
    </Group>
  );
}

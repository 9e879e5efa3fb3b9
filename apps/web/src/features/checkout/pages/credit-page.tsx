import {
  Anchor,
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
import { WALLET_REASON_LABELS } from '@vitrin/contracts';
import { shortenPrice } from '@vitrin/fa';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { IS_ANDROID_BUILD } from '../../../lib/config';
import { fieldError } from '../../../lib/field-error';
import { rialToTomanNumber, tomanText, tomanToRial } from '../../../lib/money';
import { orderPath, PANEL_PATH } from '../../../lib/panel-paths';
import { useSignedInUserId } from '../../../lib/signed-in-user';
import { readPage } from '../../../lib/url-params';
import { WalletIcon } from '../../../ui/icons';
import { JalaliDateTime } from '../../../ui/jalali-date-time';
import { ListPagination } from '../../../ui/list-pagination';
import { PanelPageHeader } from '../../../ui/panel-page-header';
import { useAddCredit } from '../api/add-credit';
import {
  CREDIT_TRANSACTIONS_PAGE_SIZE,
  type CreditTransactions,
  useCreditTransactions,
} from '../api/get-credit-transactions';
import { useUserAccountInfo } from '../api/get-user-account-info';
import { SignedAmount } from '../components/signed-amount';
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
            <TopUpForm minRial={account.data.topUpMinRial} maxRial={account.data.topUpMaxRial} />
          ) : (
            <Skeleton height={160} />
          )}
        </Card>
      </SimpleGrid>

      <Transactions userId={userId} />
    </Stack>
  );
}

interface TopUpFormProps {
  minRial: number;
  maxRial: number;
}

/** A top-up: an amount in Toman, typed or picked, paid at the gateway. */
function TopUpForm({ minRial, maxRial }: TopUpFormProps) {
  const addCredit = useAddCredit();
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

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (amountToman === null) return setProblem('مبلغ را به تومان وارد کنید');
    if (amountToman < minToman) {
      return setProblem(`کمترین مبلغ افزایش اعتبار ${shortenPrice(minToman)} تومان است`);
    }
    if (amountToman > maxToman) {
      return setProblem(`بیشترین مبلغ افزایش اعتبار ${shortenPrice(maxToman)} تومان است`);
    }
    setProblem(null);
    try {
      const amountRial = tomanToRial(amountToman);
      const started = await addCredit.mutateAsync(amountRial);
      if (IS_ANDROID_BUILD) {
        // The app stays open under the system browser and reads the wallet on the return.
        const { payInSystemBrowser } = await import('../../../native/system-browser');
        await payInSystemBrowser({ kind: 'top-up', amountRial }, started.redirectUrl);
        return;
      }
      setLeaving(true);
      window.location.assign(started.redirectUrl);
    } catch {
      // The server's message is in the toast, and on the field when it is about the amount.
    }
  };

  return (
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
        <Button type="submit" loading={addCredit.isPending || leaving}>
          پرداخت و افزایش اعتبار
        </Button>
      </Stack>
    </form>
  );
}

/** The wallet's ledger, newest first, a page at a time; the page lives in the address. */
function Transactions({ userId }: { userId: string }) {
  const [params, setParams] = useSearchParams();
  const page = readPage(params);
  const transactions = useCreditTransactions(userId, page);
  const data = transactions.data;

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
            <ListPagination
              page={page}
              pageSize={CREDIT_TRANSACTIONS_PAGE_SIZE}
              total={data.total}
              onChange={(next) => setParams(next === 1 ? {} : { page: String(next) })}
            />
          </>
        )
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
              <Anchor component={Link} to={orderPath(item.orderId)} size="xs">
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

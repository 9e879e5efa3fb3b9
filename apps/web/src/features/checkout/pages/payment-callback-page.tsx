import { Anchor, Button, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { toPersianDigits } from '@vitrin/fa';
import { type ReactNode, useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { describeApiError } from '../../../lib/api-error';
import { IS_ANDROID_BUILD } from '../../../lib/config';
import { tomanText } from '../../../lib/money';
import { CREDIT_PATH, orderPath } from '../../../lib/panel-paths';
import { ANDROID_RETURN_URL } from '../../../native/app-version';
import { AlertIcon, CheckCircleIcon, ClockIcon, XCircleIcon } from '../../../ui/icons';
import { StatusMessage } from '../../../ui/status-message';
import { type PaymentOutcome, useVerifyPayOrder } from '../api/verify-pay-order';

/**
 * Where the gateway sends the person back: ZarinPal (and the sandbox) add `?Authority=…&Status=
 * OK|NOK`, Zibal `?trackId=…&success=1|0&status=…`. The query is only a hint; the server asks
 * the gateway its own payment row names.
 */
export function PaymentCallbackPage() {
  useDocumentTitle('نتیجهٔ پرداخت | ویترین');
  const [params] = useSearchParams();
  const authority = (
    params.get('Authority') ??
    params.get('authority') ??
    params.get('trackId') ??
    ''
  ).trim();
  const status = params.get('Status') ?? params.get('success') ?? params.get('status') ?? undefined;
  const verify = useVerifyPayOrder();
  const { mutate } = verify;
  // Once per page: StrictMode runs effects twice in development, and a reload asks again anyway.
  const asked = useRef(false);

  useEffect(() => {
    if (asked.current || authority === '') return;
    asked.current = true;
    mutate(status === undefined ? { authority } : { authority, status });
  }, [authority, status, mutate]);

  const askAgain = () => mutate(status === undefined ? { authority } : { authority, status });
  const settled = authority === '' || verify.data !== undefined || verify.isError;

  return (
    <Container size="sm">
      {settled && <BackToAppLink />}
      {authority === '' ? (
        <StatusMessage
          titleOrder={1}
          icon={<AlertIcon size={32} />}
          color="orange"
          title="نشانی بازگشت از درگاه ناقص است"
          description="شناسهٔ پرداخت در این نشانی نیست. وضعیت سفارش‌تان را از حساب کاربری ببینید."
        >
          <Button component={Link} to="/account" mt="sm">
            رفتن به حساب کاربری
          </Button>
        </StatusMessage>
      ) : verify.data ? (
        <PaymentResult outcome={verify.data} onAskAgain={askAgain} asking={verify.isPending} />
      ) : verify.isError ? (
        <StatusMessage
          titleOrder={1}
          icon={<AlertIcon size={32} />}
          color="orange"
          title="بررسی پرداخت انجام نشد"
          description={describeApiError(verify.error)}
        >
          <Button variant="light" onClick={askAgain} loading={verify.isPending}>
            بررسی دوباره
          </Button>
        </StatusMessage>
      ) : (
        <Stack align="center" gap="md" py={{ base: 48, sm: 80 }} role="status">
          <Loader />
          <Title order={1} size="h3">
            در حال بررسی پرداخت…
          </Title>
          <Text c="dimmed" size="sm">
            این صفحه را نبندید؛ چند لحظه بیشتر طول نمی‌کشد.
          </Text>
        </Stack>
      )}
    </Container>
  );
}

/**
 * The Android app opens the gateway in the phone's browser, which lands here: on an Android
 * phone (outside the app) this offers the way back, where the app shows the result itself.
 */
function BackToAppLink() {
  const onAndroidBrowser = !IS_ANDROID_BUILD && /Android/i.test(navigator.userAgent);
  if (!onAndroidBrowser) return null;
  return (
    <Text size="sm" ta="center" pt="lg">
      از اپ ویترین پرداخت کرده‌اید؟{' '}
      <Anchor href={ANDROID_RETURN_URL} fw={700}>
        بازگشت به اپ
      </Anchor>
    </Text>
  );
}

interface PaymentResultProps {
  outcome: PaymentOutcome;
  onAskAgain: () => void;
  asking: boolean;
}

function PaymentResult({ outcome, onAskAgain, asking }: PaymentResultProps) {
  const topUp = outcome.purpose === 'top-up';
  const orderLink = outcome.orderId ? (
    <Button component={Link} to={orderPath(outcome.orderId)}>
      مشاهدهٔ سفارش
    </Button>
  ) : null;
  const creditLink = (
    <Button component={Link} to={CREDIT_PATH} variant={topUp ? 'filled' : 'light'}>
      رفتن به کیف پول
    </Button>
  );

  // The titles say what happened in a word; the server's message, under them, says the rest.
  if (outcome.status === 'paid') {
    return (
      <StatusMessage
        titleOrder={1}
        icon={<CheckCircleIcon size={32} />}
        color="teal"
        title={
          outcome.creditedToWallet
            ? 'مبلغ به کیف پول شما افزوده شد'
            : topUp
              ? 'افزایش اعتبار انجام شد'
              : 'پرداخت موفق'
        }
        description={outcome.message}
      >
        <PaymentFacts outcome={outcome} />
        <Group gap="sm" justify="center" mt="sm">
          {!topUp && orderLink}
          {(topUp || outcome.creditedToWallet) && creditLink}
        </Group>
      </StatusMessage>
    );
  }

  if (outcome.status === 'failed') {
    return (
      <StatusMessage
        titleOrder={1}
        icon={<XCircleIcon size={32} />}
        color="red"
        title={topUp ? 'افزایش اعتبار انجام نشد' : 'پرداخت ناموفق'}
        description={outcome.message}
      >
        <Text size="sm" maw={480}>
          {topUp
            ? 'اعتبار کیف پول شما تغییری نکرد؛ می‌توانید از صفحهٔ کیف پول دوباره اقدام کنید.'
            : 'سفارش شما ثبت است و پرداخت‌نشده مانده؛ می‌توانید از صفحهٔ سفارش دوباره پرداخت کنید.'}
        </Text>
        <Group gap="sm" justify="center" mt="sm">
          {topUp ? creditLink : orderLink}
        </Group>
      </StatusMessage>
    );
  }

  return (
    <StatusMessage
      titleOrder={1}
      icon={<ClockIcon size={32} />}
      color="orange"
      title="نتیجهٔ پرداخت هنوز معلوم نیست"
      description={outcome.message}
    >
      <Text size="sm" maw={480}>
        اگر پرداخت انجام شده باشد،{' '}
        {topUp ? 'به اعتبار کیف پول شما افزوده می‌شود' : 'سفارش شما پرداخت‌شده می‌شود'}؛ تا آن زمان
        دوباره پرداخت نکنید.
      </Text>
      <Group gap="sm" justify="center" mt="sm">
        <Button variant="light" onClick={onAskAgain} loading={asking}>
          بررسی دوباره
        </Button>
        {topUp ? creditLink : orderLink}
      </Group>
    </StatusMessage>
  );
}

function PaymentFacts({ outcome }: { outcome: PaymentOutcome }) {
  return (
    <Stack gap={4} component="dl" m={0}>
      <Fact label="مبلغ">{tomanText(outcome.amountRial)}</Fact>
      {outcome.referenceId && (
        <Fact label="شمارهٔ پیگیری">
          <bdi dir="ltr">{toPersianDigits(outcome.referenceId)}</bdi>
        </Fact>
      )}
    </Stack>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap="xs" justify="center">
      <Text component="dt" c="dimmed" size="sm">
        {label}:
      </Text>
      <Text component="dd" m={0} fw={700}>
        {children}
      </Text>
    </Group>
  );
}

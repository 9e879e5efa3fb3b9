import {
  Anchor,
  Badge,
  Button,
  Card,
  Container,
  Group,
  Loader,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import {
  ORDER_DOMAIN_STATE_LABELS,
  type OrderDomainState,
  pagePath,
  SERVICE_STATUS_LABELS,
} from '@vitrin/contracts';
import { toPersianDigits } from '@vitrin/fa';
import { type ReactNode, useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { describeApiError } from '../../../lib/api-error';
import { useSession } from '../../../lib/app-session';
import { ANDROID_RETURN_URL } from '../../../lib/app-version';
import { IS_ANDROID_BUILD } from '../../../lib/config';
import { tomanText } from '../../../lib/money';
import { CREDIT_PATH, orderPath, servicePath } from '../../../lib/panel-paths';
import { AlertIcon, CheckCircleIcon, ClockIcon, XCircleIcon } from '../../../ui/icons';
import { LatinIsolated } from '../../../ui/latin-isolated';
import { StatusMessage } from '../../../ui/status-message';
import { useOrderDomains } from '../api/get-order-domains';
import { type OrderService, useOrderServices } from '../api/get-order-services';
import { type PaymentOutcome, useVerifyPayOrder } from '../api/verify-pay-order';
import { domainProgressText, type OrderDomain } from '../utils/domain-progress';
import { paidOrderTitle, serviceProgressText } from '../utils/service-progress';

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
  const session = useSession();
  // Signed in (as the buyer almost always is on return), the page says what each bought service
  // is doing now; a renewal or plan change made none, and says only that it was paid.
  const buyer =
    session.status === 'signed-in' && outcome.status === 'paid' && !topUp
      ? session.identity.id
      : null;
  const services = useOrderServices(buyer, outcome.orderId);
  // A domain is not a service: the order says what became of each of its domain lines.
  const domains = useOrderDomains(buyer, outcome.orderId);
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
    const ordered = !topUp && !outcome.creditedToWallet;
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
              : paidOrderTitle(services.data?.map((service) => service.status) ?? [])
        }
        description={outcome.message}
      >
        <PaymentFacts outcome={outcome} />
        {ordered && services.data && services.data.length > 0 && (
          <BoughtServices services={services.data} />
        )}
        {ordered && domains.data && domains.data.length > 0 && (
          <BoughtDomains domains={domains.data} />
        )}
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

/** Each service the order made and what it is doing: active, being set up, with staff. */
function BoughtServices({ services }: { services: readonly OrderService[] }) {
  return (
    <Stack gap="xs" w="100%" maw={480} component="ul" p={0} m={0} aria-label="سرویس‌های این سفارش">
      {services.map((service) => (
        <Card key={service.id} component="li" withBorder padding="sm" ta="start">
          <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
            <Anchor
              component={Link}
              to={servicePath(service.id)}
              fw={700}
              size="sm"
              style={{ overflowWrap: 'anywhere', minWidth: 0 }}
            >
              <LatinIsolated text={service.name} />
            </Anchor>
            <Badge
              variant="light"
              color={service.status === 'active' ? 'teal' : 'orange'}
              style={{ flex: 'none' }}
            >
              {SERVICE_STATUS_LABELS[service.status]}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed" mt={4}>
            {serviceProgressText(service.status)}
          </Text>
        </Card>
      ))}
    </Stack>
  );
}

const DOMAIN_STATE_COLORS: Record<OrderDomainState, string> = {
  registering: 'blue',
  'awaiting-transfer-code': 'orange',
  transferring: 'blue',
  'awaiting-registry': 'blue',
  renewing: 'blue',
  'with-support': 'orange',
  active: 'teal',
  expired: 'orange',
  refunded: 'red',
  ended: 'gray',
};

/**
 * Each domain the order bought and what its registry is doing with it: being registered,
 * waiting for its transfer code, active, with support, or refused and refunded.
 */
function BoughtDomains({ domains }: { domains: readonly OrderDomain[] }) {
  return (
    <Stack gap="xs" w="100%" maw={480} component="ul" p={0} m={0} aria-label="دامنه‌های این سفارش">
      {domains.map((domain) => {
        const name = <LatinIsolated text={domain.name} />;
        return (
          <Card
            key={domain.lineId}
            component="li"
            withBorder
            padding="sm"
            ta="start"
            aria-label={domain.name}
          >
            <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
              {domain.domainId ? (
                <Anchor
                  component={Link}
                  to={pagePath('myDomain', { domainId: domain.domainId })}
                  fw={700}
                  size="sm"
                  style={{ overflowWrap: 'anywhere', minWidth: 0 }}
                >
                  {name}
                </Anchor>
              ) : (
                <Text fw={700} size="sm" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
                  {name}
                </Text>
              )}
              {domain.state && (
                <Badge
                  variant="light"
                  color={DOMAIN_STATE_COLORS[domain.state]}
                  style={{ flex: 'none' }}
                >
                  {ORDER_DOMAIN_STATE_LABELS[domain.state]}
                </Badge>
              )}
            </Group>
            <Text size="sm" c="dimmed" mt={4}>
              {domainProgressText(domain)}
            </Text>
          </Card>
        );
      })}
    </Stack>
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

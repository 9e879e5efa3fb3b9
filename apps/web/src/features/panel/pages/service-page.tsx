import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { BILLING_CYCLE_LABELS } from '@vitrin/contracts';
import { toPersianDigits } from '@vitrin/fa';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { ApiRequestError } from '../../../lib/api-error';
import { tomanText } from '../../../lib/money';
import { newTicketPath, orderPath, PANEL_PATH, SERVICES_PATH } from '../../../lib/panel-paths';
import { useSignedInUserId } from '../../../lib/signed-in-user';
import { HeadsetIcon, ServerIcon } from '../../../ui/icons';
import { JalaliDate, JalaliDateTime } from '../../../ui/jalali-date-time';
import { LoadFailed } from '../../../ui/load-failed';
import { PanelPageHeader } from '../../../ui/panel-page-header';
import { StatusMessage } from '../../../ui/status-message';
import { type ServiceDetail, useServiceDetail } from '../api/get-service-detail';
import { RenewButton } from '../components/renew-button';
import { ServiceExpiry } from '../components/service-expiry';
import { ServiceStatusBadge } from '../components/service-status-badge';
import { expiryUrgency } from '../utils/days-left';

const crumbsTo = [
  { label: 'پیشخوان', to: PANEL_PATH },
  { label: 'سرویس‌ها', to: SERVICES_PATH },
];

export function ServicePage() {
  const userId = useSignedInUserId();
  const { serviceId = '' } = useParams();
  const service = useServiceDetail(userId, serviceId);
  const data = service.data;
  // Another person's service is a 404 too (API.md), and an id that is no id names no service.
  const notFound =
    service.error instanceof ApiRequestError &&
    (service.error.status === 404 || service.error.code === 'VALIDATION');
  useDocumentTitle(
    data ? `${data.name} | ویترین` : notFound ? 'سرویس پیدا نشد | ویترین' : 'سرویس | ویترین',
  );

  if (data) return <ServiceDetails service={data} />;
  if (notFound) {
    return (
      <StatusMessage
        titleOrder={1}
        icon={<ServerIcon size={32} />}
        title="سرویسی با این نشانی پیدا نشد"
        description="شاید نشانی را اشتباه وارد کرده باشید، یا این سرویس از حساب دیگری است."
      >
        <Button component={Link} to={SERVICES_PATH} mt="sm">
          رفتن به سرویس‌ها
        </Button>
      </StatusMessage>
    );
  }
  if (service.isError) {
    return (
      <LoadFailed
        titleOrder={1}
        title="این سرویس بارگذاری نشد"
        error={service.error}
        onRetry={() => service.refetch()}
        retrying={service.isFetching}
      />
    );
  }
  return (
    <Stack gap="lg" aria-busy="true" aria-label="در حال بارگذاری سرویس">
      <Skeleton height={14} width={200} />
      <Skeleton height={36} width={320} />
      <Skeleton height={220} radius="lg" />
      <Skeleton height={160} radius="lg" />
    </Stack>
  );
}

function ServiceDetails({ service }: { service: ServiceDetail }) {
  const warn =
    (service.status === 'active' || service.status === 'expired') &&
    service.daysLeft !== null &&
    expiryUrgency(service.daysLeft) !== 'later';

  return (
    <Stack gap="xl">
      <PanelPageHeader
        breadcrumbs={[...crumbsTo, { label: service.name }]}
        title={service.name}
        badge={<ServiceStatusBadge status={service.status} size="lg" />}
        actions={
          <>
            <RenewButton service={service} variant="filled" size="md" />
            <Button
              component={Link}
              to={newTicketPath(service.id)}
              variant="default"
              size="md"
              leftSection={<HeadsetIcon size={18} />}
            >
              تیکت دربارهٔ این سرویس
            </Button>
          </>
        }
      />

      {warn && service.expiresAt && service.daysLeft !== null && (
        <Alert
          color={service.daysLeft < 0 ? 'red' : 'orange'}
          variant="light"
          title={service.daysLeft < 0 ? 'این سرویس منقضی شده است' : 'این سرویس به‌زودی منقضی می‌شود'}
        >
          <Text size="sm">
            {service.renewal
              ? 'برای اینکه سرویس بی‌وقفه کار کند، پیش از انقضا تمدیدش کنید؛ دورهٔ تازه پس از پایان دورهٔ فعلی شروع می‌شود.'
              : 'این سرویس اکنون تمدیدپذیر نیست؛ برای تمدید با پشتیبانی تماس بگیرید.'}
          </Text>
        </Alert>
      )}
      {!service.renewal && service.status === 'active' && !warn && (
        <Text size="sm" c="dimmed">
          این سرویس اکنون از پنل تمدیدپذیر نیست؛ اگر می‌خواهید تمدیدش کنید، تیکت بفرستید.
        </Text>
      )}

      <Card component="section" aria-labelledby="service-facts-title">
        <Stack gap="md">
          <Title order={2} size="h4" id="service-facts-title">
            مشخصات سرویس
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
            <Fact label="محصول">
              {service.product ? (
                <Anchor component={Link} to={`/store/${service.product.slug}`} size="sm">
                  {service.product.name}
                </Anchor>
              ) : (
                'دیگر فروخته نمی‌شود'
              )}
            </Fact>
            <Fact label="گروه">{service.product?.groupName ?? '—'}</Fact>
            <Fact label="دورهٔ پرداخت">
              {service.cycle ? BILLING_CYCLE_LABELS[service.cycle] : '—'}
            </Fact>
            <Fact label="دامنه">
              {service.domainName ? <bdi dir="ltr">{service.domainName}</bdi> : '—'}
            </Fact>
            <Fact label="قالب">{service.theme?.name ?? '—'}</Fact>
            <Fact label="شروع">
              {service.startsAt ? <JalaliDate iso={service.startsAt} /> : '—'}
            </Fact>
            <Fact label="انقضا">
              <ServiceExpiry
                expiresAt={service.expiresAt}
                daysLeft={service.daysLeft}
                status={service.status}
                withLabel={false}
              />
            </Fact>
            <Fact label="هزینهٔ تمدید">
              {service.renewal
                ? `${tomanText(service.renewal.priceRial)} (${BILLING_CYCLE_LABELS[service.renewal.cycle]})`
                : 'تمدیدپذیر نیست'}
              {service.renewal?.inCart && (
                <Badge ms={6} variant="light" color="brand" size="sm">
                  در سبد خرید
                </Badge>
              )}
            </Fact>
            {service.orderId && (
              <Fact label="سفارش خرید">
                <Anchor component={Link} to={orderPath(service.orderId)} size="sm">
                  مشاهدهٔ سفارش
                </Anchor>
              </Fact>
            )}
          </SimpleGrid>
        </Stack>
      </Card>

      <Stack gap="sm" component="section" aria-labelledby="service-history-title">
        <Title order={2} size="h4" id="service-history-title">
          سابقهٔ خرید و تمدید
        </Title>
        <ServiceHistory history={service.history} />
      </Stack>
    </Stack>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" align="baseline">
      <Text size="sm" c="dimmed" style={{ flex: 'none', minWidth: '6.5rem' }}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Group>
  );
}

const KIND_LABELS = { purchase: 'خرید', renewal: 'تمدید' } as const;

/** The orders that bought and renewed the service, newest first: a table with room, else a list. */
function ServiceHistory({ history }: { history: ServiceDetail['history'] }) {
  if (history.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        هنوز سفارش پرداخت‌شده‌ای برای این سرویس ثبت نشده است.
      </Text>
    );
  }
  return (
    <Card p={0}>
      <Box visibleFrom="sm" px="md" py="xs">
        <Table verticalSpacing="sm" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>نوع</Table.Th>
              <Table.Th>سفارش</Table.Th>
              <Table.Th>دوره</Table.Th>
              <Table.Th>مبلغ</Table.Th>
              <Table.Th>پرداخت</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {history.map((entry) => (
              <Table.Tr key={`${entry.orderId}-${entry.kind}`}>
                <Table.Td>{KIND_LABELS[entry.kind]}</Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={orderPath(entry.orderId)} size="sm">
                    سفارش {toPersianDigits(entry.orderNumber)}
                  </Anchor>
                </Table.Td>
                <Table.Td>{BILLING_CYCLE_LABELS[entry.cycle]}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{tomanText(entry.totalRial)}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {entry.paidAt ? <JalaliDateTime iso={entry.paidAt} /> : '—'}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Box>
      <Stack hiddenFrom="sm" gap={0} component="ul" m={0} px="md" style={{ listStyle: 'none' }}>
        {history.map((entry, index) => (
          <Stack
            key={`${entry.orderId}-${entry.kind}`}
            component="li"
            gap={2}
            py="sm"
            style={index > 0 ? { borderTop: '1px solid var(--mantine-color-gray-2)' } : undefined}
          >
            <Group justify="space-between" gap="xs">
              <Anchor component={Link} to={orderPath(entry.orderId)} size="sm" fw={700}>
                {KIND_LABELS[entry.kind]} · سفارش {toPersianDigits(entry.orderNumber)}
              </Anchor>
              <Text size="sm" fw={700} style={{ whiteSpace: 'nowrap' }}>
                {tomanText(entry.totalRial)}
              </Text>
            </Group>
            <Text size="xs" c="dimmed">
              دورهٔ {BILLING_CYCLE_LABELS[entry.cycle]}
              {entry.paidAt && (
                <>
                  {' · '}
                  <JalaliDateTime iso={entry.paidAt} />
                </>
              )}
            </Text>
          </Stack>
        ))}
      </Stack>
    </Card>
  );
}

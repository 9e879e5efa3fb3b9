import {
  Alert,
  Anchor,
  Badge,
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
import { useQueryClient } from '@tanstack/react-query';
import { BILLING_CYCLE_LABELS } from '@vitrin/contracts';
import { toPersianDigits } from '@vitrin/fa';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { isNotFoundError } from '../../../lib/api-error';
import { tomanText } from '../../../lib/money';
import { newTicketPath, orderPath, PANEL_PATH, SERVICES_PATH } from '../../../lib/panel-paths';
import { useSignedInUserId } from '../../../lib/signed-in-user';
import { CardTable } from '../../../ui/card-table';
import { HeadsetIcon, ServerIcon } from '../../../ui/icons';
import { JalaliDate, JalaliDateTime } from '../../../ui/jalali-date-time';
import { LabeledValue } from '../../../ui/labeled-value';
import { LatinIsolated } from '../../../ui/latin-isolated';
import { LoadFailed, LoadFailedLine } from '../../../ui/load-failed';
import { PageSection } from '../../../ui/page-section';
import { PanelPageHeader, PanelPageSkeleton } from '../../../ui/panel-page-header';
import { ServiceStatusBadge } from '../../../ui/service-status-badge';
import { NotFoundMessage } from '../../../ui/status-message';
import {
  type ServiceAccess,
  serviceAccessQueryKey,
  useServiceAccess,
} from '../api/get-service-access';
import { type ServiceDetail, useServiceDetail } from '../api/get-service-detail';
import { servicesQueryKey } from '../api/get-user-services';
import { AccountUsageBars } from '../components/account-usage-bars';
import { MailboxesCard } from '../components/mailboxes-card';
import { PlanChangeCard } from '../components/plan-change-card';
import { RenewButton } from '../components/renew-button';
import { ServiceAccessCard } from '../components/service-access-card';
import { CancelServiceButton, PendingCancellationAlert } from '../components/service-cancellation';
import { ServiceDeliveryCard } from '../components/service-delivery-card';
import { ServiceExpiry } from '../components/service-expiry';
import { ServiceNameservers } from '../components/service-nameservers';
import { ServiceSetupCard } from '../components/service-setup-card';
import { ServiceTimeline } from '../components/service-timeline';
import { expiryUrgency } from '../utils/days-left';
import { isSetupStatus } from '../utils/service-setup';

const crumbsTo = [
  { label: 'پیشخوان', to: PANEL_PATH },
  { label: 'سرویس‌ها', to: SERVICES_PATH },
];

export function ServicePage() {
  const userId = useSignedInUserId();
  const { serviceId = '' } = useParams();
  const service = useServiceDetail(userId, serviceId);
  const data = service.data;
  const notFound = isNotFoundError(service.error);
  useDocumentTitle(
    data ? `${data.name} | ویترین` : notFound ? 'سرویس پیدا نشد | ویترین' : 'سرویس | ویترین',
  );

  if (data) return <ServiceDetails userId={userId} service={data} />;
  if (notFound) {
    return (
      <NotFoundMessage
        icon={<ServerIcon size={32} />}
        title="سرویسی با این نشانی پیدا نشد"
        description="شاید نشانی را اشتباه وارد کرده باشید، یا این سرویس از حساب دیگری است."
        back={{ to: SERVICES_PATH, label: 'رفتن به سرویس‌ها' }}
      />
    );
  }
  if (service.isError) {
    return <LoadFailed titleOrder={1} title="این سرویس بارگذاری نشد" query={service} />;
  }
  return (
    <PanelPageSkeleton label="در حال بارگذاری سرویس" titleWidth={320}>
      <Skeleton height={220} radius="lg" />
      <Skeleton height={160} radius="lg" />
    </PanelPageSkeleton>
  );
}

/**
 * The service and its access are both asked again every few seconds while it is set up, and
 * whichever hears first that the setup is over has the other asked at once: the state, start
 * and expiry (here and in the lists) when the access has its account, the account when the
 * state turned active. So the page turns active by itself, all of it together.
 */
function useServiceAccessFollowingSetup(userId: string, service: ServiceDetail) {
  const queryClient = useQueryClient();
  const access = useServiceAccess(userId, service.id, service.status);
  const serviceSettingUp = isSetupStatus(service.status);
  const accessSettingUp = access.data ? access.data.setup !== null : null;
  useEffect(() => {
    if (accessSettingUp === null || accessSettingUp === serviceSettingUp) return;
    const services = servicesQueryKey(userId);
    if (serviceSettingUp) {
      void queryClient.invalidateQueries({ queryKey: [...services, 'detail'] });
      void queryClient.invalidateQueries({ queryKey: [...services, 'list'] });
      void queryClient.invalidateQueries({ queryKey: ['panel', userId] });
    } else {
      void queryClient.invalidateQueries({ queryKey: serviceAccessQueryKey(userId, service.id) });
    }
  }, [queryClient, userId, service.id, serviceSettingUp, accessSettingUp]);
  return access;
}

function ServiceDetails({ userId, service }: { userId: string; service: ServiceDetail }) {
  const access = useServiceAccessFollowingSetup(userId, service);
  const settingUp = isSetupStatus(service.status);
  const warn =
    (service.status === 'active' || service.status === 'expired') &&
    service.daysLeft !== null &&
    expiryUrgency(service.daysLeft) !== 'later';
  const ended = service.status === 'terminated' || service.status === 'cancelled';
  const cancellation = access.data?.cancellation;
  const mayCancel =
    (service.status === 'active' || service.status === 'expired') && cancellation === null;

  return (
    <Stack gap="xl">
      <PanelPageHeader
        breadcrumbs={[...crumbsTo, { label: service.name }]}
        title={<LatinIsolated text={service.name} />}
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
      {cancellation && (
        <PendingCancellationAlert
          userId={userId}
          serviceId={service.id}
          cancellation={cancellation}
        />
      )}
      {!service.renewal && service.status === 'active' && !warn && (
        <Text size="sm" c="dimmed">
          این سرویس اکنون از پنل تمدیدپذیر نیست؛ اگر می‌خواهید تمدیدش کنید، تیکت بفرستید.
        </Text>
      )}

      {settingUp && (
        <ServiceSetupCard
          serviceId={service.id}
          status={service.status}
          setup={access.data?.setup ?? null}
        />
      )}

      <ServiceDeliveryCard userId={userId} serviceId={service.id} status={service.status} />

      <AccessAndUsage
        userId={userId}
        serviceId={service.id}
        // Being set up or waiting for staff, it has no account yet: no room is kept for one.
        mayHaveAccount={!settingUp && service.status !== 'awaiting-delivery'}
        access={access}
      />

      <MailboxesCard userId={userId} serviceId={service.id} active={service.status === 'active'} />

      <ServiceNameservers account={access.data?.account ?? null} />

      <Card component="section" aria-labelledby="service-facts-title">
        <Stack gap="md">
          <Title order={2} size="h4" id="service-facts-title">
            مشخصات سرویس
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
            <LabeledValue labelWidth="6.5rem" label="محصول">
              {service.product ? (
                <Anchor component={Link} to={`/store/${service.product.slug}`} size="sm">
                  {service.product.name}
                </Anchor>
              ) : (
                'دیگر فروخته نمی‌شود'
              )}
            </LabeledValue>
            <LabeledValue labelWidth="6.5rem" label="گروه">
              {service.product?.groupName ?? '—'}
            </LabeledValue>
            <LabeledValue labelWidth="6.5rem" label="دورهٔ پرداخت">
              {service.cycle ? BILLING_CYCLE_LABELS[service.cycle] : '—'}
            </LabeledValue>
            <LabeledValue labelWidth="6.5rem" label="دامنه">
              {service.domainName ? <bdi dir="ltr">{service.domainName}</bdi> : '—'}
            </LabeledValue>
            <LabeledValue labelWidth="6.5rem" label="قالب">
              {service.theme?.name ?? '—'}
            </LabeledValue>
            <LabeledValue labelWidth="6.5rem" label="شروع">
              {service.startsAt ? <JalaliDate iso={service.startsAt} /> : '—'}
            </LabeledValue>
            <LabeledValue labelWidth="6.5rem" label="انقضا">
              <ServiceExpiry
                expiresAt={service.expiresAt}
                daysLeft={service.daysLeft}
                status={service.status}
                withLabel={false}
              />
            </LabeledValue>
            <LabeledValue labelWidth="6.5rem" label="هزینهٔ تمدید">
              {service.renewal
                ? `${tomanText(service.renewal.priceRial)} (${BILLING_CYCLE_LABELS[service.renewal.cycle]})`
                : 'تمدیدپذیر نیست'}
              {service.renewal?.inCart && (
                <Badge ms={6} variant="light" color="brand" size="sm">
                  در سبد خرید
                </Badge>
              )}
            </LabeledValue>
            {service.orderId && (
              <LabeledValue labelWidth="6.5rem" label="سفارش خرید">
                <Anchor component={Link} to={orderPath(service.orderId)} size="sm">
                  مشاهدهٔ سفارش
                </Anchor>
              </LabeledValue>
            )}
          </SimpleGrid>
        </Stack>
      </Card>

      {!settingUp && !ended && service.status !== 'awaiting-delivery' && (
        <PlanChangeCard userId={userId} serviceId={service.id} />
      )}

      {access.data && access.data.timeline.length > 0 && (
        <PageSection title="رویدادهای سرویس" titleId="service-timeline-title">
          <ServiceTimeline events={access.data.timeline} />
        </PageSection>
      )}

      <PageSection title="سابقهٔ خرید و تمدید" titleId="service-history-title">
        <ServiceHistory history={service.history} />
      </PageSection>

      {mayCancel && <CancelServiceButton userId={userId} service={service} />}
    </Stack>
  );
}

interface AccessAndUsageProps {
  userId: string;
  serviceId: string;
  mayHaveAccount: boolean;
  access: ReturnType<typeof useServiceAccess>;
}

/**
 * The account on its control panel and what it uses, side by side where there is room. Nothing
 * for a service without an account (not set up yet, delivered by hand, or removed).
 */
function AccessAndUsage({ userId, serviceId, mayHaveAccount, access }: AccessAndUsageProps) {
  const data: ServiceAccess | undefined = access.data;
  if (!data) {
    if (!mayHaveAccount) return null;
    if (access.isError) {
      return <LoadFailedLine message="دسترسی به کنترل پنل بارگذاری نشد." query={access} quiet />;
    }
    return (
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" aria-busy="true">
        <Skeleton height={240} radius="lg" />
        <Skeleton height={240} radius="lg" />
      </SimpleGrid>
    );
  }
  if (!data.account) return null;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <ServiceAccessCard userId={userId} serviceId={serviceId} account={data.account} />
      <Card component="section" aria-labelledby="service-usage-title">
        <Stack gap="md">
          <Title order={2} size="h4" id="service-usage-title">
            مصرف منابع
          </Title>
          {data.usage ? (
            <AccountUsageBars usage={data.usage} />
          ) : (
            <Text size="sm" c="dimmed">
              {data.usageProblem ?? 'کنترل پنل این سرویس مصرف را گزارش نمی‌کند.'}
            </Text>
          )}
          {data.usage && data.usageProblem && (
            <Text size="sm" c="dimmed">
              {data.usageProblem}
            </Text>
          )}
        </Stack>
      </Card>
    </SimpleGrid>
  );
}

const KIND_LABELS = { purchase: 'خرید', renewal: 'تمدید', 'plan-change': 'تغییر پلن' } as const;

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
    <CardTable
      items={history}
      itemKey={(entry) => `${entry.orderId}-${entry.kind}`}
      columns={['نوع', 'سفارش', 'دوره', 'مبلغ', 'پرداخت']}
      row={(entry) => (
        <>
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
        </>
      )}
      blockGap={2}
      block={(entry) => (
        <>
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
        </>
      )}
    />
  );
}

import { Alert, Anchor, Card, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { isNotFoundError } from '../../../../lib/api-error';
import { ServerIcon } from '../../../../ui/icons';
import { JalaliDateTime } from '../../../../ui/jalali-date-time';
import { LoadFailed } from '../../../../ui/load-failed';
import { MobileNumber } from '../../../../ui/mobile-number';
import { PageSection } from '../../../../ui/page-section';
import { PanelPageHeader, PanelPageSkeleton } from '../../../../ui/panel-page-header';
import { ServiceStatusBadge } from '../../../../ui/service-status-badge';
import { NotFoundMessage } from '../../../../ui/status-message';
import { ConfirmAction } from '../../../console/components/confirm-action';
import { ADMIN_PATH, customerFilePath } from '../../../console/utils/admin-sections';
import { useStaffMember } from '../../../console/utils/staff-context';
import {
  isInSetup,
  type ServiceTimeline,
  useServiceTimeline,
  useSetupActions,
} from '../api/service-timeline';
import { SECTION_LABEL } from '../components/provisioning-header';
import { RetrySetupDialog } from '../components/retry-setup-dialog';
import { TimelineEventCard } from '../components/timeline-event';
import { PROVISIONING_PATH } from '../utils/provisioning-paths';
import { splitLatinNote } from '../utils/timeline-labels';

/**
 * One service's timeline (issue 20, admins): every step, newest first, with the exchanges with
 * its panel; while it is still being set up, «تلاش دوباره» and «انجام دستی».
 */
export function ServiceTimelinePage() {
  const { userId } = useStaffMember();
  const { serviceId = '' } = useParams();
  const timeline = useServiceTimeline(userId, serviceId);
  const data = timeline.data;
  const notFound = isNotFoundError(timeline.error);
  useDocumentTitle(
    `${data ? `رویدادهای ${data.service.name}` : notFound ? 'سرویس پیدا نشد' : 'رویدادهای سرویس'} | کنسول کارکنان ویترین`,
  );

  if (notFound) {
    return (
      <NotFoundMessage
        icon={<ServerIcon size={32} />}
        title="سرویسی با این نشانی پیدا نشد"
        description="شاید نشانی را اشتباه وارد کرده‌اید. سرویس را در صف راه‌اندازی یا در پروندهٔ مشتری پیدا کنید."
        back={{ to: PROVISIONING_PATH, label: 'رفتن به صف راه‌اندازی' }}
      />
    );
  }
  if (timeline.error && !data) {
    return <LoadFailed titleOrder={1} title="رویدادهای این سرویس بارگذاری نشد" query={timeline} />;
  }
  return data ? <TimelineDetails staffId={userId} timeline={data} /> : <TimelineSkeleton />;
}

function TimelineDetails({ staffId, timeline }: { staffId: string; timeline: ServiceTimeline }) {
  const { service, events } = timeline;
  const actions = useSetupActions(staffId, service.serviceId);
  const inSetup = isInSetup(service.status);

  return (
    <Stack gap="xl">
      <PanelPageHeader
        breadcrumbs={[
          { label: 'کنسول کارکنان', to: ADMIN_PATH },
          { label: SECTION_LABEL, to: PROVISIONING_PATH },
          { label: service.name },
        ]}
        title={<ServiceTitle name={service.name} />}
        badge={<ServiceStatusBadge status={service.status} />}
        actions={
          inSetup ? (
            <Group gap="sm">
              <RetrySetupDialog staffId={staffId} service={service} retry={actions.retry} />
              <ConfirmAction
                label="انجام دستی"
                color="teal"
                title={`انجام دستی راه‌اندازی ${service.name}`}
                description="یعنی حساب را خودتان روی کنترل پنل ساخته‌اید. سرویس فعال می‌شود، زمان انتظار به مدتش افزوده می‌شود و به مشتری خبر داده می‌شود."
                confirmLabel="بله، سرویس فعال شود"
                reason="required"
                successMessage="سرویس فعال شد"
                onConfirm={(reason) => actions.completeByHand.mutateAsync(reason ?? '')}
              />
            </Group>
          ) : undefined
        }
      />

      {service.status === 'needs-attention' && (
        <Alert color="violet" variant="light" title="این سرویس منتظر اقدام شماست">
          راه‌اندازی خودکار متوقف شده است. درخواست‌های کنترل پنل را در رویدادها ببینید؛ پس از رفع مشکل
          «تلاش دوباره» را بزنید، یا اگر حساب را خودتان ساخته‌اید «انجام دستی» را.
        </Alert>
      )}

      <ServiceFacts timeline={timeline} />

      <PageSection title="رویدادها" titleId="service-events">
        {events.length === 0 ? (
          <Text size="sm" c="dimmed">
            هنوز رویدادی برای این سرویس ثبت نشده است.
          </Text>
        ) : (
          <Stack component="ol" gap="sm" m={0} p={0} aria-label="رویدادهای سرویس">
            {events.map((event) => (
              <TimelineEventCard key={event.id} event={event} />
            ))}
          </Stack>
        )}
      </PageSection>
    </Stack>
  );
}

function ServiceFacts({ timeline }: { timeline: ServiceTimeline }) {
  const { service } = timeline;
  return (
    <Card padding="lg">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" verticalSpacing="sm">
        <Fact label="مشتری">
          <Stack gap={0}>
            <Anchor component={Link} to={customerFilePath(service.customer.id)} size="sm">
              {service.customer.name ?? <MobileNumber mobile={service.customer.mobile} />}
            </Anchor>
            {service.customer.name && (
              <Text size="xs" c="dimmed">
                <MobileNumber mobile={service.customer.mobile} />
              </Text>
            )}
          </Stack>
        </Fact>
        <Fact label="سرور">
          {service.server ? <bdi>{service.server.name}</bdi> : 'هنوز انتخاب نشده'}
        </Fact>
        <Fact label="بسته روی پنل">
          {service.packageName ? <bdi>{service.packageName}</bdi> : '—'}
        </Fact>
        <Fact label="نام کاربری روی پنل">
          {service.panelUsername ? <bdi dir="ltr">{service.panelUsername}</bdi> : '—'}
        </Fact>
        <Fact label="پرداخت">{service.paidAt ? <JalaliDateTime iso={service.paidAt} /> : '—'}</Fact>
        <Fact label="در این وضعیت از">
          <JalaliDateTime iso={service.since} />
        </Fact>
      </SimpleGrid>
    </Card>
  );
}

/**
 * The service's name with the domain it ends with, «(example.ir)», kept whole on a line of its
 * own when it does not fit: broken at a hyphen, a left-to-right name reads scrambled across the
 * right-to-left heading.
 */
function ServiceTitle({ name }: { name: string }) {
  const { text, note } = splitLatinNote(name);
  if (!note) return name;
  return (
    <>
      {`${text} `}
      <span style={{ display: 'inline-block', maxWidth: '100%' }}>
        (<bdi>{note}</bdi>)
      </span>
    </>
  );
}

/** One fact about the service: its name above, its value under it. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2} style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

function TimelineSkeleton() {
  return (
    <PanelPageSkeleton label="در حال بارگذاری رویدادهای سرویس" crumbsWidth={260} titleWidth={260}>
      <Skeleton height={140} radius="lg" />
      <Skeleton height={96} radius="lg" />
      <Skeleton height={96} radius="lg" />
    </PanelPageSkeleton>
  );
}

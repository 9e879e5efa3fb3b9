import {
  Alert,
  Anchor,
  Badge,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { isNotFoundError } from '../../../../lib/api-error';
import { GlobeIcon } from '../../../../ui/icons';
import { JalaliDateTime } from '../../../../ui/jalali-date-time';
import { LatinIsolated } from '../../../../ui/latin-isolated';
import { LoadFailed } from '../../../../ui/load-failed';
import { PageSection } from '../../../../ui/page-section';
import { PanelPageHeader, PanelPageSkeleton } from '../../../../ui/panel-page-header';
import { NotFoundMessage } from '../../../../ui/status-message';
import { ADMIN_PATH } from '../../../console/utils/admin-sections';
import { useStaffMember } from '../../../console/utils/staff-context';
import { DomainStatusBadge } from '../../components/domain-status-badge';
import { persianNumbers } from '../../utils/domain-status';
import { type StaffDomain, useStaffDomain } from '../api/staff-domain';
import { DomainActions } from '../components/domain-actions';
import { DomainCustomer, DomainExpiry, RenewalBadge } from '../components/domain-cells';
import { SECTION_LABEL } from '../components/domains-console-header';
import { StaffDomainTimeline } from '../components/staff-domain-timeline';
import { DOMAINS_CONSOLE_PATH, orderFilePath } from '../utils/domains-console-paths';

/**
 * One domain (issue 38, admins): its customer, registrar and dates, what the registry says of it,
 * the staff actions, and every step with the registry, newest first.
 */
export function StaffDomainPage() {
  const { userId } = useStaffMember();
  const { domainId = '' } = useParams();
  const query = useStaffDomain(userId, domainId);
  const domain = query.data;
  const notFound = isNotFoundError(query.error);
  useDocumentTitle(
    `${domain ? domain.name : notFound ? 'دامنه پیدا نشد' : 'دامنه'} | ${SECTION_LABEL} | کنسول کارکنان ویترین`,
  );

  if (notFound) {
    return (
      <NotFoundMessage
        icon={<GlobeIcon size={32} />}
        title="دامنه‌ای با این نشانی پیدا نشد"
        description="شاید نشانی را اشتباه وارد کرده‌اید. دامنه را با نامش یا موبایل مشتری در فهرست دامنه‌ها پیدا کنید."
        back={{ to: DOMAINS_CONSOLE_PATH, label: 'رفتن به فهرست دامنه‌ها' }}
      />
    );
  }
  if (query.error && !domain) {
    return <LoadFailed titleOrder={1} title="این دامنه بارگذاری نشد" query={query} />;
  }
  return domain ? <DomainDetails staffId={userId} domain={domain} /> : <DomainSkeleton />;
}

function DomainDetails({ staffId, domain }: { staffId: string; domain: StaffDomain }) {
  const renewalWaits = domain.renewal?.state === 'needs-attention';
  return (
    <Stack gap="xl">
      <PanelPageHeader
        breadcrumbs={[
          { label: 'کنسول کارکنان', to: ADMIN_PATH },
          { label: SECTION_LABEL, to: DOMAINS_CONSOLE_PATH },
          { label: domain.name },
        ]}
        title={<bdi>{domain.name}</bdi>}
        badge={
          <Group gap={6} wrap="wrap">
            <DomainStatusBadge status={domain.status} />
            <RenewalBadge renewal={domain.renewal} />
          </Group>
        }
      />

      {(domain.status === 'needs-attention' || renewalWaits) && (
        <Alert color="violet" variant="light" title="این دامنه منتظر اقدام شماست">
          {domain.note ? (
            <LatinIsolated text={persianNumbers(domain.note)} />
          ) : (
            'کار خودکار ثبت‌کننده متوقف شده است. رویدادها را ببینید؛ پس از رفع مشکل «تلاش دوباره» را بزنید، یا اگر دامنه را خودتان ثبت کرده‌اید «ثبت دستی انجام شد» را.'
          )}
        </Alert>
      )}

      <DomainFacts domain={domain} />
      <DomainActions staffId={staffId} domain={domain} />

      <PageSection title="رویدادها" titleId="domain-events">
        <StaffDomainTimeline events={domain.timeline} />
      </PageSection>
    </Stack>
  );
}

function DomainFacts({ domain }: { domain: StaffDomain }) {
  return (
    <Card padding="lg">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" verticalSpacing="sm">
        <Fact label="مشتری">
          <DomainCustomer customer={domain.customer} />
        </Fact>
        <Fact label="ثبت‌کننده">
          <bdi>{domain.registrar}</bdi>
        </Fact>
        <Fact label="انقضا">
          <DomainExpiry domain={domain} />
        </Fact>
        <Fact label="ثبت در ثبت‌کننده">
          {domain.registeredAt ? <JalaliDateTime iso={domain.registeredAt} /> : '—'}
        </Fact>
        <Fact label="آخرین خواندن از ثبت‌کننده">
          {domain.syncedAt ? <JalaliDateTime iso={domain.syncedAt} /> : 'هنوز خوانده نشده'}
        </Fact>
        <Fact label="در ویترین از">
          <JalaliDateTime iso={domain.createdAt} />
        </Fact>
        <Fact label="تمدید خودکار">{domain.autoRenew ? 'روشن' : 'خاموش'}</Fact>
        <Fact label="سفارش">
          {domain.orderId ? (
            <Anchor component={Link} to={orderFilePath(domain.orderId)} size="sm">
              دیدن سفارش
            </Anchor>
          ) : (
            'بی‌سفارش'
          )}
        </Fact>
        <Fact label="نیم‌سرورها">
          <LatinList items={domain.nameservers} empty="هنوز نیم‌سروری ندارد" />
        </Fact>
        <Fact label="وضعیت‌ها نزد ثبت‌کننده">
          {domain.registryStatuses.length > 0 ? (
            <Group gap={4} wrap="wrap" dir="ltr" justify="flex-end">
              {domain.registryStatuses.map((status) => (
                <Badge key={status} variant="outline" color="gray" size="sm" tt="none">
                  {status}
                </Badge>
              ))}
            </Group>
          ) : (
            'ثبت‌کننده وضعیتی نگفته است'
          )}
        </Fact>
        {domain.note && domain.status !== 'needs-attention' && (
          <Fact label="یادداشت">
            <LatinIsolated text={persianNumbers(domain.note)} />
          </Fact>
        )}
      </SimpleGrid>
    </Card>
  );
}

/** Host names, one a line, left to right. */
function LatinList({ items, empty }: { items: string[]; empty: string }) {
  if (items.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    );
  return (
    <Stack gap={0}>
      {items.map((item) => (
        <Text key={item} size="sm" dir="ltr" ta="right" ff="monospace">
          {item}
        </Text>
      ))}
    </Stack>
  );
}

/** One fact about the domain: its name above, its value under it. */
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

function DomainSkeleton() {
  return (
    <PanelPageSkeleton label="در حال بارگذاری دامنه" crumbsWidth={260} titleWidth={220}>
      <Skeleton height={180} radius="lg" />
      <Skeleton height={96} radius="lg" />
      <Skeleton height={96} radius="lg" />
    </PanelPageSkeleton>
  );
}

import { Alert, Button, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useCallback } from 'react';
import { Link, useSearchParams } from 'react-router';
import { describeApiError } from '../../../lib/api-error';
import { PANEL_PATH } from '../../../lib/panel-paths';
import { useSignedInUserId } from '../../../lib/signed-in-user';
import { GlobeIcon } from '../../../ui/icons';
import { LoadFailed, LoadFailedLine } from '../../../ui/load-failed';
import { PageSection } from '../../../ui/page-section';
import { PanelPageHeader } from '../../../ui/panel-page-header';
import { StatusMessage } from '../../../ui/status-message';
import { useLiveActivity } from '../api/get-live-activity';
import { type LiveDomain, type LiveDomains, useLiveDomains } from '../api/get-live-domains';
import { ConnectionBadge } from '../components/connection-badge';
import { DomainPicker } from '../components/domain-picker';
import { LiveActivityCard } from '../components/live-activity-card';
import { LiveCounters } from '../components/live-counters';
import { TrackerSnippet } from '../components/tracker-snippet';
import { VisitsByHourChart } from '../components/visits-by-hour-chart';
import { VisitsFeed, VisitsFeedSkeleton } from '../components/visits-feed';
import { useLivePanel } from '../hooks/use-live-panel';
import { chosenDomain, DOMAIN_PARAM } from '../utils/chosen-domain';

const TITLE = 'بازدیدکنندگان زنده';

/** The live visitor panel (issue 7, spec §4): a domain's visitors as they come. */
export function LivePage() {
  useDocumentTitle(`${TITLE} | ویترین`);
  const userId = useSignedInUserId();
  const domains = useLiveDomains(userId);

  return (
    <Stack gap="xl">
      <PanelPageHeader
        breadcrumbs={[{ label: 'پیشخوان', to: PANEL_PATH }, { label: TITLE }]}
        title={TITLE}
        description="چه کسانی همین حالا در سایت شما هستند: شمار بازدیدکنندگان، آخرین صفحه‌های دیده‌شده و بازدیدهای امروز."
      />
      {domains.data ? (
        domains.data.domains.length === 0 ? (
          <NoDomains />
        ) : (
          <LivePanelForDomains userId={userId} live={domains.data} />
        )
      ) : domains.isError ? (
        <LoadFailed title="دامنه‌های شما بارگذاری نشد" query={domains} />
      ) : (
        <LivePanelSkeleton />
      )}
    </Stack>
  );
}

function NoDomains() {
  return (
    <StatusMessage
      icon={<GlobeIcon size={32} />}
      title="هنوز دامنه‌ای برای نمایش ندارید"
      description="آمار زنده برای سایتی است که دامنه دارد. یک سایت‌ساز یا هاست با دامنه از فروشگاه بخرید؛ دامنه‌اش اینجا می‌آید و کد ردیاب آن را هم همین‌جا می‌گیرید."
    >
      <Button component={Link} to="/store">
        رفتن به فروشگاه
      </Button>
    </StatusMessage>
  );
}

function LivePanelForDomains({ userId, live }: { userId: string; live: LiveDomains }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const domain = chosenDomain(live.domains, searchParams.get(DOMAIN_PARAM));
  const chooseDomain = useCallback(
    (domainName: string) => {
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set(DOMAIN_PARAM, domainName);
          return next;
        },
        { replace: true },
      );
    },
    [setSearchParams],
  );
  // The caller shows no panel without domains.
  if (!domain) return null;
  return (
    <LivePanel
      userId={userId}
      domains={live.domains}
      domain={domain}
      onDomainChange={chooseDomain}
      trackerScriptUrl={live.trackerScriptUrl}
    />
  );
}

interface LivePanelProps {
  userId: string;
  domains: readonly LiveDomain[];
  domain: LiveDomain;
  onDomainChange: (domainName: string) => void;
  trackerScriptUrl: string;
}

function LivePanel({ userId, domains, domain, onDomainChange, trackerScriptUrl }: LivePanelProps) {
  const live = useLivePanel(userId, domain.domainName);
  const activity = useLiveActivity(userId, domain.domainName);
  const counts = live.counts ?? activity.data?.userCount ?? null;
  const noVisitsYet =
    !domain.hasVisits && live.visits === 0 && (activity.data?.recentVisits.length ?? 0) === 0;

  const tracker = (
    <PageSection title="کد ردیاب" titleId="tracker-title">
      <TrackerSnippet
        trackerScriptUrl={trackerScriptUrl}
        noVisitsYet={noVisitsYet}
        domainName={domain.domainName}
      />
    </PageSection>
  );

  return (
    <Stack gap="xl">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" gap="sm">
          <DomainPicker domains={domains} value={domain} onChange={onDomainChange} />
          <ConnectionBadge connected={live.connected} />
        </Group>
        {live.refusal && (
          <Alert color="orange" variant="light" p="sm" role="alert">
            <Text size="sm">{live.refusal}</Text>
          </Alert>
        )}
        <LiveCounters counts={counts} blink={live.updateBlink} blinkKey={live.updateBlinks} />
      </Stack>

      {/* Before the first visit, installing the snippet is the one thing to do: it comes first. */}
      {noVisitsYet && tracker}

      <PageSection title="امروز" titleId="today-title">
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
          <LiveActivityCard
            fanSpeed={live.fanSpeed}
            visitBlink={live.interactionBlink}
            lastVisitAt={live.lastVisitAt}
          />
          {activity.data ? (
            <VisitsByHourChart visitsByHour={activity.data.visitsByHour} />
          ) : activity.isError ? (
            <LoadFailedLine
              message={describeApiError(activity.error) || 'نمودار بازدیدها بارگذاری نشد.'}
              query={activity}
              quiet
            />
          ) : (
            <Skeleton height={200} radius="lg" />
          )}
        </SimpleGrid>
      </PageSection>

      <PageSection title="آخرین بازدیدها" titleId="recent-visits-title">
        {activity.data ? (
          <VisitsFeed visits={activity.data.recentVisits} />
        ) : activity.isError ? (
          <LoadFailedLine
            message={describeApiError(activity.error) || 'آخرین بازدیدها بارگذاری نشد.'}
            query={activity}
          />
        ) : (
          <VisitsFeedSkeleton />
        )}
      </PageSection>

      {!noVisitsYet && tracker}
    </Stack>
  );
}

function LivePanelSkeleton() {
  return (
    <Stack gap="xl" aria-busy="true" aria-label="در حال بارگذاری پنل زنده">
      <Skeleton height={56} width={320} maw="100%" />
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
        {['all', 'today', 'new', 'online'].map((key) => (
          <Skeleton key={key} height={96} radius="lg" />
        ))}
      </SimpleGrid>
      <Skeleton height={200} radius="lg" />
    </Stack>
  );
}

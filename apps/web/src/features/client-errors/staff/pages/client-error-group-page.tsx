import { Box, Button, Card, Code, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { toPersianDigits } from '@vitrin/fa';
import { type ReactNode, useId, useState } from 'react';
import { useParams } from 'react-router';
import { isNotFoundError } from '../../../../lib/api-error';
import { useFilterParams } from '../../../../lib/use-filter-params';
import { AlertIcon } from '../../../../ui/icons';
import { JalaliDateTime } from '../../../../ui/jalali-date-time';
import { LabeledText } from '../../../../ui/labeled-value';
import { ListPagination } from '../../../../ui/list-pagination';
import { LoadFailed } from '../../../../ui/load-failed';
import { PageSection } from '../../../../ui/page-section';
import { PanelPageHeader, PanelPageSkeleton } from '../../../../ui/panel-page-header';
import { NotFoundMessage } from '../../../../ui/status-message';
import { ADMIN_PATH, CLIENT_ERRORS_PATH } from '../../../console/utils/admin-sections';
import { useStaffMember } from '../../../console/utils/staff-context';
import {
  CLIENT_ERROR_SAMPLES_PAGE_SIZE,
  type ClientErrorGroupReports,
  type ClientErrorSample,
  useClientErrorGroup,
} from '../api/get-client-error-group';
import {
  ErrorMessageText,
  LatinCode,
  PeriodControl,
  PlatformBadge,
  releaseText,
} from '../components/client-error-parts';
import {
  type ClientErrorGroupFilters,
  clientErrorGroupFilterCodec,
  PERIOD_LABELS,
  periodSearch,
} from '../utils/client-error-filters';
import { describeUserAgent } from '../utils/user-agent';
import { SECTION_LABEL } from './client-errors-page';

const PAGE_TITLE = 'جزئیات خطا';

/** One error (issue 23, admins): its counts over the period, and its reports newest first. */
export function ClientErrorGroupPage() {
  useDocumentTitle(`${PAGE_TITLE} | کنسول کارکنان ویترین`);
  const { userId } = useStaffMember();
  const { groupId = '' } = useParams();
  const [filters, setFilters] = useFilterParams(clientErrorGroupFilterCodec);
  const reports = useClientErrorGroup(userId, groupId, filters);
  const data = reports.data;
  const listPath = `${CLIENT_ERRORS_PATH}${periodSearch(filters.days)}`;

  if (isNotFoundError(reports.error)) {
    return (
      <Stack gap="lg">
        <GroupHeader listPath={listPath} />
        <PeriodControl value={filters.days} onChange={(days) => setFilters({ days })} />
        <NotFoundMessage
          icon={<AlertIcon size={32} />}
          title={reports.error.message}
          description={`در ${PERIOD_LABELS[filters.days]} گزارشی از این خطا نرسیده است. بازهٔ بلندتری را ببینید یا به فهرست خطاها برگردید.`}
          back={{ to: listPath, label: 'رفتن به گزارش خطاها' }}
        />
      </Stack>
    );
  }
  if (reports.error && !data) {
    return <LoadFailed titleOrder={1} title="گزارش‌های این خطا بارگذاری نشد" query={reports} />;
  }
  if (!data) {
    return (
      <PanelPageSkeleton label="در حال بارگذاری گزارش‌های خطا" crumbsWidth={260} titleWidth={180}>
        <Skeleton height={160} radius="lg" />
        <Skeleton height={72} radius="lg" />
        <Skeleton height={120} radius="lg" />
      </PanelPageSkeleton>
    );
  }
  return (
    <Stack gap="xl">
      <GroupHeader listPath={listPath} />
      <GroupSummary data={data} filters={filters} setFilters={setFilters} />
      <PageSection title="گزارش‌ها" titleId="client-error-reports">
        <Text size="sm" c="dimmed">
          {`${toPersianDigits(data.samples.total)} گزارش در ${PERIOD_LABELS[filters.days]}، تازه‌ترین اول`}
        </Text>
        <Stack
          component="ol"
          gap="sm"
          m={0}
          p={0}
          aria-label="گزارش‌های این خطا"
          style={{ opacity: reports.isPlaceholderData ? 0.6 : 1 }}
        >
          {data.samples.items.map((sample) => (
            <SampleCard key={sample.id} sample={sample} />
          ))}
        </Stack>
        <ListPagination
          page={filters.page}
          pageSize={CLIENT_ERROR_SAMPLES_PAGE_SIZE}
          total={data.samples.total}
          onChange={(page) => setFilters({ page })}
        />
      </PageSection>
    </Stack>
  );
}

function GroupHeader({ listPath }: { listPath: string }) {
  return (
    <PanelPageHeader
      breadcrumbs={[
        { label: 'کنسول کارکنان', to: ADMIN_PATH },
        { label: SECTION_LABEL, to: listPath },
        { label: PAGE_TITLE },
      ]}
      title={PAGE_TITLE}
    />
  );
}

function GroupSummary({
  data,
  filters,
  setFilters,
}: {
  data: ClientErrorGroupReports;
  filters: ClientErrorGroupFilters;
  setFilters: (changes: Partial<ClientErrorGroupFilters>) => void;
}) {
  const { group } = data;
  return (
    <Stack gap="md">
      <Card>
        <Stack gap="sm">
          <Group gap="xs">
            <PlatformBadge platform={group.platform} />
            <Text size="sm" c="dimmed">
              آخرین پیام
            </Text>
          </Group>
          <ErrorMessageText message={group.latest.message} size="md" />
          <LabeledText label="جای خطا">
            {group.location ? (
              <LatinCode>{group.location}</LatinCode>
            ) : (
              'پشتهٔ فراخوانی نفرستاده است'
            )}
          </LabeledText>
          <LabeledText label="پیام در دسته‌بندی">
            <LatinCode title="عددها، شناسه‌ها و نشانی سایت پوشانده شده‌اند">
              {group.message}
            </LatinCode>
          </LabeledText>
        </Stack>
      </Card>
      <PeriodControl value={filters.days} onChange={(days) => setFilters({ days })} />
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm">
        <Fact label="تعداد گزارش">{`${toPersianDigits(group.count)} بار`}</Fact>
        <Fact label="صفحه‌ها">{toPersianDigits(group.pageCount)}</Fact>
        <Fact label="نسخه‌ها">{toPersianDigits(group.releaseCount)}</Fact>
        <Fact label="اولین بار">
          <JalaliDateTime iso={group.firstSeenAt} />
        </Fact>
        <Fact label="آخرین بار">
          <JalaliDateTime iso={group.lastSeenAt} />
        </Fact>
      </SimpleGrid>
    </Stack>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Card padding="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={700}>
        {children}
      </Text>
    </Card>
  );
}

/** One report: when, on which page, from which build and browser; its stack on demand. */
function SampleCard({ sample }: { sample: ClientErrorSample }) {
  const [open, setOpen] = useState(false);
  const stackId = useId();
  const browser = describeUserAgent(sample.userAgent);
  return (
    <Card component="li" padding="md" style={{ listStyle: 'none' }}>
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" gap="xs">
          <Text size="sm" fw={600}>
            <JalaliDateTime iso={sample.receivedAt} />
          </Text>
          <Text size="xs" c="dimmed">
            {browser ? `${releaseText(sample.release)} · ${browser}` : releaseText(sample.release)}
          </Text>
        </Group>
        <LabeledText label="صفحه">
          <LatinCode>{sample.pagePath}</LatinCode>
        </LabeledText>
        <ErrorMessageText message={sample.message} />
        <Group gap="xs" justify="space-between" wrap="wrap">
          <Text size="xs" c="dimmed">
            {'شناسهٔ درخواست: '}
            <LatinCode>{sample.requestId}</LatinCode>
          </Text>
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => setOpen(!open)}
            aria-expanded={open}
            aria-controls={open ? stackId : undefined}
          >
            {open ? 'بستن جزئیات' : 'پشته و مرورگر'}
          </Button>
        </Group>
        {open && (
          <Stack gap="xs" id={stackId}>
            {sample.stack ? (
              <Code block dir="ltr" style={{ maxHeight: 280, overflow: 'auto', textAlign: 'left' }}>
                {sample.stack}
              </Code>
            ) : (
              <Text size="sm" c="dimmed">
                این گزارش پشتهٔ فراخوانی ندارد.
              </Text>
            )}
            {sample.userAgent && (
              <Box>
                <Text size="xs" c="dimmed">
                  مرورگر
                </Text>
                <LatinCode>{sample.userAgent}</LatinCode>
              </Box>
            )}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

import { Anchor, Group, NativeSelect, Stack, Table, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { CLIENT_ERROR_SORTS, type ClientErrorSort } from '@vitrin/contracts';
import { toPersianDigits } from '@vitrin/fa';
import { Link } from 'react-router';
import { useFilterParams } from '../../../../lib/use-filter-params';
import { FilterSelect, filterOptionsOf } from '../../../../ui/filter-select';
import { AlertIcon } from '../../../../ui/icons';
import { JalaliDateTime } from '../../../../ui/jalali-date-time';
import { PanelPageHeader } from '../../../../ui/panel-page-header';
import { AdminListBody } from '../../../console/components/admin-list-body';
import {
  AdminListTable,
  AdminPhoneCard,
  AdminPhoneCards,
} from '../../../console/components/admin-list-table';
import { ADMIN_PATH, CLIENT_ERRORS_PATH } from '../../../console/utils/admin-sections';
import { useStaffMember } from '../../../console/utils/staff-context';
import {
  CLIENT_ERRORS_PAGE_SIZE,
  type ClientErrorGroup,
  useClientErrors,
} from '../api/list-client-errors';
import {
  ErrorMessageText,
  LatinCode,
  PeriodControl,
  PlatformBadge,
  releaseText,
} from '../components/client-error-parts';
import {
  CLIENT_ERROR_PLATFORMS,
  type ClientErrorPeriod,
  clientErrorFilterCodec,
  PERIOD_LABELS,
  PLATFORM_LABELS,
  periodSearch,
  SORT_LABELS,
} from '../utils/client-error-filters';
import { describeUserAgent } from '../utils/user-agent';

export const SECTION_LABEL = 'گزارش خطاها';

/**
 * The errors customers' browsers and the Android app reported (issue 23, admins): one row per
 * error however many people hit it, with how often, since when, and the latest report.
 */
export function ClientErrorsPage() {
  useDocumentTitle(`${SECTION_LABEL} | کنسول کارکنان ویترین`);
  const { userId } = useStaffMember();
  const [filters, setFilters] = useFilterParams(clientErrorFilterCodec);
  const errors = useClientErrors(userId, filters);

  return (
    <Stack gap="lg">
      <PanelPageHeader
        breadcrumbs={[{ label: 'کنسول کارکنان', to: ADMIN_PATH }, { label: SECTION_LABEL }]}
        title={SECTION_LABEL}
        description="خطاهایی که مرورگر یا اپ مشتریان به آن برخورده و خودکار گزارش داده است. یک خطا در صفحه‌ها، نسخه‌ها و دستگاه‌های گوناگون یک ردیف است، با تعداد، اولین و آخرین بار و آخرین نمونه."
      />
      <Group align="flex-end" gap="sm" wrap="wrap">
        <PeriodControl value={filters.days} onChange={(days) => setFilters({ days })} />
        <NativeSelect
          label="ترتیب"
          value={filters.sort}
          onChange={(event) => setFilters({ sort: event.currentTarget.value as ClientErrorSort })}
          data={filterOptionsOf(CLIENT_ERROR_SORTS, SORT_LABELS)}
          w={{ base: '100%', xs: 170 }}
        />
        <FilterSelect
          label="سکو"
          value={filters.platform}
          onChange={(platform) => setFilters({ platform })}
          allLabel="وب و اپ"
          options={filterOptionsOf(CLIENT_ERROR_PLATFORMS, PLATFORM_LABELS)}
          w={{ base: '100%', xs: 150 }}
        />
      </Group>
      <AdminListBody
        query={errors}
        icon={<AlertIcon size={32} />}
        empty={{
          title: `در ${PERIOD_LABELS[filters.days]} خطایی گزارش نشده است`,
          description:
            'هر خطایی که در مرورگر یا اپ مشتریان رخ دهد خودکار این‌جا می‌آید. بازهٔ بلندتری را ببینید.',
          color: 'teal',
        }}
        noMatch={{
          when: filters.platform !== null || filters.page > 1,
          title: 'خطایی با این فیلترها گزارش نشده است',
          description: 'سکو را بردارید یا از صفحهٔ اول ببینید.',
          resetLabel: 'نمایش همهٔ خطاها',
          onReset: () => setFilters({ platform: null }),
        }}
        countNoun="خطا"
        page={filters.page}
        pageSize={CLIENT_ERRORS_PAGE_SIZE}
        onPage={(page) => setFilters({ page })}
        failedTitle="گزارش خطاها بارگذاری نشد"
        loadingLabel="در حال بارگذاری گزارش خطاها"
      >
        {(items) => (
          <>
            <ClientErrorTable items={items} days={filters.days} />
            <ClientErrorCards items={items} days={filters.days} />
          </>
        )}
      </AdminListBody>
    </Stack>
  );
}

const COLUMNS = ['خطا', 'تعداد', 'اولین بار', 'آخرین بار', 'آخرین نمونه'] as const;
const LIST_LABEL = 'فهرست خطاها';

function groupPath(group: ClientErrorGroup, days: ClientErrorPeriod): string {
  return `${CLIENT_ERRORS_PATH}/${group.id}${periodSearch(days)}`;
}

/** From sm up: one row an error. */
function ClientErrorTable({ items, days }: { items: ClientErrorGroup[]; days: ClientErrorPeriod }) {
  return (
    <AdminListTable label={LIST_LABEL} columns={COLUMNS}>
      {items.map((group) => (
        <Table.Tr key={group.id}>
          <Table.Td maw={360}>
            <ErrorSummary group={group} days={days} />
          </Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>
            <Occurrences group={group} />
          </Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>
            <Text size="sm">
              <JalaliDateTime iso={group.firstSeenAt} />
            </Text>
          </Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>
            <Text size="sm">
              <JalaliDateTime iso={group.lastSeenAt} />
            </Text>
          </Table.Td>
          <Table.Td maw={240}>
            <LatestSample group={group} />
          </Table.Td>
        </Table.Tr>
      ))}
    </AdminListTable>
  );
}

/** On a phone: one card an error. */
function ClientErrorCards({ items, days }: { items: ClientErrorGroup[]; days: ClientErrorPeriod }) {
  return (
    <AdminPhoneCards label={LIST_LABEL}>
      {items.map((group) => (
        <AdminPhoneCard key={group.id}>
          <Stack gap={8}>
            <ErrorSummary group={group} days={days} />
            <Occurrences group={group} />
            <Text size="xs" c="dimmed">
              {'اولین بار '}
              <JalaliDateTime iso={group.firstSeenAt} />
              {' · آخرین بار '}
              <JalaliDateTime iso={group.lastSeenAt} />
            </Text>
            <LatestSample group={group} />
          </Stack>
        </AdminPhoneCard>
      ))}
    </AdminPhoneCards>
  );
}

/** The latest message, linked to the error's reports, and where it was thrown. */
function ErrorSummary({ group, days }: { group: ClientErrorGroup; days: ClientErrorPeriod }) {
  return (
    <Stack gap={4}>
      <Anchor
        component={Link}
        to={groupPath(group, days)}
        underline="hover"
        aria-label={`گزارش‌های خطای ${group.latest.message}`}
      >
        <ErrorMessageText message={group.latest.message} />
      </Anchor>
      <Group gap={6} wrap="wrap">
        <PlatformBadge platform={group.platform} />
        {group.location ? (
          <LatinCode title="جایی که خطا رخ داد">{group.location}</LatinCode>
        ) : (
          <Text size="xs" c="dimmed">
            بدون پشتهٔ فراخوانی
          </Text>
        )}
      </Group>
    </Stack>
  );
}

/** «۱۲ بار» and on how many pages and releases. */
function Occurrences({ group }: { group: ClientErrorGroup }) {
  return (
    <Stack gap={0}>
      <Text size="sm" fw={700}>
        {`${toPersianDigits(group.count)} بار`}
      </Text>
      <Text size="xs" c="dimmed">
        {`در ${toPersianDigits(group.pageCount)} صفحه · ${toPersianDigits(group.releaseCount)} نسخه`}
      </Text>
    </Stack>
  );
}

/** Where the latest report came from: its page, its build and its browser. */
function LatestSample({ group }: { group: ClientErrorGroup }) {
  const { latest } = group;
  const browser = describeUserAgent(latest.userAgent);
  return (
    <Stack gap={2}>
      <div>
        <LatinCode>{latest.pagePath}</LatinCode>
      </div>
      <Text size="xs" c="dimmed">
        {browser ? `${releaseText(latest.release)} · ${browser}` : releaseText(latest.release)}
      </Text>
    </Stack>
  );
}

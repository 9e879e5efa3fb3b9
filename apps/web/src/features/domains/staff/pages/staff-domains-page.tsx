import { Badge, Group, Stack, Switch } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { DOMAIN_STATUS_LABELS, DOMAIN_STATUSES } from '@vitrin/contracts';
import { toPersianDigits } from '@vitrin/fa';
import { useFilterParams } from '../../../../lib/use-filter-params';
import { FilterSelect, filterOptionsOf } from '../../../../ui/filter-select';
import { GlobeIcon } from '../../../../ui/icons';
import { SearchBox } from '../../../../ui/search-box';
import { AdminListBody } from '../../../console/components/admin-list-body';
import { useStaffMember } from '../../../console/utils/staff-context';
import { STAFF_DOMAINS_PAGE_SIZE, useStaffDomains } from '../api/staff-domains';
import { DomainsConsoleHeader, SECTION_LABEL } from '../components/domains-console-header';
import { DomainsConsoleTabs } from '../components/domains-console-tabs';
import { ImportDomainDialog } from '../components/import-domain-dialog';
import { StaffDomainList } from '../components/staff-domain-list';
import { hasStaffDomainFilters, staffDomainFilterCodec } from '../utils/staff-domain-filters';

const STATUS_OPTIONS = filterOptionsOf(DOMAIN_STATUSES, DOMAIN_STATUS_LABELS);

/**
 * Every customer's domains (issue 38, admins): searched by name or customer, filtered by state
 * or to those waiting for a person; and names the company already manages, added by hand.
 */
export function StaffDomainsPage() {
  useDocumentTitle(`${SECTION_LABEL} | کنسول کارکنان ویترین`);
  const { userId } = useStaffMember();
  const [filters, setFilters] = useFilterParams(staffDomainFilterCodec);
  const list = useStaffDomains(userId, filters);
  const needsStaff = list.data?.needsStaff;
  const clearFilters = () => setFilters({ q: '', status: null, needsStaff: false });

  return (
    <Stack gap="lg">
      <DomainsConsoleHeader
        description="دامنه‌های همهٔ مشتریان با وضعیتشان نزد ثبت‌کننده. آن‌هایی که «در دست پشتیبانی»اند یا تمدیدشان به کارشناس رسیده منتظر شما هستند؛ صفحه‌شان را باز کنید و دوباره بفرستید، از ثبت‌کننده بخوانید، دستی کامل کنید یا مبلغ را برگردانید."
        actions={<ImportDomainDialog staffId={userId} />}
      />
      <DomainsConsoleTabs active="domains" needsStaff={needsStaff} />
      <Group align="flex-end" gap="sm" wrap="wrap" role="search" aria-label="جست‌وجوی دامنه‌ها">
        <div style={{ flex: '1 1 260px', minWidth: 0 }}>
          <SearchBox
            label="نام دامنه یا مشتری"
            placeholder="مثلا sara-blog یا ۰۹۱۲۱۲۳۴۵۶۷"
            value={filters.q}
            onSearch={(q) => setFilters({ q })}
          />
        </div>
        <FilterSelect
          label="وضعیت"
          value={filters.status}
          onChange={(status) => setFilters({ status })}
          allLabel="همهٔ وضعیت‌ها"
          options={STATUS_OPTIONS}
          w={{ base: '100%', xs: 220 }}
        />
        <Switch
          label={
            <Group gap={6} wrap="nowrap" component="span">
              فقط نیازمند کارشناس
              {needsStaff !== undefined && (
                <Badge
                  size="sm"
                  circle={needsStaff < 10}
                  color={needsStaff > 0 ? 'violet' : 'gray'}
                  variant={needsStaff > 0 ? 'filled' : 'light'}
                  aria-label={`${toPersianDigits(needsStaff)} دامنهٔ نیازمند کارشناس`}
                >
                  {toPersianDigits(needsStaff)}
                </Badge>
              )}
            </Group>
          }
          checked={filters.needsStaff}
          onChange={(event) => setFilters({ needsStaff: event.currentTarget.checked })}
          mb={8}
        />
      </Group>
      <AdminListBody
        query={list}
        icon={<GlobeIcon size={32} />}
        empty={{
          title: 'هنوز دامنه‌ای ثبت نشده است',
          description:
            'دامنه‌هایی که مشتریان بخرند یا منتقل کنند این‌جا می‌آیند؛ دامنه‌ای را که از پیش دارید با «افزودن دامنهٔ موجود» به حساب مشتری بیفزایید.',
        }}
        noMatch={{
          when: hasStaffDomainFilters(filters) || filters.page > 1,
          title: filters.needsStaff ? 'دامنه‌ای منتظر کارشناس نیست' : 'دامنه‌ای با این فیلترها نیست',
          description: filters.needsStaff
            ? 'دامنه‌هایی که ثبت‌کننده هنوز خودکار پیش می‌برد در فهرست کامل‌اند.'
            : 'جست‌وجو یا وضعیت را تغییر دهید یا بردارید.',
          resetLabel: 'نمایش همهٔ دامنه‌ها',
          onReset: clearFilters,
        }}
        countNoun="دامنه"
        page={filters.page}
        pageSize={STAFF_DOMAINS_PAGE_SIZE}
        onPage={(page) => setFilters({ page })}
        failedTitle="دامنه‌ها بارگذاری نشد"
        loadingLabel="در حال بارگذاری دامنه‌ها"
      >
        {(items) => <StaffDomainList items={items} />}
      </AdminListBody>
    </Stack>
  );
}

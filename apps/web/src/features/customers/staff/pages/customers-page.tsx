import { Anchor, Group, Stack, Table, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { formatMobile, toPersianDigits } from '@vitrin/fa';
import { Link } from 'react-router';
import { trailState } from '../../../../lib/list-cursor';
import { tomanText } from '../../../../lib/money';
import { useFilterParams } from '../../../../lib/use-filter-params';
import { UserIcon } from '../../../../ui/icons';
import { JalaliDate } from '../../../../ui/jalali-date-time';
import { ListCard, NameLink } from '../../../../ui/list-card';
import { MobileNumber } from '../../../../ui/mobile-number';
import { PanelPageHeader } from '../../../../ui/panel-page-header';
import { AdminListBody } from '../../../console/components/admin-list-body';
import { AdminListTable, AdminPhoneCards } from '../../../console/components/admin-list-table';
import { ADMIN_PATH } from '../../../console/utils/admin-sections';
import { useStaffMember } from '../../../console/utils/staff-context';
import { CUSTOMERS_PAGE_SIZE, type CustomerListRow, useCustomers } from '../api/customers';
import { CustomerLockBadge, StaffRoleBadge } from '../components/customer-badges';
import { CustomerFiltersBar } from '../components/customer-filters-bar';
import { customerFilterCodec, hasCustomerFilters } from '../utils/customer-filters';
import { customerPath } from '../utils/customer-paths';

/** The customers list (issue 8, support and admins): search by mobile, name or e-mail. */
export function CustomersPage() {
  useDocumentTitle('مشتریان | کنسول کارکنان ویترین');
  const { userId } = useStaffMember();
  const [filters, setFilters] = useFilterParams(customerFilterCodec);
  const customers = useCustomers(userId, filters);

  return (
    <Stack gap="lg">
      <PanelPageHeader
        breadcrumbs={[{ label: 'کنسول کارکنان', to: ADMIN_PATH }, { label: 'مشتریان' }]}
        title="مشتریان"
        description="با شمارهٔ موبایل (به هر شکلی که نوشته شود)، نام یا ایمیل جست‌وجو کنید و پروندهٔ مشتری را باز کنید."
      />
      <CustomerFiltersBar filters={filters} setFilters={setFilters} />
      <AdminListBody
        query={customers}
        icon={<UserIcon size={32} />}
        empty={{
          title: 'هنوز کسی ثبت‌نام نکرده است',
          description: 'هر کس با شمارهٔ موبایلش ثبت‌نام کند این‌جا می‌آید.',
        }}
        noMatch={{
          when: hasCustomerFilters(filters) || filters.page > 1,
          title: 'مشتری‌ای با این جست‌وجو پیدا نشد',
          description: 'شماره یا نام را دوباره بررسی کنید، یا فیلترها را بردارید.',
          resetLabel: 'نمایش همهٔ مشتریان',
          onReset: () => setFilters({ query: '', role: null, lock: null }),
        }}
        countNoun="حساب"
        page={filters.page}
        pageSize={CUSTOMERS_PAGE_SIZE}
        cursor={{
          after: filters.after,
          onMove: ({ trail, ...place }) => setFilters(place, { state: trailState(trail) }),
        }}
        failedTitle="فهرست مشتریان بارگذاری نشد"
        loadingLabel="در حال بارگذاری مشتریان"
      >
        {(items) => (
          <>
            <CustomersTable items={items} />
            <CustomerCards items={items} />
          </>
        )}
      </AdminListBody>
    </Stack>
  );
}

function displayName(row: { name: string | null; mobile: string }): string {
  return row.name ?? toPersianDigits(formatMobile(row.mobile));
}

const COLUMNS = ['مشتری', 'موبایل', 'ایمیل', 'عضویت', 'سرویس', 'سفارش', 'کیف پول'] as const;

/** From sm up: one row a customer, the name linking to the file. */
function CustomersTable({ items }: { items: CustomerListRow[] }) {
  return (
    <AdminListTable label="فهرست مشتریان" columns={COLUMNS}>
      {items.map((row) => (
        <Table.Tr key={row.id}>
          <Table.Td>
            <Group gap={6} wrap="wrap">
              <Anchor
                component={Link}
                to={customerPath(row.id)}
                fw={700}
                size="sm"
                style={{ overflowWrap: 'anywhere' }}
              >
                {displayName(row)}
              </Anchor>
              <StaffRoleBadge role={row.role} />
              <CustomerLockBadge lockedAt={row.lockedAt} />
            </Group>
          </Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>
            <Text size="sm">
              <MobileNumber mobile={row.mobile} />
            </Text>
          </Table.Td>
          <Table.Td maw={240}>
            <Email email={row.email} />
          </Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>
            <Text size="sm">
              <JalaliDate iso={row.createdAt} />
            </Text>
          </Table.Td>
          <Table.Td>
            <Text size="sm">{toPersianDigits(row.serviceCount)}</Text>
          </Table.Td>
          <Table.Td>
            <Text size="sm">{toPersianDigits(row.orderCount)}</Text>
          </Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>
            <Text size="sm">{tomanText(row.walletBalanceRial)}</Text>
          </Table.Td>
        </Table.Tr>
      ))}
    </AdminListTable>
  );
}

/** On a phone: one card a customer. */
function CustomerCards({ items }: { items: CustomerListRow[] }) {
  return (
    <AdminPhoneCards label="فهرست مشتریان">
      {items.map((row) => (
        <ListCard key={row.id} label={displayName(row)}>
          <Stack gap={6}>
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
              <NameLink to={customerPath(row.id)}>{displayName(row)}</NameLink>
              <Group gap={4} wrap="nowrap">
                <StaffRoleBadge role={row.role} />
                <CustomerLockBadge lockedAt={row.lockedAt} />
              </Group>
            </Group>
            <Text size="sm">
              <MobileNumber mobile={row.mobile} />
            </Text>
            {row.email && <Email email={row.email} />}
            <Group gap="md" wrap="wrap">
              <Text size="xs" c="dimmed">
                {'عضویت '}
                <JalaliDate iso={row.createdAt} />
              </Text>
              <Text size="xs" c="dimmed">{`${toPersianDigits(row.serviceCount)} سرویس`}</Text>
              <Text size="xs" c="dimmed">{`${toPersianDigits(row.orderCount)} سفارش`}</Text>
            </Group>
            <Text size="sm">
              <Text span size="sm" c="dimmed">
                {'کیف پول: '}
              </Text>
              {tomanText(row.walletBalanceRial)}
            </Text>
          </Stack>
        </ListCard>
      ))}
    </AdminPhoneCards>
  );
}

function Email({ email }: { email: string | null }) {
  return email ? (
    <Text size="sm" dir="ltr" ta="right" style={{ overflowWrap: 'anywhere' }}>
      {email}
    </Text>
  ) : (
    <Text size="sm" c="dimmed">
      —
    </Text>
  );
}

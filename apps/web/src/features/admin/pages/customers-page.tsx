import {
  Anchor,
  Box,
  Button,
  Card,
  Group,
  Loader,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { formatMobile, toPersianDigits } from '@vitrin/fa';
import { Link } from 'react-router';
import { tomanText } from '../../../lib/money';
import { useFilterParams } from '../../../lib/use-filter-params';
import { UserIcon } from '../../../ui/icons';
import { JalaliDate } from '../../../ui/jalali-date-time';
import { ListCard, NameLink } from '../../../ui/list-card';
import { ListPagination } from '../../../ui/list-pagination';
import { LoadFailed } from '../../../ui/load-failed';
import { MobileNumber } from '../../../ui/mobile-number';
import { PanelPageHeader } from '../../../ui/panel-page-header';
import { StatusMessage } from '../../../ui/status-message';
import { CUSTOMERS_PAGE_SIZE, type CustomerListRow, useCustomers } from '../api/customers';
import { CustomerLockBadge, StaffRoleBadge } from '../components/customer-badges';
import { CustomerFiltersBar } from '../components/customer-filters-bar';
import { ADMIN_PATH } from '../utils/admin-sections';
import { customerFilterCodec, hasCustomerFilters } from '../utils/customer-filters';
import { customerPath } from '../utils/customer-paths';
import { useStaffMember } from '../utils/staff-context';

/** The customers list (issue 8, support and admins): search by mobile, name or e-mail. */
export function CustomersPage() {
  useDocumentTitle('مشتریان | کنسول کارکنان ویترین');
  const { userId } = useStaffMember();
  const [filters, setFilters] = useFilterParams(customerFilterCodec);
  const customers = useCustomers(userId, filters);
  const data = customers.data;

  return (
    <Stack gap="lg">
      <PanelPageHeader
        breadcrumbs={[{ label: 'کنسول کارکنان', to: ADMIN_PATH }, { label: 'مشتریان' }]}
        title="مشتریان"
        description="با شمارهٔ موبایل (به هر شکلی که نوشته شود)، نام یا ایمیل جست‌وجو کنید و پروندهٔ مشتری را باز کنید."
      />
      <CustomerFiltersBar filters={filters} setFilters={setFilters} />
      {data ? (
        data.items.length === 0 ? (
          hasCustomerFilters(filters) || filters.page > 1 ? (
            <StatusMessage
              icon={<UserIcon size={32} />}
              title="مشتری‌ای با این جست‌وجو پیدا نشد"
              description="شماره یا نام را دوباره بررسی کنید، یا فیلترها را بردارید."
            >
              <Button
                variant="light"
                onClick={() => setFilters({ query: '', role: null, lock: null })}
              >
                نمایش همهٔ مشتریان
              </Button>
            </StatusMessage>
          ) : (
            <StatusMessage
              icon={<UserIcon size={32} />}
              title="هنوز کسی ثبت‌نام نکرده است"
              description="هر کس با شمارهٔ موبایلش ثبت‌نام کند این‌جا می‌آید."
            />
          )
        ) : (
          <>
            <Group justify="space-between" gap="sm">
              <Text size="sm" c="dimmed">
                {`${toPersianDigits(data.total)} حساب`}
              </Text>
              {customers.isFetching && (
                <Loader size="xs" type="dots" aria-label="در حال به‌روزرسانی" />
              )}
            </Group>
            <Box style={{ opacity: customers.isPlaceholderData ? 0.6 : 1 }}>
              <CustomersTable items={data.items} />
              <CustomerCards items={data.items} />
            </Box>
            <ListPagination
              page={filters.page}
              pageSize={CUSTOMERS_PAGE_SIZE}
              total={data.total}
              onChange={(page) => setFilters({ page })}
            />
          </>
        )
      ) : customers.isError ? (
        <LoadFailed title="فهرست مشتریان بارگذاری نشد" query={customers} />
      ) : (
        <Stack gap="sm" aria-busy="true" aria-label="در حال بارگذاری مشتریان">
          <Skeleton height={56} radius="md" />
          <Skeleton height={56} radius="md" />
          <Skeleton height={56} radius="md" />
        </Stack>
      )}
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
    <Card p={0} visibleFrom="sm">
      <Table verticalSpacing="sm" horizontalSpacing="md" aria-label="فهرست مشتریان">
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map((column) => (
              <Table.Th key={column}>{column}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
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
        </Table.Tbody>
      </Table>
    </Card>
  );
}

/** On a phone: one card a customer. */
function CustomerCards({ items }: { items: CustomerListRow[] }) {
  return (
    <Stack gap="sm" component="ul" m={0} p={0} hiddenFrom="sm" aria-label="فهرست مشتریان">
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
    </Stack>
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

import {
  Anchor,
  Box,
  Button,
  Card,
  Group,
  Input,
  Loader,
  NativeSelect,
  SegmentedControl,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { BILLING_CYCLE_LABELS, CATALOG_STATUS_LABELS, type CatalogStatus } from '@vitrin/contracts';
import { toPersianDigits } from '@vitrin/fa';
import { Link } from 'react-router';
import { tomanText } from '../../../lib/money';
import { useFilterParams } from '../../../lib/use-filter-params';
import { BagIcon, PlusIcon } from '../../../ui/icons';
import { JalaliDateTime } from '../../../ui/jalali-date-time';
import { ListPagination } from '../../../ui/list-pagination';
import { LoadFailed } from '../../../ui/load-failed';
import { PanelPageHeader } from '../../../ui/panel-page-header';
import { ProductIcon } from '../../../ui/product-icon';
import { SearchBox } from '../../../ui/search-box';
import { StatusMessage } from '../../../ui/status-message';
import {
  CATALOG_PAGE_SIZE,
  type ProductRow,
  useAllCatalogGroups,
  useCatalogProducts,
} from '../api/catalog-queries';
import { CatalogStatusBadge } from '../components/catalog-status';
import { CatalogTabs } from '../components/catalog-tabs';
import { ADMIN_PATH } from '../utils/admin-sections';
import {
  CATALOG_PATH,
  hasProductFilters,
  productFilterCodec,
  productPath,
} from '../utils/catalog-filters';
import { useStaffMember } from '../utils/staff-context';

const ALL = '';

/** The console's products (issue 8): published or not, by group, status and text. */
export function CatalogProductsPage() {
  useDocumentTitle('محصولات | کنسول کارکنان ویترین');
  const { userId } = useStaffMember();
  const [filters, setFilters] = useFilterParams(productFilterCodec);
  const list = useCatalogProducts(userId, filters);
  const groups = useAllCatalogGroups(userId);
  const data = list.data;

  return (
    <Stack gap="lg">
      <PanelPageHeader
        breadcrumbs={[{ label: 'کنسول کارکنان', to: ADMIN_PATH }, { label: 'فروشگاه' }]}
        title="محصولات"
        description="همهٔ محصولات فروشگاه، منتشرشده یا نه؛ محصول تازه تا قیمت نگیرد و منتشر نشود به مشتریان نشان داده نمی‌شود."
        actions={
          <Button
            component={Link}
            to={`${CATALOG_PATH}/products/new`}
            leftSection={<PlusIcon size={18} />}
          >
            محصول تازه
          </Button>
        }
      />
      <CatalogTabs active="products" />
      <Group align="flex-end" gap="sm" wrap="wrap" role="search" aria-label="فیلتر محصولات">
        <Box w={{ base: '100%', xs: 260 }}>
          <SearchBox
            label="جست‌وجو"
            placeholder="نام یا توضیح محصول"
            value={filters.q}
            onSearch={(q) => setFilters({ q })}
          />
        </Box>
        <NativeSelect
          label="گروه"
          value={filters.groupId ?? ALL}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setFilters({ groupId: value === ALL ? null : value });
          }}
          data={[
            { value: ALL, label: 'همهٔ گروه‌ها' },
            ...(groups.data ?? []).map((group) => ({ value: group.id, label: group.name })),
          ]}
          w={{ base: '100%', xs: 200 }}
        />
        <Input.Wrapper
          id="product-status-filter"
          label="وضعیت"
          labelElement="div"
          w={{ base: '100%', xs: 'auto' }}
        >
          <SegmentedControl
            fullWidth
            aria-labelledby="product-status-filter-label"
            value={filters.status ?? ALL}
            onChange={(value) =>
              setFilters({ status: value === ALL ? null : (value as CatalogStatus) })
            }
            data={[
              { value: ALL, label: 'همه' },
              { value: 'active', label: CATALOG_STATUS_LABELS.active },
              { value: 'hidden', label: CATALOG_STATUS_LABELS.hidden },
            ]}
          />
        </Input.Wrapper>
      </Group>
      {data ? (
        data.items.length === 0 ? (
          hasProductFilters(filters) || filters.page > 1 ? (
            <StatusMessage
              icon={<BagIcon size={32} />}
              title="محصولی با این فیلترها نیست"
              description="فیلترها را تغییر دهید یا بردارید."
            >
              <Button
                variant="light"
                onClick={() => setFilters({ groupId: null, status: null, q: '' })}
              >
                نمایش همهٔ محصولات
              </Button>
            </StatusMessage>
          ) : (
            <StatusMessage
              icon={<BagIcon size={32} />}
              title="هنوز محصولی ساخته نشده است"
              description="نخستین محصول را بسازید؛ پس از قیمت‌گذاری منتشرش کنید."
            />
          )
        ) : (
          <>
            <Group justify="space-between" gap="sm">
              <Text size="sm" c="dimmed">
                {`${toPersianDigits(data.total)} محصول`}
              </Text>
              {list.isFetching && <Loader size="xs" type="dots" aria-label="در حال به‌روزرسانی" />}
            </Group>
            <Box style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
              <ProductsTable items={data.items} />
              <ProductCards items={data.items} />
            </Box>
            <ListPagination
              page={filters.page}
              pageSize={CATALOG_PAGE_SIZE}
              total={data.total}
              onChange={(page) => setFilters({ page })}
            />
          </>
        )
      ) : list.isError ? (
        <LoadFailed title="محصولات بارگذاری نشد" query={list} />
      ) : (
        <Stack gap="sm" aria-busy="true" aria-label="در حال بارگذاری محصولات">
          <Skeleton height={56} radius="md" />
          <Skeleton height={56} radius="md" />
          <Skeleton height={56} radius="md" />
        </Stack>
      )}
    </Stack>
  );
}

function StartingPrice({ row }: { row: ProductRow }) {
  if (!row.startingPrice) {
    return (
      <Text size="sm" c="dimmed">
        بی‌قیمت
      </Text>
    );
  }
  const { price, regularPrice, cycle } = row.startingPrice;
  return (
    <Text size="sm">
      {tomanText(price)}
      <Text span size="xs" c="dimmed">
        {` ${BILLING_CYCLE_LABELS[cycle]}`}
      </Text>
      {price < regularPrice && (
        <Text span size="xs" c="dimmed" td="line-through" ms={6}>
          {tomanText(regularPrice)}
        </Text>
      )}
    </Text>
  );
}

function ProductName({ row }: { row: ProductRow }) {
  return (
    <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
      <ProductIcon src={row.iconUrl} size={36} />
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Anchor component={Link} to={productPath(row.id)} fw={700} size="sm">
          {row.name}
        </Anchor>
        <Text size="xs" c="dimmed" dir="ltr" ta="right" style={{ overflowWrap: 'anywhere' }}>
          {row.slug}
        </Text>
      </Stack>
    </Group>
  );
}

function ProductsTable({ items }: { items: ProductRow[] }) {
  return (
    <Card p={0} visibleFrom="sm">
      <Table verticalSpacing="sm" horizontalSpacing="md" aria-label="فهرست محصولات">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>محصول</Table.Th>
            <Table.Th>گروه</Table.Th>
            <Table.Th>قیمت از</Table.Th>
            <Table.Th>دوره‌ها</Table.Th>
            <Table.Th>وضعیت</Table.Th>
            <Table.Th>آخرین تغییر</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td>
                <ProductName row={row} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{row.group.name}</Text>
              </Table.Td>
              <Table.Td>
                <StartingPrice row={row} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{toPersianDigits(row.cycleCount)}</Text>
              </Table.Td>
              <Table.Td>
                <Group gap={4}>
                  <CatalogStatusBadge status={row.status} />
                  {row.isFeatured && (
                    <Text size="xs" c="dimmed">
                      ویژه
                    </Text>
                  )}
                </Group>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Text size="sm">
                  <JalaliDateTime iso={row.updatedAt} />
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}

function ProductCards({ items }: { items: ProductRow[] }) {
  return (
    <Stack gap="sm" component="ul" m={0} p={0} hiddenFrom="sm" aria-label="فهرست محصولات">
      {items.map((row) => (
        <Card key={row.id} component="li" padding="md" style={{ listStyle: 'none' }}>
          <Stack gap={8}>
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
              <ProductName row={row} />
              <CatalogStatusBadge status={row.status} />
            </Group>
            <Group justify="space-between" gap="xs">
              <Text size="sm" c="dimmed">
                {`${row.group.name}، ${toPersianDigits(row.cycleCount)} دوره`}
              </Text>
              <StartingPrice row={row} />
            </Group>
            <Text size="xs" c="dimmed">
              {'آخرین تغییر: '}
              <JalaliDateTime iso={row.updatedAt} />
            </Text>
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}

import { Box, Group, Stack, Table, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { BILLING_CYCLE_LABELS } from '@vitrin/contracts';
import { toPersianDigits } from '@vitrin/fa';
import { tomanText } from '../../../../lib/money';
import { useFilterParams } from '../../../../lib/use-filter-params';
import { FilterSelect } from '../../../../ui/filter-select';
import { BagIcon } from '../../../../ui/icons';
import { JalaliDateTime } from '../../../../ui/jalali-date-time';
import { PanelPageHeader } from '../../../../ui/panel-page-header';
import { ProductIcon } from '../../../../ui/product-icon';
import { SearchBox } from '../../../../ui/search-box';
import { AdminListBody } from '../../../console/components/admin-list-body';
import {
  AdminListTable,
  AdminPhoneCard,
  AdminPhoneCards,
} from '../../../console/components/admin-list-table';
import { NewRecordButton } from '../../../console/components/new-record-button';
import { ADMIN_PATH } from '../../../console/utils/admin-sections';
import { useStaffMember } from '../../../console/utils/staff-context';
import {
  CATALOG_PAGE_SIZE,
  type ProductRow,
  useAllCatalogGroups,
  useCatalogProducts,
} from '../api/catalog-queries';
import { CatalogRecordName } from '../components/catalog-record-name';
import { CatalogStatusBadge } from '../components/catalog-status';
import { CatalogStatusFilter } from '../components/catalog-status-filter';
import { CatalogTabs } from '../components/catalog-tabs';
import {
  CATALOG_PATH,
  hasProductFilters,
  productFilterCodec,
  productPath,
} from '../utils/catalog-filters';

/** The console's products (issue 8): published or not, by group, status and text. */
export function CatalogProductsPage() {
  useDocumentTitle('محصولات | کنسول کارکنان ویترین');
  const { userId } = useStaffMember();
  const [filters, setFilters] = useFilterParams(productFilterCodec);
  const list = useCatalogProducts(userId, filters);
  const groups = useAllCatalogGroups(userId);

  return (
    <Stack gap="lg">
      <PanelPageHeader
        breadcrumbs={[{ label: 'کنسول کارکنان', to: ADMIN_PATH }, { label: 'فروشگاه' }]}
        title="محصولات"
        description="همهٔ محصولات فروشگاه، منتشرشده یا نه؛ محصول تازه تا قیمت نگیرد و منتشر نشود به مشتریان نشان داده نمی‌شود."
        actions={<NewRecordButton to={`${CATALOG_PATH}/products/new`} label="محصول تازه" />}
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
        <FilterSelect
          label="گروه"
          value={filters.groupId}
          onChange={(groupId) => setFilters({ groupId })}
          allLabel="همهٔ گروه‌ها"
          options={(groups.data ?? []).map((group) => ({ value: group.id, label: group.name }))}
          w={{ base: '100%', xs: 200 }}
        />
        <CatalogStatusFilter
          id="product-status-filter"
          value={filters.status}
          onChange={(status) => setFilters({ status })}
        />
      </Group>
      <AdminListBody
        query={list}
        icon={<BagIcon size={32} />}
        empty={{
          title: 'هنوز محصولی ساخته نشده است',
          description: 'نخستین محصول را بسازید؛ پس از قیمت‌گذاری منتشرش کنید.',
        }}
        noMatch={{
          when: hasProductFilters(filters) || filters.page > 1,
          title: 'محصولی با این فیلترها نیست',
          description: 'فیلترها را تغییر دهید یا بردارید.',
          resetLabel: 'نمایش همهٔ محصولات',
          onReset: () => setFilters({ groupId: null, status: null, q: '' }),
        }}
        countNoun="محصول"
        page={filters.page}
        pageSize={CATALOG_PAGE_SIZE}
        onPage={(page) => setFilters({ page })}
        failedTitle="محصولات بارگذاری نشد"
        loadingLabel="در حال بارگذاری محصولات"
      >
        {(items) => (
          <>
            <ProductsTable items={items} />
            <ProductCards items={items} />
          </>
        )}
      </AdminListBody>
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
    <CatalogRecordName
      picture={<ProductIcon src={row.iconUrl} size={36} />}
      to={productPath(row.id)}
      name={row.name}
      slug={row.slug}
    />
  );
}

const COLUMNS = ['محصول', 'گروه', 'قیمت از', 'دوره‌ها', 'وضعیت', 'آخرین تغییر'] as const;

function ProductsTable({ items }: { items: ProductRow[] }) {
  return (
    <AdminListTable label="فهرست محصولات" columns={COLUMNS}>
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
    </AdminListTable>
  );
}

function ProductCards({ items }: { items: ProductRow[] }) {
  return (
    <AdminPhoneCards label="فهرست محصولات">
      {items.map((row) => (
        <AdminPhoneCard key={row.id}>
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
        </AdminPhoneCard>
      ))}
    </AdminPhoneCards>
  );
}

import {
  Anchor,
  Container,
  Grid,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { PAGES, PRODUCT_SORT_LABELS, PRODUCT_SORTS, type ProductSort } from '@vitrin/contracts';
import { shortenPrice } from '@vitrin/fa';
import { Link } from 'react-router';
import { isRequestFault } from '../../../lib/api-error';
import { FilterChips, FilterChipsSkeleton } from '../../../ui/filter-chips';
import { FilteredListEmpty, FilteredListFailed } from '../../../ui/filtered-list-status';
import { BagIcon } from '../../../ui/icons';
import { ListPagination } from '../../../ui/list-pagination';
import { SearchBox } from '../../../ui/search-box';
import { useProducts } from '../api/get-products';
import { type ActiveFilter, ActiveFilters } from '../components/active-filters';
import { PriceRangeFilter } from '../components/price-range-filter';
import { ProductCard, ProductCardSkeleton } from '../components/product-card';
import { VatNote } from '../components/vat-note';
import { useStoreFilters } from '../hooks/use-store-filters';
import {
  hasStoreFilters,
  productCountText,
  STORE_PAGE_SIZE,
  type StoreFilters,
  storeFiltersToInput,
} from '../utils/store-filters';

const sortOptions = PRODUCT_SORTS.map((sort) => ({
  value: sort,
  label: PRODUCT_SORT_LABELS[sort],
}));
const NO_FILTERS = { group: null, q: '', minToman: null, maxToman: null } as const;

export function StorePage() {
  useDocumentTitle('فروشگاه | ویترین');
  const [filters, setFilters] = useStoreFilters();
  const products = useProducts(storeFiltersToInput(filters));
  const data = products.data;
  const filtered = hasStoreFilters(filters);
  const clearFilters = () => setFilters(NO_FILTERS);
  const groupName = data?.groups.find((group) => group.slug === filters.group)?.name;

  return (
    <Container py={{ base: 'lg', sm: 48 }}>
      <Stack gap={4} mb="xl">
        <Title order={1}>فروشگاه</Title>
        <Text c="dimmed">
          پلن‌های سایت‌ساز، هاست، سرور مجازی و دامنه را با مشخصات و قیمت کامل ببینید و مقایسه کنید.
        </Text>
        <Anchor component={Link} to={PAGES.domains} size="sm" w="fit-content">
          نام دامنهٔ دلخواهتان آزاد است؟ جست‌وجوی دامنه
        </Anchor>
      </Stack>

      <Grid gutter="xl">
        <Grid.Col span={{ base: 12, md: 3 }}>
          <Paper withBorder radius="lg" p="md" component="aside" aria-label="فیلتر محصولات">
            <Stack gap="lg">
              <SearchBox
                label="جست‌وجو در محصولات"
                placeholder="مثلا: وردپرس"
                value={filters.q}
                onSearch={(q) => setFilters({ q })}
              />
              <Stack gap={6}>
                <Text component="span" size="sm" fw={500}>
                  گروه محصول
                </Text>
                {data ? (
                  <FilterChips
                    label="گروه محصول"
                    options={data.groups}
                    allCount={data.groups.reduce((sum, group) => sum + group.count, 0)}
                    value={filters.group}
                    // The price range belongs to a group; another group's bounds would mislead.
                    onChange={(group) => setFilters({ group, minToman: null, maxToman: null })}
                  />
                ) : (
                  <FilterChipsSkeleton count={4} />
                )}
              </Stack>
              {data && (
                <PriceRangeFilter
                  range={data.priceRange}
                  value={{ minToman: filters.minToman, maxToman: filters.maxToman }}
                  onChange={(bounds) => setFilters(bounds)}
                />
              )}
            </Stack>
          </Paper>
        </Grid.Col>

        <Grid.Col span={{ base: 12, md: 9 }}>
          <Stack gap="md">
            <Group justify="space-between" align="flex-end" gap="sm">
              <Stack gap={0}>
                <Text size="sm" c="dimmed" aria-live="polite">
                  {data ? productCountText(data.total, data.totalIsEstimate) : '\u00a0'}
                </Text>
                <VatNote />
              </Stack>
              <NativeSelect
                label="مرتب‌سازی"
                data={sortOptions}
                value={filters.sort}
                onChange={(event) => setFilters({ sort: event.currentTarget.value as ProductSort })}
                w={180}
              />
            </Group>
            <ActiveFilters
              filters={activeFilters(filters, groupName, setFilters)}
              onClear={clearFilters}
            />

            {products.isError && !products.isFetching ? (
              <FilteredListFailed
                title={
                  isRequestFault(products.error)
                    ? 'این فیلترها درست نیستند'
                    : 'فهرست محصولات بارگذاری نشد'
                }
                query={products}
                onClear={clearFilters}
              />
            ) : data && data.items.length === 0 ? (
              <FilteredListEmpty
                icon={<BagIcon size={32} />}
                title="محصولی پیدا نشد"
                description={
                  filtered
                    ? 'با این فیلترها محصولی نداریم. جست‌وجو یا بازهٔ قیمت را تغییر دهید یا فیلترها را بردارید.'
                    : 'هنوز محصولی در فروشگاه نیست.'
                }
                filtered={filtered}
                onClear={clearFilters}
              />
            ) : (
              <div>
                <SimpleGrid
                  cols={{ base: 1, xs: 2, lg: 3 }}
                  spacing="lg"
                  aria-busy={products.isFetching}
                  style={{
                    opacity: products.isPlaceholderData ? 0.6 : 1,
                    transition: 'opacity 150ms',
                  }}
                >
                  {data
                    ? data.items.map((product) => (
                        <ProductCard key={product.id} product={product} headingOrder={2} />
                      ))
                    : Array.from({ length: 6 }, (_, index) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else
                        <ProductCardSkeleton key={index} />
                      ))}
                </SimpleGrid>
                {data && (
                  <ListPagination
                    page={filters.page}
                    pageSize={STORE_PAGE_SIZE}
                    total={data.total}
                    onChange={(page) => setFilters({ page })}
                  />
                )}
              </div>
            )}
          </Stack>
        </Grid.Col>
      </Grid>
    </Container>
  );
}

/** The filters in effect as chips a person can remove one by one. */
function activeFilters(
  filters: StoreFilters,
  groupName: string | undefined,
  setFilters: (changes: Partial<StoreFilters>) => void,
): ActiveFilter[] {
  const chips: ActiveFilter[] = [];
  if (filters.group) {
    chips.push({
      key: 'group',
      label: groupName ?? filters.group,
      onRemove: () => setFilters({ group: null, minToman: null, maxToman: null }),
    });
  }
  if (filters.q) {
    chips.push({ key: 'q', label: `«${filters.q}»`, onRemove: () => setFilters({ q: '' }) });
  }
  if (filters.minToman !== null) {
    chips.push({
      key: 'min',
      label: `از ${shortenPrice(filters.minToman)} تومان`,
      onRemove: () => setFilters({ minToman: null }),
    });
  }
  if (filters.maxToman !== null) {
    chips.push({
      key: 'max',
      label: `تا ${shortenPrice(filters.maxToman)} تومان`,
      onRemove: () => setFilters({ maxToman: null }),
    });
  }
  return chips;
}

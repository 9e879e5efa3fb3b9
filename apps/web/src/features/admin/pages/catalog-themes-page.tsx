import {
  Anchor,
  Badge,
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
import { CATALOG_STATUS_LABELS, type CatalogStatus } from '@vitrin/contracts';
import { toPersianDigits } from '@vitrin/fa';
import { Link } from 'react-router';
import { tomanText } from '../../../lib/money';
import { useFilterParams } from '../../../lib/use-filter-params';
import { LayoutIcon, PlusIcon } from '../../../ui/icons';
import { JalaliDate } from '../../../ui/jalali-date-time';
import { ListPagination } from '../../../ui/list-pagination';
import { LoadFailed } from '../../../ui/load-failed';
import { PanelPageHeader } from '../../../ui/panel-page-header';
import { SearchBox } from '../../../ui/search-box';
import { StatusMessage } from '../../../ui/status-message';
import { CATALOG_PAGE_SIZE, type ThemeView, useCatalogThemes } from '../api/catalog-queries';
import { CatalogStatusBadge } from '../components/catalog-status';
import { CatalogTabs } from '../components/catalog-tabs';
import { ADMIN_PATH } from '../utils/admin-sections';
import {
  CATALOG_PATH,
  CATALOG_THEMES_PATH,
  hasThemeFilters,
  themeFilterCodec,
  themePath,
} from '../utils/catalog-filters';
import { useStaffMember } from '../utils/staff-context';

const ALL = '';

/** The site themes website builders offer: published or not, by category and text. */
export function CatalogThemesPage() {
  useDocumentTitle('قالب‌ها | کنسول کارکنان ویترین');
  const { userId } = useStaffMember();
  const [filters, setFilters] = useFilterParams(themeFilterCodec);
  const list = useCatalogThemes(userId, filters);
  const data = list.data;

  return (
    <Stack gap="lg">
      <PanelPageHeader
        breadcrumbs={[
          { label: 'کنسول کارکنان', to: ADMIN_PATH },
          { label: 'فروشگاه', to: CATALOG_PATH },
          { label: 'قالب‌ها' },
        ]}
        title="قالب‌ها"
        description="قالب‌هایی که مشتری سایت‌ساز هنگام خرید انتخاب می‌کند؛ قالب تازه تا منتشر نشود دیده نمی‌شود."
        actions={
          <Button
            component={Link}
            to={`${CATALOG_THEMES_PATH}/new`}
            leftSection={<PlusIcon size={18} />}
          >
            قالب تازه
          </Button>
        }
      />
      <CatalogTabs active="themes" />
      <Group align="flex-end" gap="sm" wrap="wrap" role="search" aria-label="فیلتر قالب‌ها">
        <Box w={{ base: '100%', xs: 240 }}>
          <SearchBox
            label="جست‌وجو"
            placeholder="نام یا برچسب قالب"
            value={filters.q}
            onSearch={(q) => setFilters({ q })}
          />
        </Box>
        <NativeSelect
          label="دسته"
          value={filters.category ?? ALL}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setFilters({ category: value === ALL ? null : value });
          }}
          data={[
            { value: ALL, label: 'همهٔ دسته‌ها' },
            ...(data?.categories ?? []).map((category) => ({
              value: category.slug,
              label: category.name,
            })),
          ]}
          w={{ base: '100%', xs: 180 }}
        />
        <Input.Wrapper
          id="theme-status-filter"
          label="وضعیت"
          labelElement="div"
          w={{ base: '100%', xs: 'auto' }}
        >
          <SegmentedControl
            fullWidth
            aria-labelledby="theme-status-filter-label"
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
          hasThemeFilters(filters) || filters.page > 1 ? (
            <StatusMessage
              icon={<LayoutIcon size={32} />}
              title="قالبی با این فیلترها نیست"
              description="فیلترها را تغییر دهید یا بردارید."
            >
              <Button
                variant="light"
                onClick={() => setFilters({ status: null, category: null, q: '' })}
              >
                نمایش همهٔ قالب‌ها
              </Button>
            </StatusMessage>
          ) : (
            <StatusMessage
              icon={<LayoutIcon size={32} />}
              title="هنوز قالبی ساخته نشده است"
              description="قالب تازه را با تصویرهای پیش‌نمایشش بسازید."
            />
          )
        ) : (
          <>
            <Group justify="space-between" gap="sm">
              <Text size="sm" c="dimmed">
                {`${toPersianDigits(data.total)} قالب`}
              </Text>
              {list.isFetching && <Loader size="xs" type="dots" aria-label="در حال به‌روزرسانی" />}
            </Group>
            <Box style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
              <ThemesTable items={data.items} />
              <ThemeCards items={data.items} />
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
        <LoadFailed title="قالب‌ها بارگذاری نشد" query={list} />
      ) : (
        <Stack gap="sm" aria-busy="true" aria-label="در حال بارگذاری قالب‌ها">
          <Skeleton height={72} radius="md" />
          <Skeleton height={72} radius="md" />
        </Stack>
      )}
    </Stack>
  );
}

function ThemePrice({ theme }: { theme: ThemeView }) {
  return theme.price === null ? (
    <Badge variant="light" color="teal">
      رایگان
    </Badge>
  ) : (
    <Text size="sm">{tomanText(theme.price)}</Text>
  );
}

function ThemeName({ theme }: { theme: ThemeView }) {
  const preview = theme.previewUrls[0];
  return (
    <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
      {preview ? (
        <img
          src={preview}
          alt=""
          width={72}
          height={45}
          style={{
            objectFit: 'cover',
            borderRadius: 6,
            border: '1px solid var(--mantine-color-gray-3)',
            flex: 'none',
          }}
        />
      ) : null}
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Anchor component={Link} to={themePath(theme.id)} fw={700} size="sm">
          {theme.name}
        </Anchor>
        <Text size="xs" c="dimmed" dir="ltr" ta="right" style={{ overflowWrap: 'anywhere' }}>
          {theme.slug}
        </Text>
      </Stack>
    </Group>
  );
}

function ThemesTable({ items }: { items: ThemeView[] }) {
  return (
    <Card p={0} visibleFrom="sm">
      <Table verticalSpacing="sm" horizontalSpacing="md" aria-label="فهرست قالب‌ها">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>قالب</Table.Th>
            <Table.Th>دسته</Table.Th>
            <Table.Th>قیمت</Table.Th>
            <Table.Th>محصولات</Table.Th>
            <Table.Th>وضعیت</Table.Th>
            <Table.Th>ساخته‌شده</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((theme) => (
            <Table.Tr key={theme.id}>
              <Table.Td>
                <ThemeName theme={theme} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{theme.category.name}</Text>
              </Table.Td>
              <Table.Td>
                <ThemePrice theme={theme} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{toPersianDigits(theme.productIds.length)}</Text>
              </Table.Td>
              <Table.Td>
                <CatalogStatusBadge status={theme.status} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Text size="sm">
                  <JalaliDate iso={theme.createdAt} />
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}

function ThemeCards({ items }: { items: ThemeView[] }) {
  return (
    <Stack gap="sm" component="ul" m={0} p={0} hiddenFrom="sm" aria-label="فهرست قالب‌ها">
      {items.map((theme) => (
        <Card key={theme.id} component="li" padding="md" style={{ listStyle: 'none' }}>
          <Stack gap={8}>
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
              <ThemeName theme={theme} />
              <CatalogStatusBadge status={theme.status} />
            </Group>
            <Group justify="space-between" gap="xs">
              <Text size="sm" c="dimmed">
                {theme.category.name}
              </Text>
              <ThemePrice theme={theme} />
            </Group>
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}

import { Badge, Box, Group, Stack, Table, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { toPersianDigits } from '@vitrin/fa';
import { tomanText } from '../../../../lib/money';
import { useFilterParams } from '../../../../lib/use-filter-params';
import { FilterSelect } from '../../../../ui/filter-select';
import { LayoutIcon } from '../../../../ui/icons';
import { JalaliDate } from '../../../../ui/jalali-date-time';
import { PanelPageHeader } from '../../../../ui/panel-page-header';
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
import { CATALOG_PAGE_SIZE, type ThemeView, useCatalogThemes } from '../api/catalog-queries';
import { CatalogRecordName } from '../components/catalog-record-name';
import { CatalogStatusBadge } from '../components/catalog-status';
import { CatalogStatusFilter } from '../components/catalog-status-filter';
import { CatalogTabs } from '../components/catalog-tabs';
import {
  CATALOG_PATH,
  CATALOG_THEMES_PATH,
  hasThemeFilters,
  themeFilterCodec,
  themePath,
} from '../utils/catalog-filters';

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
        actions={<NewRecordButton to={`${CATALOG_THEMES_PATH}/new`} label="قالب تازه" />}
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
        <FilterSelect
          label="دسته"
          value={filters.category}
          onChange={(category) => setFilters({ category })}
          allLabel="همهٔ دسته‌ها"
          options={(data?.categories ?? []).map((category) => ({
            value: category.slug,
            label: category.name,
          }))}
          w={{ base: '100%', xs: 180 }}
        />
        <CatalogStatusFilter
          id="theme-status-filter"
          value={filters.status}
          onChange={(status) => setFilters({ status })}
        />
      </Group>
      <AdminListBody
        query={list}
        icon={<LayoutIcon size={32} />}
        empty={{
          title: 'هنوز قالبی ساخته نشده است',
          description: 'قالب تازه را با تصویرهای پیش‌نمایشش بسازید.',
        }}
        noMatch={{
          when: hasThemeFilters(filters) || filters.page > 1,
          title: 'قالبی با این فیلترها نیست',
          description: 'فیلترها را تغییر دهید یا بردارید.',
          resetLabel: 'نمایش همهٔ قالب‌ها',
          onReset: () => setFilters({ status: null, category: null, q: '' }),
        }}
        countNoun="قالب"
        page={filters.page}
        pageSize={CATALOG_PAGE_SIZE}
        onPage={(page) => setFilters({ page })}
        failedTitle="قالب‌ها بارگذاری نشد"
        loadingLabel="در حال بارگذاری قالب‌ها"
        skeletonCount={2}
        skeletonHeight={72}
      >
        {(items) => (
          <>
            <ThemesTable items={items} />
            <ThemeCards items={items} />
          </>
        )}
      </AdminListBody>
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
    <CatalogRecordName
      picture={
        preview ? (
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
        ) : null
      }
      to={themePath(theme.id)}
      name={theme.name}
      slug={theme.slug}
    />
  );
}

const COLUMNS = ['قالب', 'دسته', 'قیمت', 'محصولات', 'وضعیت', 'ساخته‌شده'] as const;

function ThemesTable({ items }: { items: ThemeView[] }) {
  return (
    <AdminListTable label="فهرست قالب‌ها" columns={COLUMNS}>
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
    </AdminListTable>
  );
}

function ThemeCards({ items }: { items: ThemeView[] }) {
  return (
    <AdminPhoneCards label="فهرست قالب‌ها">
      {items.map((theme) => (
        <AdminPhoneCard key={theme.id}>
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
        </AdminPhoneCard>
      ))}
    </AdminPhoneCards>
  );
}

import {
  Anchor,
  Breadcrumbs,
  Container,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { toPersianDigits } from '@vitrin/fa';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { isNotFoundError, isRequestFault } from '../../../lib/api-error';
import { FilterChips, FilterChipsSkeleton } from '../../../ui/filter-chips';
import { FilteredListEmpty, FilteredListFailed } from '../../../ui/filtered-list-status';
import { LayoutIcon } from '../../../ui/icons';
import { ListPagination } from '../../../ui/list-pagination';
import { SearchBox } from '../../../ui/search-box';
import { NotFoundMessage } from '../../../ui/status-message';
import { useProductThemes } from '../api/get-product-themes';
import { ThemeCard, ThemeCardSkeleton } from '../components/theme-card';
import { ThemePreviewModal } from '../components/theme-preview-modal';
import { useThemeFilters } from '../hooks/use-theme-filters';
import {
  hasThemeFilters,
  THEMES_PAGE_SIZE,
  themeFiltersToInput,
  writeThemeFilters,
} from '../utils/theme-filters';

// The most themes one answer may hold (API.md lists): enough to find a previewed theme that is
// not on the page in view, as a shared demo link may name any of a product's themes.
const ALL_THEMES_PAGE_SIZE = 100;

/** Set on the history entry a card's preview link adds, so closing the preview steps back. */
interface PreviewState {
  previewOpenedHere?: boolean;
}

export function ProductThemesPage() {
  const { slug = '' } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const [filters, setFilters] = useThemeFilters();
  const themes = useProductThemes(themeFiltersToInput(slug, filters));
  const data = themes.data;
  const filtered = hasThemeFilters(filters);
  const clearFilters = () => setFilters({ category: null, q: '', free: false });

  const previewOnPage = data?.items.find((theme) => theme.slug === filters.preview);
  const allThemes = useProductThemes(
    { productSlug: slug, pageSize: ALL_THEMES_PAGE_SIZE },
    { enabled: filters.preview !== null && data !== undefined && !previewOnPage },
  );
  const previewTheme =
    previewOnPage ??
    (allThemes.data
      ? (allThemes.data.items.find((theme) => theme.slug === filters.preview) ?? null)
      : allThemes.isError
        ? null
        : undefined);

  const closePreview = () => {
    if ((location.state as PreviewState | null)?.previewOpenedHere) navigate(-1);
    else setFilters({ preview: null }, { keepPage: true, replace: true });
  };

  // Back to the plan's order box with the theme chosen (it reads `?theme=`).
  const chooseThemePath = (themeSlug: string) =>
    `/store/${slug}?theme=${encodeURIComponent(themeSlug)}`;

  const error = themes.error;
  const productMissing = !filtered && isNotFoundError(error);
  const productName = data?.product.name;
  useDocumentTitle(
    productName
      ? `قالب‌های ${productName} | ویترین`
      : productMissing
        ? 'محصول پیدا نشد | ویترین'
        : 'قالب‌ها | ویترین',
  );

  if (productMissing) {
    return (
      <Container size="sm">
        <NotFoundMessage
          icon={<LayoutIcon size={32} />}
          title="محصولی با این نشانی پیدا نشد"
          description="قالب‌ها را از صفحهٔ پلن‌های سایت‌ساز در فروشگاه ببینید."
          back={{ to: '/store', label: 'بازگشت به فروشگاه' }}
        />
      </Container>
    );
  }

  return (
    <Container py={{ base: 'lg', sm: 40 }}>
      <Stack gap="lg">
        <Stack gap={6}>
          <Breadcrumbs separator="‹" separatorMargin={6}>
            <Anchor component={Link} to="/store" size="sm">
              فروشگاه
            </Anchor>
            <Anchor component={Link} to={`/store/${slug}`} size="sm">
              {productName ?? <Skeleton height={12} width={80} component="span" />}
            </Anchor>
          </Breadcrumbs>
          <Title order={1}>{productName ? `قالب‌های ${productName}` : 'قالب‌ها'}</Title>
          <Text c="dimmed">
            قالبی را که به کارتان نزدیک‌تر است انتخاب کنید؛ رنگ، متن و هر بخشش را بعدا در سایت‌ساز
            تغییر می‌دهید.
          </Text>
        </Stack>

        <Group align="flex-end" gap="md">
          <div style={{ flex: '1 1 18rem' }}>
            <SearchBox
              label="جست‌وجو در قالب‌ها"
              placeholder="مثلا: فروشگاه لباس"
              value={filters.q}
              onSearch={(q) => setFilters({ q })}
            />
          </div>
          <Switch
            label="فقط قالب‌های رایگان"
            checked={filters.free}
            onChange={(event) => setFilters({ free: event.currentTarget.checked })}
            mb={8}
          />
        </Group>
        {data ? (
          <FilterChips
            label="دستهٔ قالب‌ها"
            options={data.categories}
            allCount={data.categories.reduce((sum, category) => sum + category.count, 0)}
            value={filters.category}
            onChange={(category) => setFilters({ category })}
          />
        ) : (
          themes.isPending && <FilterChipsSkeleton />
        )}

        {error && !themes.isFetching ? (
          <FilteredListFailed
            title={isRequestFault(error) ? 'این فیلترها درست نیستند' : 'قالب‌ها بارگذاری نشدند'}
            query={themes}
            onClear={clearFilters}
          />
        ) : data && data.items.length === 0 ? (
          <FilteredListEmpty
            icon={<LayoutIcon size={32} />}
            title="قالبی پیدا نشد"
            description="با این فیلترها قالبی نداریم. عبارت دیگری را امتحان کنید یا فیلترها را بردارید."
            filtered={filtered}
            onClear={clearFilters}
          />
        ) : (
          <div>
            {data && (
              <Text size="sm" c="dimmed" mb="sm" aria-live="polite">
                {toPersianDigits(data.total)} قالب
              </Text>
            )}
            <SimpleGrid
              cols={{ base: 1, xs: 2, md: 3, lg: 4 }}
              spacing="lg"
              aria-busy={themes.isFetching}
              style={{ opacity: themes.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}
            >
              {data
                ? data.items.map((theme) => (
                    <ThemeCard
                      key={theme.id}
                      theme={theme}
                      to={{ search: `?${writeThemeFilters({ ...filters, preview: theme.slug })}` }}
                      state={{ previewOpenedHere: true } satisfies PreviewState}
                      chooseTo={chooseThemePath(theme.slug)}
                      headingOrder={2}
                    />
                  ))
                : Array.from({ length: 8 }, (_, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else
                    <ThemeCardSkeleton key={index} />
                  ))}
            </SimpleGrid>
            {data && (
              <ListPagination
                page={filters.page}
                pageSize={THEMES_PAGE_SIZE}
                total={data.total}
                onChange={(page) => setFilters({ page })}
              />
            )}
          </div>
        )}
      </Stack>

      <ThemePreviewModal
        opened={filters.preview !== null}
        theme={previewTheme}
        onClose={closePreview}
        chooseTo={(theme) => chooseThemePath(theme.slug)}
      />
    </Container>
  );
}

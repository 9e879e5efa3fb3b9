import { Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { toPersianDigits } from '@vitrin/fa';
import { FilterChips, FilterChipsSkeleton } from '../../../ui/filter-chips';
import { FilteredListEmpty, FilteredListFailed } from '../../../ui/filtered-list-status';
import { ArticleIcon } from '../../../ui/icons';
import { ListPagination } from '../../../ui/list-pagination';
import { SearchBox } from '../../../ui/search-box';
import { useInformations } from '../api/get-informations';
import { ArticleCard, ArticleCardSkeleton } from '../components/article-card';
import { useArticleFilters } from '../hooks/use-article-filters';
import {
  ARTICLES_PAGE_SIZE,
  articleFiltersToInput,
  hasArticleFilters,
} from '../utils/article-filters';

export function ArticlesPage() {
  useDocumentTitle('مقالات | ویترین');
  const [filters, setFilters] = useArticleFilters();
  const articles = useInformations(articleFiltersToInput(filters));
  const data = articles.data;
  const filtered = hasArticleFilters(filters);
  const clearFilters = () => setFilters({ category: null, q: '' });

  return (
    <Container py={{ base: 'lg', sm: 48 }}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>مقالات و راهنماها</Title>
          <Text c="dimmed">راهنمای ساختن سایت، انتخاب هاست، مدیریت دامنه و خبرهای ویترین.</Text>
        </Stack>

        <SearchBox
          label="جست‌وجو در مقاله‌ها"
          placeholder="مثلا: انتخاب هاست"
          value={filters.q}
          onSearch={(q) => setFilters({ q })}
        />
        {data ? (
          <FilterChips
            label="دستهٔ مقاله‌ها"
            options={data.categories}
            allCount={data.categories.reduce((sum, category) => sum + category.count, 0)}
            value={filters.category}
            onChange={(category) => setFilters({ category })}
          />
        ) : (
          articles.isPending && <FilterChipsSkeleton />
        )}

        {articles.isError && !articles.isFetching ? (
          <FilteredListFailed
            title="فهرست مقاله‌ها بارگذاری نشد"
            query={articles}
            onClear={clearFilters}
          />
        ) : data && data.items.length === 0 ? (
          <FilteredListEmpty
            icon={<ArticleIcon size={32} />}
            title="مقاله‌ای پیدا نشد"
            description={
              filtered
                ? 'با این جست‌وجو یا دسته مقاله‌ای نداریم. عبارت دیگری را امتحان کنید یا فیلترها را بردارید.'
                : 'هنوز مقاله‌ای منتشر نشده است.'
            }
            filtered={filtered}
            onClear={clearFilters}
          />
        ) : (
          <Stack gap={0}>
            {data && (
              <Text size="sm" c="dimmed" mb="sm" aria-live="polite">
                {toPersianDigits(data.total)} مقاله
              </Text>
            )}
            <SimpleGrid
              cols={{ base: 1, xs: 2, md: 3 }}
              spacing="lg"
              aria-busy={articles.isFetching}
              style={{ opacity: articles.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}
            >
              {data
                ? data.items.map((article) => (
                    <ArticleCard key={article.id} article={article} headingOrder={2} />
                  ))
                : Array.from({ length: 6 }, (_, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else
                    <ArticleCardSkeleton key={index} />
                  ))}
            </SimpleGrid>
            {data && (
              <ListPagination
                page={filters.page}
                pageSize={ARTICLES_PAGE_SIZE}
                total={data.total}
                onChange={(page) => setFilters({ page })}
              />
            )}
          </Stack>
        )}
      </Stack>
    </Container>
  );
}

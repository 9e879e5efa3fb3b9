import { Button, Group, NativeSelect } from '@mantine/core';
import { ARTICLE_STATUS_LABELS, ARTICLE_STATUSES, type ArticleStatus } from '@vitrin/contracts';
import { SearchBox } from '../../../../ui/search-box';
import type { ArticleCategory } from '../api/articles';
import { type ArticleFilters, hasArticleFilters } from '../utils/article-filters';

interface ArticleFiltersBarProps {
  filters: ArticleFilters;
  setFilters: (changes: Partial<ArticleFilters>) => void;
  categories: readonly ArticleCategory[];
}

const ALL = '';

/** The articles list's filters: status and category apply at once, the search as one types. */
export function ArticleFiltersBar({ filters, setFilters, categories }: ArticleFiltersBarProps) {
  return (
    <Group align="flex-end" gap="sm" wrap="wrap" role="search" aria-label="فیلتر مقاله‌ها">
      <div style={{ flex: '1 1 240px' }}>
        <SearchBox
          label="جست‌وجو"
          placeholder="عنوان، خلاصه یا متن مقاله"
          value={filters.q}
          onSearch={(q) => setFilters({ q })}
        />
      </div>
      <NativeSelect
        label="وضعیت"
        value={filters.status ?? ALL}
        onChange={(event) => {
          const value = event.currentTarget.value;
          setFilters({ status: value === ALL ? null : (value as ArticleStatus) });
        }}
        data={[
          { value: ALL, label: 'همه' },
          ...ARTICLE_STATUSES.map((status) => ({
            value: status,
            label: ARTICLE_STATUS_LABELS[status],
          })),
        ]}
        w={{ base: '100%', xs: 160 }}
      />
      <NativeSelect
        label="دسته"
        value={filters.category ?? ALL}
        onChange={(event) => {
          const value = event.currentTarget.value;
          setFilters({ category: value === ALL ? null : value });
        }}
        data={[
          { value: ALL, label: 'همهٔ دسته‌ها' },
          ...categories.map((category) => ({ value: category.slug, label: category.name })),
          // A category in the address the server no longer has still shows as chosen.
          ...(filters.category && !categories.some((item) => item.slug === filters.category)
            ? [{ value: filters.category, label: filters.category }]
            : []),
        ]}
        w={{ base: '100%', xs: 180 }}
      />
      {hasArticleFilters(filters) && (
        <Button
          variant="subtle"
          onClick={() => setFilters({ status: null, category: null, q: '' })}
        >
          پاک کردن فیلترها
        </Button>
      )}
    </Group>
  );
}

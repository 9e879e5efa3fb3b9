import { Button, Group, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { FilterSelect } from '../../../../ui/filter-select';
import { SearchIcon } from '../../../../ui/icons';
import {
  DISCOUNT_QUERY_MAX_LENGTH,
  type DiscountActiveState,
  type DiscountFilters,
  hasDiscountFilters,
} from '../utils/discount-filters';

interface DiscountFiltersBarProps {
  filters: DiscountFilters;
  setFilters: (changes: Partial<DiscountFilters>) => void;
}

const SEARCH_DELAY_MS = 300;

/** The codes list's filters: on or off at once, the code or title search as one types. */
export function DiscountFiltersBar({ filters, setFilters }: DiscountFiltersBarProps) {
  const [text, setText] = useState(filters.q);
  const search = useDebouncedCallback((next: string) => {
    if (next.trim() !== filters.q) setFilters({ q: next.trim() });
  }, SEARCH_DELAY_MS);

  // The search changed elsewhere (back, forward, clearing): show it, and drop pending typing.
  useEffect(() => {
    search.cancel();
    setText(filters.q);
  }, [filters.q, search]);

  return (
    <Group align="flex-end" gap="sm" wrap="wrap" role="search" aria-label="فیلتر کدهای تخفیف">
      <TextInput
        type="search"
        label="جست‌وجو"
        placeholder="بخشی از کد یا عنوان"
        value={text}
        maxLength={DISCOUNT_QUERY_MAX_LENGTH}
        leftSection={<SearchIcon size={18} />}
        onChange={(event) => {
          setText(event.currentTarget.value);
          search(event.currentTarget.value);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') search.flush();
        }}
        style={{ flex: '1 1 240px' }}
      />
      <FilterSelect<DiscountActiveState>
        label="وضعیت"
        value={filters.state}
        onChange={(state) => setFilters({ state })}
        allLabel="همه"
        options={[
          { value: 'active', label: 'فعال' },
          { value: 'inactive', label: 'غیرفعال' },
        ]}
        w={{ base: '100%', xs: 160 }}
      />
      {hasDiscountFilters(filters) && (
        <Button variant="subtle" onClick={() => setFilters({ state: null, q: '' })}>
          پاک کردن فیلترها
        </Button>
      )}
    </Group>
  );
}

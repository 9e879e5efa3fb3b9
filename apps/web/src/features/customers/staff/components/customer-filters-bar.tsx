import { Group } from '@mantine/core';
import type { UserRoleName } from '@vitrin/contracts';
import { type FilterOption, FilterSelect } from '../../../../ui/filter-select';
import { SearchBox } from '../../../../ui/search-box';
import type { CustomerFilters, LockFilter } from '../utils/customer-filters';

interface CustomerFiltersBarProps {
  filters: CustomerFilters;
  setFilters: (changes: Partial<CustomerFilters>) => void;
}

const ROLE_OPTIONS: readonly FilterOption<UserRoleName>[] = [
  { value: 'customer', label: 'مشتری' },
  { value: 'support', label: 'پشتیبان' },
  { value: 'admin', label: 'مدیر' },
];

const LOCK_OPTIONS: readonly FilterOption<LockFilter>[] = [
  { value: 'locked', label: 'قفل‌شده' },
  { value: 'open', label: 'باز' },
];

/** The customers list's search (mobile in any form, name or e-mail) and its two filters. */
export function CustomerFiltersBar({ filters, setFilters }: CustomerFiltersBarProps) {
  return (
    <Group align="flex-end" gap="sm" wrap="wrap" role="search" aria-label="جست‌وجوی مشتریان">
      <div style={{ flex: '1 1 280px', minWidth: 0 }}>
        <SearchBox
          label="موبایل، نام یا ایمیل"
          placeholder="مثلا ۰۹۱۲۱۲۳۴۵۶۷ یا سارا محمدی"
          value={filters.query}
          onSearch={(query) => setFilters({ query })}
        />
      </div>
      <FilterSelect
        label="نقش"
        value={filters.role}
        onChange={(role) => setFilters({ role })}
        allLabel="همه"
        options={ROLE_OPTIONS}
        w={{ base: 'calc(50% - 6px)', xs: 140 }}
      />
      <FilterSelect
        label="وضعیت حساب"
        value={filters.lock}
        onChange={(lock) => setFilters({ lock })}
        allLabel="همه"
        options={LOCK_OPTIONS}
        w={{ base: 'calc(50% - 6px)', xs: 140 }}
      />
    </Group>
  );
}

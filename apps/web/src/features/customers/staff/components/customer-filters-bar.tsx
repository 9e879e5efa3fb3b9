import { Group, NativeSelect } from '@mantine/core';
import type { UserRoleName } from '@vitrin/contracts';
import { SearchBox } from '../../../../ui/search-box';
import type { CustomerFilters, LockFilter } from '../utils/customer-filters';

interface CustomerFiltersBarProps {
  filters: CustomerFilters;
  setFilters: (changes: Partial<CustomerFilters>) => void;
}

const ALL = '';

const ROLE_OPTIONS: ReadonlyArray<{ value: UserRoleName | typeof ALL; label: string }> = [
  { value: ALL, label: 'همه' },
  { value: 'customer', label: 'مشتری' },
  { value: 'support', label: 'پشتیبان' },
  { value: 'admin', label: 'مدیر' },
];

const LOCK_OPTIONS: ReadonlyArray<{ value: LockFilter | typeof ALL; label: string }> = [
  { value: ALL, label: 'همه' },
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
      <NativeSelect
        label="نقش"
        value={filters.role ?? ALL}
        onChange={(event) => {
          const value = event.currentTarget.value;
          setFilters({ role: value === ALL ? null : (value as UserRoleName) });
        }}
        data={ROLE_OPTIONS}
        w={{ base: 'calc(50% - 6px)', xs: 140 }}
      />
      <NativeSelect
        label="وضعیت حساب"
        value={filters.lock ?? ALL}
        onChange={(event) => {
          const value = event.currentTarget.value;
          setFilters({ lock: value === ALL ? null : (value as LockFilter) });
        }}
        data={LOCK_OPTIONS}
        w={{ base: 'calc(50% - 6px)', xs: 140 }}
      />
    </Group>
  );
}

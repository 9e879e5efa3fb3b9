import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { formatMobile, isIranianMobile, toPersianDigits } from '@vitrin/fa';
import { useState } from 'react';
import { useStaffMember } from '../../../console/utils/staff-context';
import { useDomainOwnerSearch } from '../api/import-domain';

const SEARCH_DELAY_MS = 300;

function ownerLabel(name: string | null, mobile: string): string {
  // Isolated left to right, as MobileNumber does, so the number's groups keep their order.
  const number = isIranianMobile(mobile)
    ? `\u2066${toPersianDigits(formatMobile(mobile))}\u2069`
    : mobile;
  return name ? `${name} · ${number}` : number;
}

interface DomainOwnerFieldProps {
  value: string | null;
  onChange: (customerId: string | null) => void;
  error?: string | undefined;
}

/** The customer a domain goes to: found by mobile or name as one types. */
export function DomainOwnerField({ value, onChange, error }: DomainOwnerFieldProps) {
  const { userId } = useStaffMember();
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<{ id: string; label: string } | null>(null);
  const [debounced] = useDebouncedValue(search, SEARCH_DELAY_MS);
  // The field shows the chosen customer's label as its text: that is no search (the server
  // refuses its direction marks), only what the person types is.
  const query = chosen && debounced === chosen.label ? '' : debounced;
  const found = useDomainOwnerSearch(userId, query);

  const options = new Map<string, string>();
  if (chosen && chosen.id === value) options.set(chosen.id, chosen.label);
  for (const customer of found.data?.items ?? []) {
    options.set(customer.id, ownerLabel(customer.name, customer.mobile));
  }

  return (
    <Select
      label="مشتری"
      description="موبایل یا نام مشتری را بنویسید و از فهرست برگزینید."
      placeholder="۰۹۱۲…"
      required
      searchable
      clearable
      data={[...options].map(([id, label]) => ({ value: id, label }))}
      value={value}
      onChange={(id) => {
        setChosen(id ? { id, label: options.get(id) ?? id } : null);
        onChange(id);
      }}
      searchValue={search}
      onSearchChange={setSearch}
      // The server already matched the text (a mobile in any form); the list shows its answer.
      filter={({ options: all }) => all}
      nothingFoundMessage={
        query.trim().length < 2
          ? 'دست‌کم دو حرف یا رقم بنویسید'
          : found.isFetching
            ? 'در حال جست‌وجو…'
            : found.isError
              ? 'جست‌وجو انجام نشد؛ دوباره بنویسید'
              : 'مشتری‌ای پیدا نشد'
      }
      error={error}
      clearButtonProps={{ 'aria-label': 'برداشتن مشتری' }}
      comboboxProps={{ withinPortal: true }}
      data-autofocus
    />
  );
}

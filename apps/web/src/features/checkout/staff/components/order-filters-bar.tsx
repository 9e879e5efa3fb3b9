import { Button, Chip, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import {
  ADMIN_ORDER_SORTS,
  type AdminOrderSort,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
} from '@vitrin/contracts';
import { type FormEvent, type ReactNode, useState } from 'react';
import { fieldError } from '../../../../lib/field-error';
import { SearchIcon } from '../../../../ui/icons';
import {
  hasOrderFilters,
  ORDER_DATE_MAX_LENGTH,
  ORDER_QUERY_MAX_LENGTH,
  ORDER_SORT_LABELS,
  type OrderFilters,
} from '../utils/order-filters';

interface OrderFiltersBarProps {
  filters: OrderFilters;
  setFilters: (changes: Partial<OrderFilters>) => void;
  /** The list's failure: a field error from the server shows under its field. */
  error: unknown;
  /** Beside the sort: the export of what the filters match. */
  actions?: ReactNode;
}

const ALL = '';
// The two dates share a line on a phone: half the row less half the group's gap (sm).
const DATE_WIDTH_ON_PHONE = 'calc(50% - var(--mantine-spacing-sm) / 2)';

/**
 * The order list's filters: the status and the sort apply at once; the search and the dates,
 * typed by hand, apply on «جست‌وجو». Rendered with `key` set to the address's values, so back and
 * forward put the typed fields back too.
 */
export function OrderFiltersBar({ filters, setFilters, error, actions }: OrderFiltersBarProps) {
  const [query, setQuery] = useState(filters.query);
  const [createdFrom, setCreatedFrom] = useState(filters.createdFrom);
  const [createdTo, setCreatedTo] = useState(filters.createdTo);
  const typed = {
    query: query.trim(),
    createdFrom: createdFrom.trim(),
    createdTo: createdTo.trim(),
  };

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilters(typed);
  };

  return (
    <Stack gap="md">
      <Chip.Group
        multiple={false}
        value={filters.status ?? ALL}
        onChange={(next) =>
          setFilters({
            ...typed,
            status: next === ALL ? null : (next as OrderFilters['status']),
          })
        }
      >
        <Group gap={8} role="radiogroup" aria-label="وضعیت سفارش">
          <Chip value={ALL} variant="outline" radius="xl" type="radio">
            همهٔ سفارش‌ها
          </Chip>
          {ORDER_STATUSES.map((status) => (
            <Chip key={status} value={status} variant="outline" radius="xl" type="radio">
              {ORDER_STATUS_LABELS[status]}
            </Chip>
          ))}
        </Group>
      </Chip.Group>

      <form onSubmit={apply} aria-label="جست‌وجو در سفارش‌ها">
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            label="موبایل مشتری یا شمارهٔ سفارش"
            placeholder="۰۹۱۲۱۲۳۴۵۶۷ یا ۱۰۰۰۰۱"
            value={query}
            maxLength={ORDER_QUERY_MAX_LENGTH}
            onChange={(event) => setQuery(event.currentTarget.value)}
            error={fieldError(error, 'query')}
            leftSection={<SearchIcon size={18} />}
            w={{ base: '100%', xs: 240 }}
          />
          <TextInput
            label="ثبت از تاریخ"
            placeholder="۱۴۰۵/۰۸/۰۱"
            value={createdFrom}
            maxLength={ORDER_DATE_MAX_LENGTH}
            onChange={(event) => setCreatedFrom(event.currentTarget.value)}
            error={fieldError(error, 'createdFrom')}
            w={{ base: DATE_WIDTH_ON_PHONE, xs: 170 }}
          />
          <TextInput
            label="تا تاریخ"
            placeholder="۱۴۰۵/۰۸/۳۰"
            value={createdTo}
            maxLength={ORDER_DATE_MAX_LENGTH}
            onChange={(event) => setCreatedTo(event.currentTarget.value)}
            error={fieldError(error, 'createdTo')}
            w={{ base: DATE_WIDTH_ON_PHONE, xs: 170 }}
          />
          <Group gap="xs" mt={{ base: 0, xs: 25 }}>
            <Button type="submit" variant="light">
              جست‌وجو
            </Button>
            {hasOrderFilters(filters) && (
              <Button
                variant="subtle"
                onClick={() => {
                  setQuery('');
                  setCreatedFrom('');
                  setCreatedTo('');
                  setFilters({ status: null, query: '', createdFrom: '', createdTo: '' });
                }}
              >
                پاک کردن فیلترها
              </Button>
            )}
          </Group>
        </Group>
        <Text size="xs" c="dimmed" mt={6}>
          تاریخ‌ها شمسی (مثل ۱۴۰۵/۰۸/۰۱) یا ISO؛ هر دو روز هم شمرده می‌شوند.
        </Text>
      </form>

      <Group justify="space-between" align="flex-end" gap="sm">
        <NativeSelect
          label="ترتیب"
          value={filters.sort}
          onChange={(event) =>
            setFilters({ ...typed, sort: event.currentTarget.value as AdminOrderSort })
          }
          data={ADMIN_ORDER_SORTS.map((sort) => ({ value: sort, label: ORDER_SORT_LABELS[sort] }))}
          w={{ base: '100%', xs: 200 }}
        />
        {actions}
      </Group>
    </Stack>
  );
}

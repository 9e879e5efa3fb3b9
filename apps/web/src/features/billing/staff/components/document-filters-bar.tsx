import { Button, Chip, Group, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { SearchIcon } from '../../../../ui/icons';
import {
  DOCUMENT_DATE_MAX_LENGTH,
  DOCUMENT_KIND_LABELS,
  DOCUMENT_QUERY_MAX_LENGTH,
  type DocumentFilters,
  hasDocumentFilters,
  SEARCHABLE_KINDS,
} from '../utils/document-filters';

interface DocumentFiltersBarProps {
  filters: DocumentFilters;
  setFilters: (changes: Partial<DocumentFilters>) => void;
  /** Why a field cannot be searched: a date that cannot be read, or the server's word. */
  errorOf: (field: 'query' | 'from' | 'to') => string | undefined;
}

const ALL = '';
// The two dates share a line on a phone: half the row less half the group's gap (sm).
const DATE_WIDTH_ON_PHONE = 'calc(50% - var(--mantine-spacing-sm) / 2)';

/**
 * The documents' filters, as the orders list has them: the kind applies at once; the search and
 * the dates, typed by hand, apply on «جست‌وجو». Rendered with `key` set to the address's values,
 * so back and forward put the typed fields back too.
 */
export function DocumentFiltersBar({ filters, setFilters, errorOf }: DocumentFiltersBarProps) {
  const [query, setQuery] = useState(filters.query);
  const [from, setFrom] = useState(filters.from);
  const [to, setTo] = useState(filters.to);
  const typed = { query: query.trim(), from: from.trim(), to: to.trim() };

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilters(typed);
  };

  return (
    <Stack gap="md">
      <Chip.Group
        multiple={false}
        value={filters.kind ?? ALL}
        onChange={(next) =>
          setFilters({ ...typed, kind: next === ALL ? null : (next as DocumentFilters['kind']) })
        }
      >
        <Group gap={8} role="radiogroup" aria-label="نوع سند">
          <Chip value={ALL} variant="outline" radius="xl" type="radio">
            همهٔ اسناد
          </Chip>
          {SEARCHABLE_KINDS.map((kind) => (
            <Chip key={kind} value={kind} variant="outline" radius="xl" type="radio">
              {DOCUMENT_KIND_LABELS[kind]}
            </Chip>
          ))}
        </Group>
      </Chip.Group>

      <form onSubmit={apply} aria-label="جست‌وجو در اسناد مالی">
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            label="شمارهٔ سند، خریدار یا شمارهٔ سفارش"
            description="نام، موبایل، کد ملی یا شناسهٔ ملی خریدار هم پذیرفته است"
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            placeholder="S1405-000012 یا ۰۹۱۲۱۲۳۴۵۶۷"
            value={query}
            maxLength={DOCUMENT_QUERY_MAX_LENGTH}
            onChange={(event) => setQuery(event.currentTarget.value)}
            error={errorOf('query')}
            leftSection={<SearchIcon size={18} />}
            w={{ base: '100%', xs: 300 }}
          />
          <TextInput
            label="صدور از تاریخ"
            placeholder="۱۴۰۵/۰۸/۰۱"
            value={from}
            maxLength={DOCUMENT_DATE_MAX_LENGTH}
            onChange={(event) => setFrom(event.currentTarget.value)}
            error={errorOf('from')}
            w={{ base: DATE_WIDTH_ON_PHONE, xs: 150 }}
          />
          <TextInput
            label="تا تاریخ"
            placeholder="۱۴۰۵/۰۸/۳۰"
            value={to}
            maxLength={DOCUMENT_DATE_MAX_LENGTH}
            onChange={(event) => setTo(event.currentTarget.value)}
            error={errorOf('to')}
            w={{ base: DATE_WIDTH_ON_PHONE, xs: 150 }}
          />
          <Group gap="xs" mt={{ base: 0, xs: 25 }}>
            <Button type="submit" variant="light">
              جست‌وجو
            </Button>
            {hasDocumentFilters(filters) && (
              <Button
                variant="subtle"
                onClick={() => {
                  setQuery('');
                  setFrom('');
                  setTo('');
                  setFilters({ query: '', kind: null, from: '', to: '' });
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
    </Stack>
  );
}

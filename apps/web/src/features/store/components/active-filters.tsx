import { Button, Group } from '@mantine/core';
import { CloseIcon } from '../../../ui/icons';

export interface ActiveFilter {
  key: string;
  /** What the filter is, as the chip reads: 'هاست وردپرس', '«وردپرس»', 'از ۲۰۰ هزار تومان'. */
  label: string;
  onRemove: () => void;
}

/** The filters in effect as removable chips, and a way to remove them all. */
export function ActiveFilters({
  filters,
  onClear,
}: {
  filters: ActiveFilter[];
  onClear: () => void;
}) {
  if (filters.length === 0) return null;
  return (
    <Group gap={6} aria-label="فیلترهای فعال" role="group">
      {filters.map((filter) => (
        <Button
          key={filter.key}
          size="compact-sm"
          variant="light"
          radius="xl"
          rightSection={<CloseIcon size={14} />}
          onClick={filter.onRemove}
          aria-label={`برداشتن فیلتر ${filter.label}`}
        >
          {filter.label}
        </Button>
      ))}
      {filters.length > 1 && (
        <Button size="compact-sm" variant="subtle" color="gray" onClick={onClear}>
          پاک کردن همه
        </Button>
      )}
    </Group>
  );
}

import { Chip, Group, Skeleton } from '@mantine/core';
import { toPersianDigits } from '@vitrin/fa';

export interface FacetOption {
  slug: string;
  name: string;
  count: number;
}

interface FilterChipsProps {
  /** Names the group of choices for screen readers ('دسته‌بندی مقاله‌ها'). */
  label: string;
  options: readonly FacetOption[];
  /** The chosen option's slug; null is "all". */
  value: string | null;
  onChange: (slug: string | null) => void;
  /** The count beside "همه"; left out when unknown. */
  allCount?: number;
}

const ALL = '';

/** One choice among a facet's options, with "همه" first and each option's count. */
export function FilterChips({ label, options, value, onChange, allCount }: FilterChipsProps) {
  return (
    <Chip.Group
      multiple={false}
      value={value ?? ALL}
      onChange={(next) => onChange(next === ALL ? null : next)}
    >
      <Group gap={8} role="radiogroup" aria-label={label}>
        <Chip value={ALL} variant="outline" radius="xl" type="radio">
          همه{allCount !== undefined && ` (${toPersianDigits(allCount)})`}
        </Chip>
        {options.map((option) => (
          <Chip key={option.slug} value={option.slug} variant="outline" radius="xl" type="radio">
            {option.name} ({toPersianDigits(option.count)})
          </Chip>
        ))}
      </Group>
    </Chip.Group>
  );
}

/** Where facet chips will be, while the first answer loads. */
export function FilterChipsSkeleton({ count = 5 }: { count?: number }) {
  return (
    <Group gap={8} aria-hidden="true">
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else
        <Skeleton key={index} height={32} width={index === 0 ? 64 : 110} radius="xl" />
      ))}
    </Group>
  );
}

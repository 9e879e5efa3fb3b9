import { FilterChips, FilterChipsSkeleton } from '../../../ui/filter-chips';

interface StatusFilterProps<S extends string> {
  label: string;
  statuses: readonly S[];
  labels: Record<S, string>;
  /** Counts per status over all the person's records; undefined until the first answer. */
  counts: Partial<Record<S, number>> | undefined;
  value: S | null;
  onChange: (status: S | null) => void;
}

/**
 * «همه» and a chip per status with its count. A status the person has nothing in is left out,
 * unless it is the one chosen (from a link or the address).
 */
export function StatusFilter<S extends string>({
  label,
  statuses,
  labels,
  counts,
  value,
  onChange,
}: StatusFilterProps<S>) {
  if (!counts) return <FilterChipsSkeleton count={4} />;
  const countOf = (status: S) => counts[status] ?? 0;
  const options = statuses
    .filter((status) => countOf(status) > 0 || status === value)
    .map((status) => ({ slug: status, name: labels[status], count: countOf(status) }));
  const allCount = statuses.reduce((sum, status) => sum + countOf(status), 0);

  return (
    <FilterChips
      label={label}
      options={options}
      value={value}
      onChange={(slug) => onChange(slug as S | null)}
      allCount={allCount}
    />
  );
}

import { NativeSelect, type NativeSelectProps } from '@mantine/core';

const ALL = '';

export interface FilterOption<T extends string> {
  value: T;
  label: string;
}

/** The options for a list of values and their labels, in the list's order. */
export function filterOptionsOf<T extends string>(
  values: readonly T[],
  labels: Readonly<Record<T, string>>,
): FilterOption<T>[] {
  return values.map((value) => ({ value, label: labels[value] }));
}

interface FilterSelectProps<T extends string> {
  label: string;
  /** The chosen value; null is no filter. */
  value: T | null;
  onChange: (value: T | null) => void;
  /** The first option, for no filter: «همه», «همهٔ دسته‌ها». */
  allLabel: string;
  options: readonly FilterOption<T>[];
  w?: NativeSelectProps['w'];
}

/** A list filter as a select: «همه…» first (no filter), then one option a value. */
export function FilterSelect<T extends string>({
  label,
  value,
  onChange,
  allLabel,
  options,
  w,
}: FilterSelectProps<T>) {
  return (
    <NativeSelect
      label={label}
      value={value ?? ALL}
      onChange={(event) => {
        const next = event.currentTarget.value;
        onChange(next === ALL ? null : (next as T));
      }}
      data={[{ value: ALL, label: allLabel }, ...options]}
      w={w}
    />
  );
}

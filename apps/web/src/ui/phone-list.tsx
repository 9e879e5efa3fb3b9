import { type MantineSpacing, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

interface PhoneListProps<T> {
  items: readonly T[];
  itemKey: (item: T) => string;
  /** Space between an item's lines. */
  gap: number;
  /** Side padding, for a list inside a card with none. */
  px?: MantineSpacing;
  children: (item: T) => ReactNode;
}

/**
 * A table's rows as small blocks, one under another with a line between, for a phone; hidden
 * from sm up, where the table stands instead.
 */
export function PhoneList<T>({ items, itemKey, gap, px, children }: PhoneListProps<T>) {
  return (
    <Stack hiddenFrom="sm" gap={0} component="ul" m={0} p={0} px={px} style={{ listStyle: 'none' }}>
      {items.map((item, index) => (
        <Stack
          key={itemKey(item)}
          component="li"
          gap={gap}
          py="sm"
          style={index > 0 ? { borderTop: '1px solid var(--mantine-color-gray-2)' } : undefined}
        >
          {children(item)}
        </Stack>
      ))}
    </Stack>
  );
}

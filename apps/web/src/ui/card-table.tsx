import { Box, Card, Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { PhoneList } from './phone-list';

interface CardTableProps<T> {
  items: readonly T[];
  itemKey: (item: T) => string;
  /** The column heads, in order. */
  columns: readonly string[];
  /** A row's cells (`Table.Td`), one a column. */
  row: (item: T) => ReactNode;
  /** The same record as a small block, for a phone. */
  block: (item: T) => ReactNode;
  /** Space between a block's lines. */
  blockGap: number;
}

/** Records in a card: a table where there is room, blocks one under another on a phone. */
export function CardTable<T>({ items, itemKey, columns, row, block, blockGap }: CardTableProps<T>) {
  return (
    <Card p={0}>
      <Box visibleFrom="sm" px="md" py="xs">
        <Table verticalSpacing="sm" striped>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th key={column}>{column}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item) => (
              <Table.Tr key={itemKey(item)}>{row(item)}</Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Box>
      <PhoneList items={items} itemKey={itemKey} gap={blockGap} px="md">
        {block}
      </PhoneList>
    </Card>
  );
}

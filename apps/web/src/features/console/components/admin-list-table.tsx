import { Card, Stack, Table, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';

interface AdminListTableProps {
  /** The table's name for screen readers, the same as its phone cards': «فهرست محصولات». */
  label: string;
  columns: readonly string[];
  /** A last column with no visible head (a row's buttons), named for screen readers. */
  hiddenColumn?: string;
  /** The rows (`Table.Tr`). */
  children: ReactNode;
}

/** From sm up: a console list's records as a table in a card. */
export function AdminListTable({ label, columns, hiddenColumn, children }: AdminListTableProps) {
  return (
    <Card p={0} visibleFrom="sm">
      <Table verticalSpacing="sm" horizontalSpacing="md" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column}>{column}</Table.Th>
            ))}
            {hiddenColumn && (
              <Table.Th>
                <VisuallyHidden>{hiddenColumn}</VisuallyHidden>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Card>
  );
}

/** On a phone, in the table's place: the same records as a list of cards. */
export function AdminPhoneCards({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap="sm" component="ul" m={0} p={0} hiddenFrom="sm" aria-label={label}>
      {children}
    </Stack>
  );
}

/** One record in `AdminPhoneCards`. */
export function AdminPhoneCard({ children }: { children: ReactNode }) {
  return (
    <Card component="li" padding="md" style={{ listStyle: 'none' }}>
      {children}
    </Card>
  );
}

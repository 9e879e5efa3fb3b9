import { Code, Table, Text } from '@mantine/core';
import { toPersianDigits } from '@vitrin/fa';
import { JalaliDateTime } from '../../../../ui/jalali-date-time';
import { type AuditDiffRow, auditDiffRows, isIsoInstant, jsonText } from '../utils/audit-diff';

/** An audit row's before and after as a field-by-field table; what changed is marked. */
export function AuditChanges({ before, after }: { before: unknown; after: unknown }) {
  const rows = auditDiffRows(before, after);
  if (rows.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        این کار مقداری پیش و پس از خود ثبت نکرده است.
      </Text>
    );
  }
  return (
    <Table
      withTableBorder
      withColumnBorders
      verticalSpacing={6}
      fz="sm"
      style={{ tableLayout: 'fixed' }}
      aria-label="مقدارها پیش و پس از این کار"
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th w="28%">فیلد</Table.Th>
          <Table.Th>پیش از کار</Table.Th>
          <Table.Th>پس از کار</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.field ?? '(value)'}>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>
              {row.field === null ? (
                <Text span size="sm" c="dimmed">
                  کل مقدار
                </Text>
              ) : (
                <Code dir="ltr">{row.field}</Code>
              )}
            </Table.Td>
            <ValueCell row={row} side="before" />
            <ValueCell row={row} side="after" />
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function ValueCell({ row, side }: { row: AuditDiffRow; side: 'before' | 'after' }) {
  const present = side === 'before' ? row.hasBefore : row.hasAfter;
  const marked = row.changed && present;
  return (
    <Table.Td
      style={{ overflowWrap: 'anywhere', minWidth: 0 }}
      bg={marked ? (side === 'before' ? 'red.0' : 'teal.0') : undefined}
    >
      {present ? (
        <AuditValue value={side === 'before' ? row.before : row.after} />
      ) : (
        <Text span size="sm" c="dimmed" aria-label="نبود">
          —
        </Text>
      )}
    </Table.Td>
  );
}

/** One stored value as a person reads it: text as written, instants in Jalali, the rest as JSON. */
export function AuditValue({ value }: { value: unknown }) {
  if (value === null || value === undefined) {
    return (
      <Text span size="sm" c="dimmed">
        خالی
      </Text>
    );
  }
  if (isIsoInstant(value)) return <JalaliDateTime iso={value} />;
  if (typeof value === 'string') return <bdi>{value}</bdi>;
  if (typeof value === 'number') return <bdi dir="ltr">{toPersianDigits(value)}</bdi>;
  if (typeof value === 'boolean') return <>{value ? 'بله' : 'خیر'}</>;
  return (
    <Code dir="ltr" block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {jsonText(value)}
    </Code>
  );
}

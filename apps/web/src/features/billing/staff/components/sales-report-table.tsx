import { Card, Table, Text } from '@mantine/core';
import { formatAmount, toPersianDigits } from '@vitrin/fa';
import type { SalesReport } from '../api/sales-report';

const COLUMNS = [
  'دوره',
  'صورتحساب',
  'فروش خالص',
  'مالیات فروش',
  'جمع فروش',
  'برگشت',
  'خالص برگشت',
  'مالیات برگشت',
  'خالص پس از برگشت',
  'مالیات پس از برگشت',
] as const;

type Amounts = SalesReport['totals'];

const cell = { whiteSpace: 'nowrap' } as const;

/** A sum in Rial; a period whose returns exceed its sales reads negative, left to right. */
function Amount({ rial }: { rial: number }) {
  return <bdi dir="ltr">{formatAmount(rial)}</bdi>;
}

function AmountCells({ amounts }: { amounts: Amounts }) {
  return (
    <>
      <Table.Td style={cell}>{toPersianDigits(amounts.invoices)}</Table.Td>
      <Table.Td style={cell}>
        <Amount rial={amounts.netRial} />
      </Table.Td>
      <Table.Td style={cell}>
        <Amount rial={amounts.vatRial} />
      </Table.Td>
      <Table.Td style={cell}>
        <Amount rial={amounts.totalRial} />
      </Table.Td>
      <Table.Td style={cell}>{toPersianDigits(amounts.creditNotes)}</Table.Td>
      <Table.Td style={cell}>
        <Amount rial={amounts.creditNetRial} />
      </Table.Td>
      <Table.Td style={cell}>
        <Amount rial={amounts.creditVatRial} />
      </Table.Td>
      <Table.Td style={cell}>
        <Amount rial={amounts.balanceNetRial} />
      </Table.Td>
      <Table.Td style={cell} fw={700}>
        <Amount rial={amounts.balanceVatRial} />
      </Table.Td>
    </>
  );
}

/** The periods in rows and the year's totals last; scrolls sideways on a narrow screen. */
export function SalesReportTable({ report }: { report: SalesReport }) {
  return (
    <Card padding={0}>
      {/* Reachable by keyboard, so a phone without a mouse can scroll it (issue 22). */}
      <Table.ScrollContainer
        minWidth={900}
        type="native"
        tabIndex={0}
        role="region"
        aria-label="گزارش فروش"
      >
        <Table
          striped
          highlightOnHover
          verticalSpacing="sm"
          horizontalSpacing="xs"
          aria-label={`گزارش فروش و مالیات سال ${toPersianDigits(report.year)} به ریال`}
        >
          <Table.Thead>
            <Table.Tr>
              {COLUMNS.map((column) => (
                <Table.Th key={column} style={{ verticalAlign: 'bottom' }}>
                  {column}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {report.periods.map((row) => (
              <Table.Tr key={row.period}>
                <Table.Th scope="row" style={cell} fw={600}>
                  {row.label}
                </Table.Th>
                <AmountCells amounts={row} />
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr style={{ borderTop: '2px solid var(--mantine-color-gray-4)' }}>
              <Table.Th scope="row" style={cell}>
                <Text fw={700} size="sm">
                  {`جمع سال ${toPersianDigits(report.year)}`}
                </Text>
              </Table.Th>
              <AmountCells amounts={report.totals} />
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

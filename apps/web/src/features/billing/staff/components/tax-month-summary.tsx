import { Card, Group, NativeSelect, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { formatAmount, toPersianDigits } from '@vitrin/fa';
import { useState } from 'react';
import { LoadFailed } from '../../../../ui/load-failed';
import { type TaxMonthSummary as Summary, useTaxMonthSummary } from '../api/tax-system';
import { DOCUMENT_KIND_LABELS } from '../utils/document-filters';
import {
  currentJalaliMonth,
  jalaliMonthName,
  summaryMonthOptions,
  summaryYearOptions,
} from '../utils/tax-system';

const COLUMNS = ['نوع', 'وضعیت در سامانه', 'تعداد', 'خالص', 'مالیات', 'جمع'] as const;
const nowrap = { whiteSpace: 'nowrap' } as const;

/**
 * A Jalali month's documents by kind and tax-system state, this month first, and the month's VAT
 * as the VAT report counts it beside the part of it the organisation has accepted.
 */
export function TaxMonthSummary({ userId }: { userId: string }) {
  const [today] = useState(() => currentJalaliMonth());
  const [year, setYear] = useState(today.year);
  const [month, setMonth] = useState(today.month);
  const summary = useTaxMonthSummary(userId, year, month);

  return (
    <Card component="section" aria-labelledby="tax-summary-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="tax-summary-title">
          خلاصهٔ ماه
        </Title>
        <Group gap="md" align="flex-end" wrap="wrap">
          <NativeSelect
            label="سال"
            value={String(year)}
            onChange={(event) => setYear(Number(event.currentTarget.value))}
            data={summaryYearOptions(today.year)}
            w={120}
          />
          <NativeSelect
            label="ماه"
            value={String(month)}
            onChange={(event) => setMonth(Number(event.currentTarget.value))}
            data={summaryMonthOptions()}
            w={140}
          />
        </Group>
        {summary.data ? (
          <Stack gap="sm" style={{ opacity: summary.isPlaceholderData ? 0.6 : 1 }}>
            <SummaryBody summary={summary.data} />
          </Stack>
        ) : summary.isError ? (
          <LoadFailed title="خلاصهٔ ماه بارگذاری نشد" query={summary} />
        ) : (
          <Skeleton height={160} radius="md" aria-label="در حال بارگذاری خلاصهٔ ماه" />
        )}
      </Stack>
    </Card>
  );
}

/** A sum in Rial; one below zero (returns above sales) keeps its minus on the left. */
function Rial({ amount }: { amount: number }) {
  return (
    <>
      <bdi dir="ltr">{formatAmount(amount)}</bdi>
      {' ریال'}
    </>
  );
}

function SummaryBody({ summary }: { summary: Summary }) {
  const monthName = jalaliMonthName(summary.year, summary.month);
  if (summary.rows.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {`در ${monthName} صورتحساب یا برگشت از فروشی صادر نشده است.`}
      </Text>
    );
  }
  const notAccepted = summary.vatRial - summary.acceptedVatRial;
  return (
    <>
      <Table.ScrollContainer
        minWidth={560}
        type="native"
        tabIndex={0}
        role="region"
        aria-label={`جدول خلاصهٔ ${monthName}`}
      >
        <Table
          striped
          verticalSpacing="xs"
          horizontalSpacing="sm"
          aria-label={`سندهای ${monthName} به تفکیک وضعیت در سامانهٔ مودیان، به ریال`}
        >
          <Table.Thead>
            <Table.Tr>
              {COLUMNS.map((column) => (
                <Table.Th key={column} style={nowrap}>
                  {column}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {summary.rows.map((row) => (
              <Table.Tr key={`${row.kind}-${row.status}`}>
                <Table.Td style={nowrap}>{DOCUMENT_KIND_LABELS[row.kind]}</Table.Td>
                <Table.Td>{row.statusLabel}</Table.Td>
                <Table.Td style={nowrap}>{toPersianDigits(row.documents)}</Table.Td>
                <Table.Td style={nowrap}>{formatAmount(row.netRial)}</Table.Td>
                <Table.Td style={nowrap}>{formatAmount(row.vatRial)}</Table.Td>
                <Table.Td style={nowrap} fw={700}>
                  {formatAmount(row.totalRial)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Text size="xs" c="dimmed" hiddenFrom="sm">
        جدول را برای دیدن ستون‌های دیگر به چپ بکشید.
      </Text>
      <Stack gap={4}>
        <Text size="sm">
          {'مالیات بر ارزش افزودهٔ ماه (فروش منهای برگشت): '}
          <Text span size="sm" fw={700}>
            <Rial amount={summary.vatRial} />
          </Text>
        </Text>
        <Text size="sm">
          {'از آن، پذیرفته در سامانهٔ مودیان: '}
          <Text span size="sm" fw={700} c="teal.8">
            <Rial amount={summary.acceptedVatRial} />
          </Text>
        </Text>
        {notAccepted !== 0 && (
          <Text size="sm" c="orange.8">
            <Rial amount={notAccepted} />
            {' از مالیات این ماه هنوز پذیرفته نشده است.'}
          </Text>
        )}
      </Stack>
    </>
  );
}

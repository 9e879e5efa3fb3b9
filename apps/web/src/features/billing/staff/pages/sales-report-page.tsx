import {
  Button,
  Group,
  NativeSelect,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useState } from 'react';
import { describeApiError } from '../../../../lib/api-error';
import { DownloadIcon } from '../../../../ui/icons';
import { LoadFailed } from '../../../../ui/load-failed';
import { useStaffMember } from '../../../console/utils/staff-context';
import { useDownloadSalesReport, useSalesReport } from '../api/sales-report';
import { BillingHeader } from '../components/billing-header';
import { SalesReportTable } from '../components/sales-report-table';
import {
  currentJalaliYear,
  REPORT_GROUPING_LABELS,
  type ReportFormat,
  type ReportGrouping,
  reportYearOptions,
} from '../utils/sales-report';

/** Sales and VAT of a Jalali year by month or season, for the accountant and the VAT return. */
export function SalesReportPage() {
  useDocumentTitle('گزارش فروش و مالیات | کنسول کارکنان ویترین');
  const { userId } = useStaffMember();
  const [thisYear] = useState(currentJalaliYear);
  const [year, setYear] = useState(thisYear);
  const [by, setBy] = useState<ReportGrouping>('month');
  const report = useSalesReport(userId, year, by);
  const download = useDownloadSalesReport();
  const downloading = (format: ReportFormat) =>
    download.isPending && download.variables?.format === format;

  return (
    <Stack gap="lg">
      <BillingHeader
        tab="report"
        description="فروش، برگشت از فروش و مالیات بر ارزش افزودهٔ یک سال شمسی به تفکیک ماه یا فصل، از روی اسناد صادرشده. مبلغ‌ها به ریال است."
        actions={
          <Stack gap={4} align="flex-end">
            <Group gap="xs">
              {(['xlsx', 'csv'] as const).map((format) => (
                <Button
                  key={format}
                  variant="default"
                  leftSection={<DownloadIcon size={18} />}
                  loading={downloading(format)}
                  disabled={download.isPending && !downloading(format)}
                  onClick={() => download.mutate({ year, by, format })}
                >
                  {`دریافت ${format.toUpperCase()}`}
                </Button>
              ))}
            </Group>
            {download.isError && (
              <Text size="sm" c="red.8" role="alert" ta="end" maw={360}>
                {`فایل ساخته نشد: ${describeApiError(download.error)}`}
              </Text>
            )}
          </Stack>
        }
      />
      <Group gap="md" align="flex-end" wrap="wrap">
        <NativeSelect
          label="سال"
          value={String(year)}
          onChange={(event) => setYear(Number(event.currentTarget.value))}
          data={reportYearOptions(thisYear)}
          w={140}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="report-grouping-label">
            تفکیک
          </Text>
          <SegmentedControl
            aria-labelledby="report-grouping-label"
            value={by}
            onChange={(value) => setBy(value as ReportGrouping)}
            data={(['month', 'season'] as const).map((value) => ({
              value,
              label: REPORT_GROUPING_LABELS[value],
            }))}
          />
        </Stack>
      </Group>
      {report.data ? (
        <Stack gap="xs" style={{ opacity: report.isPlaceholderData ? 0.6 : 1 }}>
          <SalesReportTable report={report.data} />
          <Text size="xs" c="dimmed" hiddenFrom="sm">
            جدول را برای دیدن ستون‌های دیگر به چپ بکشید.
          </Text>
        </Stack>
      ) : report.isError ? (
        <LoadFailed title="گزارش فروش بارگذاری نشد" query={report} />
      ) : (
        <Skeleton height={420} radius="lg" aria-label="در حال بارگذاری گزارش فروش" />
      )}
    </Stack>
  );
}

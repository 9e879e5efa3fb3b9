import { Card, SegmentedControl, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { hasPermission, type TaxSystemSettingsView } from '@vitrin/contracts';
import { toPersianDigits } from '@vitrin/fa';
import { useState } from 'react';
import { LoadFailed } from '../../../../ui/load-failed';
import { useStaffMember } from '../../../console/utils/staff-context';
import { useTaxQueue, useTaxSettings } from '../api/tax-system';
import { BillingHeader } from '../components/billing-header';
import { TaxMonthSummary } from '../components/tax-month-summary';
import { TaxQueueList } from '../components/tax-queue-list';
import { TaxSystemSettingsForm } from '../components/tax-system-settings-form';
import { TaxSystemStatus } from '../components/tax-system-status';
import { TAX_QUEUE_FILTER_LABELS, type TaxQueueFilter } from '../utils/tax-system';

/**
 * The tax organisation's سامانه مودیان (issue 39, decision 0039): where the connection stands and
 * its settings, the documents that need a person (refused, late, near their deadline) with what
 * to do about each, and a month's documents by their state with the month's VAT. Support reads;
 * admins change the settings, test the connection and send documents again.
 */
export function TaxSystemPage() {
  useDocumentTitle('سامانه مودیان | کنسول کارکنان ویترین');
  const { userId, role } = useStaffMember();
  const manages = hasPermission(role, 'billing.manage');
  const settings = useTaxSettings(userId);
  const data = settings.data;

  return (
    <Stack gap="lg">
      <BillingHeader
        tab="tax-system"
        description="ارسال صورتحساب‌ها و برگشت از فروش‌ها به سامانهٔ مودیان سازمان امور مالیاتی، سندهایی که هنوز پذیرفته نشده‌اند و خلاصهٔ هر ماه. مبلغ‌ها به ریال است."
      />
      {data ? (
        <>
          <TaxSystemStatus settings={data} canTest={manages && data.configured} />
          {manages ? (
            <TaxSystemSettingsForm key={JSON.stringify(data)} userId={userId} settings={data} />
          ) : (
            <Text size="sm" c="dimmed">
              تنظیمات اتصال، آزمودن آن و ارسال دوبارهٔ سندها با مدیران است؛ شما وضعیت و صف را فقط
              می‌بینید.
            </Text>
          )}
          <TaxQueue userId={userId} settings={data} manages={manages} />
          <TaxMonthSummary userId={userId} />
        </>
      ) : settings.isError ? (
        <LoadFailed title="تنظیمات سامانهٔ مودیان بارگذاری نشد" query={settings} />
      ) : (
        <Skeleton height={420} radius="lg" aria-label="در حال بارگذاری سامانهٔ مودیان" />
      )}
    </Stack>
  );
}

interface TaxQueueProps {
  userId: string;
  settings: TaxSystemSettingsView;
  manages: boolean;
}

/** The documents not accepted yet: those that need a person first, or every one. */
function TaxQueue({ userId, settings, manages }: TaxQueueProps) {
  const [filter, setFilter] = useState<TaxQueueFilter>('attention');
  const queue = useTaxQueue(userId, filter);
  const data = queue.data;

  return (
    <Stack gap="sm" component="section" aria-labelledby="tax-queue-title">
      <Title order={2} size="h4" id="tax-queue-title">
        سندهای پذیرفته‌نشده
      </Title>
      <SegmentedControl
        aria-label="کدام سندها"
        value={filter}
        onChange={(value) => setFilter(value as TaxQueueFilter)}
        data={(['attention', 'open'] as const).map((value) => ({
          value,
          label: TAX_QUEUE_FILTER_LABELS[value],
        }))}
        style={{ alignSelf: 'flex-start' }}
      />
      {data ? (
        <Stack gap="sm" style={{ opacity: queue.isPlaceholderData ? 0.6 : 1 }}>
          {(data.openCount > 0 || !data.sending) && (
            <Text size="sm" c="dimmed">
              {data.openCount > 0 &&
                `${toPersianDigits(data.openCount)} سند هنوز در سامانهٔ مودیان پذیرفته نشده است. `}
              {!data.sending && 'ارسال خاموش یا تنظیم‌نشده است؛ تا روشن نشود، چیزی فرستاده نمی‌شود.'}
            </Text>
          )}
          {data.items.length === 0 ? (
            <Card>
              <Text size="sm">
                {filter === 'attention' && data.openCount > 0
                  ? 'سندی نیازمند رسیدگی نیست: هیچ سندی رد نشده و مهلت هیچ‌کدام نگذشته یا نزدیک نیست.'
                  : 'همهٔ سندها در سامانهٔ مودیان پذیرفته شده‌اند؛ سندی در صف نیست.'}
              </Text>
            </Card>
          ) : (
            <TaxQueueList
              userId={userId}
              items={data.items}
              deadlines={settings}
              manages={manages}
            />
          )}
        </Stack>
      ) : queue.isError ? (
        <LoadFailed title="صف سامانهٔ مودیان بارگذاری نشد" query={queue} />
      ) : (
        <Skeleton height={200} radius="lg" aria-label="در حال بارگذاری صف سامانهٔ مودیان" />
      )}
    </Stack>
  );
}

import { Skeleton, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { hasPermission } from '@vitrin/contracts';
import { LoadFailed } from '../../../../ui/load-failed';
import { useStaffMember } from '../../../console/utils/staff-context';
import { usePaymentSettings } from '../api/payment-settings';
import { BillingHeader } from '../components/billing-header';
import { PaymentSettingsForm } from '../components/payment-settings-form';

/** How customers may pay (decision 0023): gateways in order, card-to-card and bank transfer. */
export function PaymentSettingsPage() {
  useDocumentTitle('روش‌های پرداخت | کنسول کارکنان ویترین');
  const { userId, role } = useStaffMember();
  const settings = usePaymentSettings(userId);
  const manages = hasPermission(role, 'billing.manage');
  const data = settings.data;

  return (
    <Stack gap="lg">
      <BillingHeader
        tab="payments"
        description="درگاه‌هایی که مشتری در صفحهٔ پرداخت می‌بیند و ترتیب آن‌ها، و کارت و حساب شرکت برای کارت به کارت و واریز بانکی."
      />
      {data ? (
        <>
          <PaymentSettingsForm
            key={JSON.stringify(data)}
            userId={userId}
            settings={data}
            readOnly={!manages}
          />
          {!manages && (
            <Text size="sm" c="dimmed">
              تغییر روش‌های پرداخت با مدیران است؛ شما آن‌ها را فقط می‌بینید.
            </Text>
          )}
        </>
      ) : settings.isError ? (
        <LoadFailed title="روش‌های پرداخت بارگذاری نشد" query={settings} />
      ) : (
        <Skeleton height={420} radius="lg" aria-label="در حال بارگذاری روش‌های پرداخت" />
      )}
    </Stack>
  );
}

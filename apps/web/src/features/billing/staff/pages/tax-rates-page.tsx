import { Skeleton, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { hasPermission } from '@vitrin/contracts';
import { LoadFailed } from '../../../../ui/load-failed';
import { useStaffMember } from '../../../console/utils/staff-context';
import { useTaxRates, useWithdrawTaxRate } from '../api/tax-rates';
import { BillingHeader } from '../components/billing-header';
import { TaxRateForm } from '../components/tax-rate-form';
import { TaxRateList } from '../components/tax-rate-list';

/** The VAT rate by date (decision 0022): the rates in order, and a new one from a future day. */
export function TaxRatesPage() {
  useDocumentTitle('نرخ مالیات بر ارزش افزوده | کنسول کارکنان ویترین');
  const { userId, role } = useStaffMember();
  const rates = useTaxRates(userId);
  const withdraw = useWithdrawTaxRate(userId);
  const manages = hasPermission(role, 'billing.manage');

  return (
    <Stack gap="lg">
      <BillingHeader
        tab="tax-rates"
        description="نرخ مالیات بر ارزش افزوده از هر تاریخ. نرخی که اجرا شده دیگر تغییر نمی‌کند؛ برای تغییر، نرخ تازه‌ای از تاریخی در آینده بگذارید."
      />
      {rates.data ? (
        <TaxRateList
          rates={rates.data.items}
          withdraw={manages ? (id) => withdraw.mutateAsync(id) : undefined}
        />
      ) : rates.isError ? (
        <LoadFailed title="نرخ‌ها بارگذاری نشد" query={rates} />
      ) : (
        <Skeleton height={160} radius="lg" aria-label="در حال بارگذاری نرخ‌ها" />
      )}
      {manages ? (
        <TaxRateForm userId={userId} />
      ) : (
        <Text size="sm" c="dimmed">
          تعیین نرخ تازه و پس گرفتن نرخ زمان‌بندی‌شده با مدیران است؛ شما نرخ‌ها را فقط می‌بینید.
        </Text>
      )}
    </Stack>
  );
}

import { Alert, Skeleton, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { hasPermission } from '@vitrin/contracts';
import { AlertIcon } from '../../../../ui/icons';
import { LoadFailed } from '../../../../ui/load-failed';
import { useStaffMember } from '../../../console/utils/staff-context';
import { useSeller } from '../api/seller';
import { BillingHeader } from '../components/billing-header';
import { SellerForm } from '../components/seller-form';

/** The seller's legal details printed on every document (decision 0022). */
export function SellerPage() {
  useDocumentTitle('مشخصات فروشنده | کنسول کارکنان ویترین');
  const { userId, role } = useStaffMember();
  const seller = useSeller(userId);
  const manages = hasPermission(role, 'billing.manage');
  const data = seller.data;

  return (
    <Stack gap="lg">
      <BillingHeader
        tab="seller"
        description="نام و شناسه‌های حقوقی فروشنده که بالای هر صورتحساب، برگشت از فروش و رسید چاپ می‌شود. تغییر آن فقط اسناد بعدی را تغییر می‌دهد؛ اسناد صادرشده همان را دارند که چاپ کرده‌اند."
      />
      {data && !data.complete && (
        <Alert
          color="orange"
          variant="light"
          icon={<AlertIcon size={20} />}
          title="مشخصات فروشنده کامل نیست"
        >
          تا همهٔ این فیلدها پر نشود، صورتحساب‌ها بدون آن‌ها صادر می‌شوند و برای خریدار حقوقی و گزارش به
          سامانهٔ مودیان کافی نیستند.
          {!manages && ' تکمیل آن با مدیران است.'}
        </Alert>
      )}
      {data ? (
        <>
          <SellerForm
            key={JSON.stringify(data)}
            userId={userId}
            seller={data}
            readOnly={!manages}
          />
          {!manages && (
            <Text size="sm" c="dimmed">
              ویرایش مشخصات فروشنده با مدیران است؛ شما آن را فقط می‌بینید.
            </Text>
          )}
        </>
      ) : seller.isError ? (
        <LoadFailed title="مشخصات فروشنده بارگذاری نشد" query={seller} />
      ) : (
        <Skeleton height={360} radius="lg" aria-label="در حال بارگذاری مشخصات فروشنده" />
      )}
    </Stack>
  );
}

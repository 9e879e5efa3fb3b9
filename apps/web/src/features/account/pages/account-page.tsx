import { useDocumentTitle } from '@mantine/hooks';
import { ComingSoon } from '../../../ui/coming-soon';
import { UserIcon } from '../../../ui/icons';

export function AccountPage() {
  useDocumentTitle('حساب کاربری | ویترین');

  return (
    <ComingSoon
      icon={<UserIcon size={36} />}
      title="حساب کاربری به‌زودی فعال می‌شود"
      description="با ورود به حساب، سرویس‌ها، سفارش‌ها، تخفیف‌ها، تراکنش‌های اعتبار و تیکت‌های پشتیبانی‌تان را یکجا می‌بینید."
    />
  );
}

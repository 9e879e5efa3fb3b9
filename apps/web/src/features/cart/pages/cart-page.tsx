import { useDocumentTitle } from '@mantine/hooks';
import { ComingSoon } from '../../../ui/coming-soon';
import { CartIcon } from '../../../ui/icons';

export function CartPage() {
  useDocumentTitle('سبد خرید | ویترین');

  return (
    <ComingSoon
      icon={<CartIcon size={36} />}
      title="سبد خرید به‌زودی فعال می‌شود"
      description="با راه‌اندازی فروشگاه، سرویس‌هایی که انتخاب می‌کنید اینجا جمع می‌شوند تا کد تخفیف بزنید، از اعتبار کیف پول استفاده کنید و سفارش را بپردازید."
    />
  );
}

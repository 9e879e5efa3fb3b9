import { useDocumentTitle } from '@mantine/hooks';
import { ComingSoon } from '../../../ui/coming-soon';
import { BagIcon } from '../../../ui/icons';

export function StorePage() {
  useDocumentTitle('فروشگاه | ویترین');

  return (
    <ComingSoon
      icon={<BagIcon size={36} />}
      title="فروشگاه به‌زودی راه‌اندازی می‌شود"
      description="در فروشگاه، پلن‌های سایت‌ساز، هاست اشتراکی و وردپرس، سرور مجازی و دامنه را با مشخصات و قیمت کامل می‌بینید و همان‌جا سفارش می‌دهید."
    />
  );
}

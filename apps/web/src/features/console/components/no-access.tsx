import { Button } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link } from 'react-router';
import { AlertIcon } from '../../../ui/icons';
import { StatusMessage } from '../../../ui/status-message';
import { ADMIN_PATH } from '../utils/admin-sections';

interface NoAccessProps {
  /** A customer is outside the console; support is inside it, at a section for admins. */
  who: 'customer' | 'support';
}

/**
 * The console refuses what the role may not open. The server refuses the calls behind it anyway;
 * this says so in words and shows the way back instead of a page of errors.
 */
export function NoAccess({ who }: NoAccessProps) {
  useDocumentTitle('دسترسی ندارید | ویترین');
  return (
    <StatusMessage
      titleOrder={1}
      icon={<AlertIcon size={32} />}
      color="orange"
      title="دسترسی ندارید"
      description={
        who === 'customer'
          ? 'کنسول کارکنان فقط برای پشتیبان‌ها و مدیران فروشگاه است. سفارش‌ها، سرویس‌ها و تیکت‌های شما در پنل کاربری‌تان است.'
          : 'این بخش فقط برای مدیران است. اگر برای کارتان به آن نیاز دارید، از یکی از مدیران بخواهید.'
      }
    >
      {who === 'customer' ? (
        <Button component={Link} to="/account" mt="sm">
          رفتن به پنل کاربری
        </Button>
      ) : (
        <Button component={Link} to={ADMIN_PATH} mt="sm">
          بازگشت به داشبورد کنسول
        </Button>
      )}
    </StatusMessage>
  );
}

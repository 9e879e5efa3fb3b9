import { useDocumentTitle } from '@mantine/hooks';
import { ComingSoon } from '../../../ui/coming-soon';
import { ArticleIcon } from '../../../ui/icons';

export function ArticlesPage() {
  useDocumentTitle('مقالات | ویترین');

  return (
    <ComingSoon
      icon={<ArticleIcon size={36} />}
      title="مقالات به‌زودی منتشر می‌شوند"
      description="اینجا راهنمای ساختن سایت، انتخاب هاست، مدیریت دامنه و خبرهای ویترین را می‌خوانید."
    />
  );
}

import { Badge } from '@mantine/core';
import type { ArticleStatus } from '@vitrin/contracts';
import { ARTICLE_DISPLAY_STATUS, articleDisplayStatus } from '../utils/article-form';

/** پیش‌نویس، منتشرشده, or زمان‌بندی‌شده when its publish date is still to come. */
export function ArticleStatusBadge(props: { status: ArticleStatus; publishedAt: string | null }) {
  const shown = ARTICLE_DISPLAY_STATUS[articleDisplayStatus(props, new Date())];
  return (
    <Badge variant="light" color={shown.color} style={{ flex: 'none' }}>
      {shown.label}
    </Badge>
  );
}

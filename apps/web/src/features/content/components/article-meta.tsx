import { Group, Text } from '@mantine/core';
import { formatJalaliLongDate, toPersianDigits } from '@vitrin/fa';
import { ClockIcon } from '../../../ui/icons';

interface ArticleMetaProps {
  authorName: string;
  publishedAt: string;
  readingMinutes: number;
  size?: 'xs' | 'sm';
}

/** Who wrote an article, when, and how long it takes to read. */
export function ArticleMeta({
  authorName,
  publishedAt,
  readingMinutes,
  size = 'xs',
}: ArticleMetaProps) {
  return (
    <Group gap={6} wrap="wrap">
      <Text size={size} c="dimmed">
        {authorName}
      </Text>
      <Text size={size} c="dimmed" aria-hidden="true">
        ·
      </Text>
      <Text size={size} c="dimmed" component="time" dateTime={publishedAt}>
        {formatJalaliLongDate(publishedAt)}
      </Text>
      <Text size={size} c="dimmed" aria-hidden="true">
        ·
      </Text>
      <Group gap={4} wrap="nowrap">
        <ClockIcon size={size === 'xs' ? 14 : 16} color="var(--mantine-color-dimmed)" />
        <Text size={size} c="dimmed">
          {toPersianDigits(readingMinutes)} دقیقه مطالعه
        </Text>
      </Group>
    </Group>
  );
}

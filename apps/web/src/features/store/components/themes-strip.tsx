import { Anchor, Group, Text, Title } from '@mantine/core';
import { toPersianDigits } from '@vitrin/fa';
import { Link } from 'react-router';
import { CardStrip } from '../../../ui/card-strip';
import { ArrowLeftIcon } from '../../../ui/icons';
import { useProductThemes } from '../api/get-product-themes';
import { ThemeCard, ThemeCardSkeleton } from './theme-card';

const STRIP_SIZE = 8;

interface ThemesStripProps {
  productSlug: string;
  themeCount: number;
}

/** A website builder's first few themes, and the way to all of them. */
export function ThemesStrip({ productSlug, themeCount }: ThemesStripProps) {
  const themes = useProductThemes({ productSlug, pageSize: STRIP_SIZE });
  const galleryPath = `/store/${productSlug}/themes`;
  if (themes.isError) return null;

  return (
    <section aria-labelledby="product-themes-title">
      <Group justify="space-between" align="flex-end" mb="lg" gap="sm">
        <div>
          <Title order={2} size="h3" id="product-themes-title">
            قالب‌های این پلن
          </Title>
          <Text c="dimmed" size="sm">
            سایتتان را با یکی از این قالب‌ها شروع کنید؛ پیش‌نمایش هر کدام را ببینید.
          </Text>
        </div>
        <Anchor component={Link} to={galleryPath} fw={600}>
          <Group gap={4} wrap="nowrap" component="span">
            همهٔ قالب‌ها ({toPersianDigits(themeCount)})
            <ArrowLeftIcon size={18} />
          </Group>
        </Anchor>
      </Group>
      <CardStrip columns={4}>
        {themes.data
          ? themes.data.items.map((theme) => (
              <ThemeCard key={theme.id} theme={theme} to={theme.demoUrl} />
            ))
          : Array.from({ length: 4 }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else
              <ThemeCardSkeleton key={index} />
            ))}
      </CardStrip>
    </section>
  );
}

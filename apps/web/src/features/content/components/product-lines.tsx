import { Card, Container, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ComponentType } from 'react';
import { CpuIcon, GlobeIcon, LayoutIcon, PlugIcon, ServerIcon } from '../../../ui/icons';
import classes from './product-lines.module.css';

interface ProductLine {
  title: string;
  description: string;
  Icon: ComponentType<{ size?: number }>;
}

const productLines: readonly ProductLine[] = [
  {
    title: 'سایت‌ساز ویترین',
    description:
      'با قالب‌های آماده و ویرایشگر کشیدن و رها کردن، سایت فروشگاهی، شرکتی یا شخصی بسازید.',
    Icon: LayoutIcon,
  },
  {
    title: 'هاست اشتراکی',
    description: 'برای سایت‌های PHP و HTML با کنترل پنل، ایمیل روی دامنه و پشتیبان‌گیری خودکار.',
    Icon: ServerIcon,
  },
  {
    title: 'هاست وردپرس',
    description: 'بهینه‌شده برای وردپرس و ووکامرس، با نصب آسان و به‌روزرسانی امن.',
    Icon: PlugIcon,
  },
  {
    title: 'سرور مجازی',
    description: 'منابع اختصاصی و دسترسی کامل برای پروژه‌هایی که از هاست اشتراکی بزرگ‌ترند.',
    Icon: CpuIcon,
  },
  {
    title: 'ثبت دامنه',
    // U+2066…U+2069 isolate '.ir' left-to-right; otherwise the dot lands after the letters.
    description:
      'دامنهٔ \u2066.ir\u2069 و دامنه‌های بین‌المللی را ثبت و تمدید کنید و به سرویس‌تان وصل کنید.',
    Icon: GlobeIcon,
  },
];

export function ProductLines() {
  return (
    <section className={classes.section} aria-labelledby="product-lines-title">
      <Container>
        <Stack gap={6} mb="xl" ta="center" align="center">
          <Title order={2} id="product-lines-title">
            هر چه سایتتان لازم دارد
          </Title>
          <Text c="dimmed" maw={560}>
            از ساختن سایت تا میزبانی و دامنه، همه در یک حساب و با یک صورت‌حساب.
          </Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 5 }} spacing="md">
          {productLines.map(({ title, description, Icon }) => (
            <Card key={title} className={classes.card} shadow="xs">
              <ThemeIcon size={48} radius="md" variant="light" mb="md">
                <Icon size={26} />
              </ThemeIcon>
              <Title order={3} size="h4" mb={6}>
                {title}
              </Title>
              <Text size="sm" c="dimmed">
                {description}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </Container>
    </section>
  );
}

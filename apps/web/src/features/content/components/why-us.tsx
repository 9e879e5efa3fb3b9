import { Container, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ComponentType } from 'react';
import { ChartIcon, HeadsetIcon, PhoneIcon, WalletIcon } from '../../../ui/icons';
import classes from './why-us.module.css';

interface Reason {
  title: string;
  description: string;
  Icon: ComponentType<{ size?: number }>;
}

const reasons: readonly Reason[] = [
  {
    title: 'پشتیبانی فارسی با تیکت',
    description: 'سؤال یا مشکلتان را از پنل بفرستید و پاسخ کارشناس را همان‌جا دنبال کنید.',
    Icon: HeadsetIcon,
  },
  {
    title: 'پرداخت آنلاین و کیف پول',
    description: 'سفارش را با درگاه بانکی بپردازید یا اعتبار کیف پولتان را شارژ و خرج کنید.',
    Icon: WalletIcon,
  },
  {
    title: 'آمار زندهٔ بازدید',
    description: 'ببینید همین حالا چند نفر در سایتتان هستند و امروز چند بازدیدکنندهٔ تازه داشتید.',
    Icon: ChartIcon,
  },
  {
    title: 'اپ اندروید',
    description: 'سرویس‌ها، سفارش‌ها و تیکت‌هایتان را روی گوشی هم در دسترس داشته باشید.',
    Icon: PhoneIcon,
  },
];

export function WhyUs() {
  return (
    <section className={classes.section} aria-labelledby="why-us-title">
      <Container>
        <Title order={2} id="why-us-title" ta="center" mb="xl">
          چرا ویترین؟
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="xl">
          {reasons.map(({ title, description, Icon }) => (
            <Stack key={title} gap="xs" className={classes.reason}>
              <ThemeIcon size={44} radius="xl" color="amber.7" variant="light">
                <Icon size={24} />
              </ThemeIcon>
              <Title order={3} size="h4">
                {title}
              </Title>
              <Text size="sm" c="dimmed">
                {description}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Container>
    </section>
  );
}

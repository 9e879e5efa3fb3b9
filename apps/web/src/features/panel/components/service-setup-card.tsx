import { Anchor, Card, Group, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ServiceStatus } from '@vitrin/contracts';
import { toPersianDigits } from '@vitrin/fa';
import { Link } from 'react-router';
import { elapsedText } from '../../../lib/elapsed-text';
import { newTicketPath } from '../../../lib/panel-paths';
import { HeadsetIcon } from '../../../ui/icons';
import { LabeledValue } from '../../../ui/labeled-value';
import type { ServiceAccess } from '../api/get-service-access';
import { useNow } from '../hooks/use-now';

interface ServiceSetupCardProps {
  serviceId: string;
  status: ServiceStatus;
  /** Since when and how many attempts; null until the access has loaded. */
  setup: ServiceAccess['setup'];
}

const MINUTE_MS = 60_000;

/**
 * «در حال راه‌اندازی»: what is happening to a paid service that is not ready yet, honestly and
 * without the panel's technical words. Once staff have taken it over, it says so.
 */
export function ServiceSetupCard({ serviceId, status, setup }: ServiceSetupCardProps) {
  const now = useNow(MINUTE_MS / 4);
  const withStaff = status === 'needs-attention';
  const titleId = 'service-setup-title';

  return (
    <Card
      component="section"
      aria-labelledby={titleId}
      bg={withStaff ? 'violet.0' : 'blue.0'}
      style={{ borderColor: `var(--mantine-color-${withStaff ? 'violet' : 'blue'}-2)` }}
    >
      <Group gap="md" align="flex-start" wrap="nowrap">
        {withStaff ? (
          <ThemeIcon size={44} radius="xl" variant="light" color="violet" aria-hidden="true">
            <HeadsetIcon size={24} />
          </ThemeIcon>
        ) : (
          <ThemeIcon size={44} radius="xl" variant="light" color="blue" aria-hidden="true">
            <Loader size={22} color="blue" />
          </ThemeIcon>
        )}
        <Stack gap="xs" style={{ minWidth: 0, flex: 1 }}>
          <Title order={2} size="h4" id={titleId}>
            {withStaff ? 'راه‌اندازی در دست پشتیبانی است' : 'در حال راه‌اندازی'}
          </Title>
          <Text size="sm">{explanation(status)}</Text>
          {setup && (
            <Group
              gap="xl"
              role="group"
              aria-label="پیشرفت راه‌اندازی"
              style={{ rowGap: 'var(--mantine-spacing-xs)' }}
            >
              <LabeledValue labelWidth="auto" label="زمان سپری‌شده">
                {elapsedText(setup.since, now)}
              </LabeledValue>
              {setup.attempts > 0 && (
                <LabeledValue labelWidth="auto" label="تلاش‌ها">
                  {toPersianDigits(setup.attempts)}
                </LabeledValue>
              )}
            </Group>
          )}
          {withStaff && (
            <Text size="sm">
              پرسشی دارید؟{' '}
              <Anchor component={Link} to={newTicketPath(serviceId)} size="sm">
                تیکت دربارهٔ این سرویس بفرستید
              </Anchor>
            </Text>
          )}
        </Stack>
      </Group>
    </Card>
  );
}

function explanation(status: ServiceStatus): string {
  switch (status) {
    case 'needs-attention':
      return 'راه‌اندازی خودکار این سرویس کامل نشد و یکی از کارشناسان ما آن را در دست گرفته است. لازم نیست کاری بکنید؛ به‌محض آماده شدن، خبرتان می‌کنیم.';
    case 'failed':
      return 'تلاش پیشین برای ساخت حساب شما کامل نشد و دوباره تلاش می‌کنیم. لازم نیست کاری بکنید؛ این صفحه خودش به‌روز می‌شود.';
    case 'pending':
      return 'پرداخت شما ثبت شد و سرویس در صف راه‌اندازی است. معمولاً چند دقیقه بیشتر طول نمی‌کشد؛ این صفحه خودش به‌روز می‌شود.';
    default:
      return 'حساب شما روی کنترل پنل ساخته می‌شود. معمولاً چند دقیقه بیشتر طول نمی‌کشد؛ این صفحه خودش به‌روز می‌شود و وقتی آماده شد، خبرتان می‌کنیم.';
  }
}

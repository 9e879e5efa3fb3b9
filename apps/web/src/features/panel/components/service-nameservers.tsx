import { Card, Stack, Text, Title } from '@mantine/core';
import { toPersianDigits } from '@vitrin/fa';
import { LabeledValue } from '../../../ui/labeled-value';
import type { ServiceAccount } from '../api/get-service-access';
import { CopyableCode } from './copyable-code';

interface ServiceNameserversProps {
  account: ServiceAccount | null;
}

/**
 * Where to point the service's domain (issue 35): its server's nameservers, each with a copy
 * button, and where to set them. Nothing when the server has none set.
 */
export function ServiceNameservers({ account }: ServiceNameserversProps) {
  if (!account || account.nameservers.length === 0) return null;
  const isIr = account.domain?.endsWith('.ir') ?? false;
  return (
    <Card component="section" aria-labelledby="service-nameservers-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="service-nameservers-title">
          نیم‌سرورها
        </Title>
        <Text size="sm">
          {account.domain ? (
            <>
              برای اینکه دامنهٔ <bdi dir="ltr">{account.domain}</bdi> به این سرویس برسد، نیم‌سرورهای
              آن را {isIr ? 'در پنل ایرنیک' : 'در پنل شرکت ثبت‌کنندهٔ دامنه'} روی این مقدارها بگذارید:
            </>
          ) : (
            'برای وصل کردن دامنه به این سرویس، نیم‌سرورهای دامنه را در پنل شرکت ثبت‌کنندهٔ آن روی این مقدارها بگذارید:'
          )}
        </Text>
        <Stack gap="xs" component="ul" m={0} p={0} aria-label="نیم‌سرورهای سرویس">
          {account.nameservers.map((nameserver, index) => {
            const label = `نیم‌سرور ${toPersianDigits(index + 1)}`;
            return (
              <li key={nameserver} style={{ listStyle: 'none' }}>
                <LabeledValue labelWidth="5rem" label={label}>
                  <CopyableCode value={nameserver} label={label} />
                </LabeledValue>
              </li>
            );
          })}
        </Stack>
        <Text size="xs" c="dimmed">
          تغییر نیم‌سرور معمولاً چند ساعت و گاهی تا ۲۴ ساعت طول می‌کشد تا همه‌جا دیده شود. اگر دامنه را
          از ما خریده‌اید و تنظیمش را نمی‌دانید، تیکت بفرستید تا پشتیبانی انجامش دهد.
        </Text>
      </Stack>
    </Card>
  );
}

import { Alert, Group, Stack, Text, Title } from '@mantine/core';
import { toPersianDigits } from '@vitrin/fa';
import type { ReactNode } from 'react';
import type { MailDnsRecord } from '../api/mailboxes';
import { CopyableCode } from './copyable-code';

const PURPOSE: Record<MailDnsRecord['kind'], string> = {
  MX: 'نامه‌های دامنه به این سرور می‌رسند',
  SPF: 'سرورهایی که از طرف دامنه نامه می‌فرستند',
  DKIM: 'امضای نامه‌ها، تا گیرنده بداند جعلی نیستند',
  DMARC: 'با نامهٔ جعلی به نام دامنه چه شود',
};

/**
 * The records the domain's zone needs for its mail, each part copyable. Vitrin does not write
 * them yet (the domains issue adds DNS): the note says so.
 */
export function MailDnsRecords({
  records,
  managed,
}: {
  records: readonly MailDnsRecord[];
  managed: boolean;
}) {
  return (
    <Stack gap="sm" component="section" aria-labelledby="mail-dns-title">
      <Title order={3} size="h5" id="mail-dns-title">
        رکوردهای DNS ایمیل
      </Title>
      {!managed && (
        <Alert color="blue" variant="light">
          ویترین هنوز این رکوردها را در DNS دامنه نمی‌نویسد؛ تا مدیریت DNS به پنل ویترین بیاید، آن‌ها
          را در بخش DNS جایی که دامنه‌تان را مدیریت می‌کنید وارد کنید. بدون MX نامه‌ای نمی‌رسد و بدون
          SPF و DKIM نامه‌هایتان ممکن است به هرزنامه بروند.
        </Alert>
      )}
      {!records.some((record) => record.kind === 'DKIM') && (
        <Text size="sm" c="dimmed">
          کلید DKIM را کنترل پنل اکنون نداد؛ کمی بعد دوباره سر بزنید.
        </Text>
      )}
      <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {records.map((record) => (
          <Stack
            key={record.kind}
            component="li"
            gap={6}
            py="sm"
            style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
          >
            <Text size="sm">
              <Text span fw={700} size="sm" dir="ltr">
                {record.kind}
              </Text>
              {' · '}
              <Text span size="sm" c="dimmed">
                {PURPOSE[record.kind]}
              </Text>
            </Text>
            <Field label="نوع">
              <Group gap="sm">
                <CopyableCode value={record.type} label={`نوع رکورد ${record.kind}`} />
                {record.priority !== null && (
                  <Text span size="sm" c="dimmed">
                    اولویت {toPersianDigits(record.priority)}
                  </Text>
                )}
              </Group>
            </Field>
            <Field label="نام">
              <CopyableCode value={record.name} label={`نام رکورد ${record.kind}`} grow />
            </Field>
            <Field label="مقدار">
              <CopyableCode value={record.value} label={`مقدار رکورد ${record.kind}`} grow />
            </Field>
          </Stack>
        ))}
      </Stack>
    </Stack>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      {children}
    </Stack>
  );
}

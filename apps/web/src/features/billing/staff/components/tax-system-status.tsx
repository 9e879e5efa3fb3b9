import { Alert, Button, Card, Stack, Text, Title } from '@mantine/core';
import type { TaxSystemSettingsView } from '@vitrin/contracts';
import { formatJalaliDate, toPersianDigits } from '@vitrin/fa';
import { describeApiError } from '../../../../lib/api-error';
import { JalaliDate, JalaliDateTime } from '../../../../ui/jalali-date-time';
import { LabeledValue } from '../../../../ui/labeled-value';
import { useNow } from '../../../console/hooks/use-now';
import { type TaxConnectionTest, useTestTaxConnection } from '../api/tax-system';
import { certificateExpiry, taxSystemStatusText } from '../utils/tax-system';

const LABEL_WIDTH = '9rem';

/** A Latin code (a memory id, a certificate's subject) kept whole and left to right. */
function Latin({ text }: { text: string }) {
  return <bdi dir="ltr">{text}</bdi>;
}

/**
 * Where the connection stands: not set up, off, or on in which environment; the memory id, the
 * signing certificate with its expiry (red once it is near), and «آزمودن اتصال» for admins.
 */
export function TaxSystemStatus({
  settings,
  canTest,
}: {
  settings: TaxSystemSettingsView;
  canTest: boolean;
}) {
  const now = useNow(60_000);
  const status = taxSystemStatusText(settings);
  const certificate = settings.certificate;
  const expiry = certificate ? certificateExpiry(certificate, now) : null;
  const test = useTestTaxConnection();

  return (
    <Card component="section" aria-labelledby="tax-status-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="tax-status-title">
          وضعیت اتصال
        </Title>
        <Alert
          color={status.tone === 'on' ? 'teal' : 'orange'}
          variant="light"
          title={status.tone === 'on' ? 'روشن' : settings.configured ? 'خاموش' : 'تنظیم نشده'}
        >
          <Text size="sm">{status.text}</Text>
        </Alert>
        {settings.configured && (
          <Stack gap={6}>
            {settings.memoryId && (
              <LabeledValue label="شناسهٔ حافظهٔ مالیاتی" labelWidth={LABEL_WIDTH}>
                <Latin text={settings.memoryId} />
              </LabeledValue>
            )}
            {certificate && expiry ? (
              <>
                <LabeledValue label="گواهی امضا" labelWidth={LABEL_WIDTH}>
                  {/* One attribute a line in the certificate: read as one name, comma by comma. */}
                  <Latin text={certificate.subject.split(/\s*\n\s*/).join(', ')} />
                </LabeledValue>
                <LabeledValue label="اعتبار گواهی تا" labelWidth={LABEL_WIDTH}>
                  <Text
                    span
                    size="sm"
                    c={expiry.urgent ? 'red.8' : undefined}
                    fw={expiry.urgent ? 700 : undefined}
                  >
                    <JalaliDate iso={certificate.notAfter} />
                    {` (${expiry.text})`}
                  </Text>
                </LabeledValue>
              </>
            ) : (
              <Text size="sm" c="red.8">
                گواهی ذخیره‌شده خوانده نشد؛ گواهی امضا را دوباره ذخیره کنید.
              </Text>
            )}
            {settings.updatedAt && (
              <LabeledValue label="آخرین تغییر" labelWidth={LABEL_WIDTH}>
                <JalaliDateTime iso={settings.updatedAt} />
              </LabeledValue>
            )}
          </Stack>
        )}
        <Text size="sm" c="dimmed">
          {`هر صورتحساب و برگشت از فروش باید تا ${toPersianDigits(settings.deadlineDays)} روز پس از صدور به سامانهٔ مودیان برسد؛ سندی که ${toPersianDigits(settings.noticeDays)} روز پس از صدور پذیرفته نشده باشد در صف زیر و منوی کنسول شمرده می‌شود.`}
        </Text>
        {canTest && (
          <Stack gap="xs" align="flex-start">
            <Button variant="default" loading={test.isPending} onClick={() => test.mutate()}>
              آزمودن اتصال
            </Button>
            <ConnectionTestResult test={test} />
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

function ConnectionTestResult({ test }: { test: ReturnType<typeof useTestTaxConnection> }) {
  if (test.isError) {
    return (
      <Text size="sm" c="red.8" role="status">
        {`آزموده نشد: ${describeApiError(test.error)}`}
      </Text>
    );
  }
  if (!test.data) return null;
  return <ConnectionAnswer answer={test.data} />;
}

/** What the organisation said: its clock and the memory id's file, or why it did not answer. */
function ConnectionAnswer({ answer }: { answer: TaxConnectionTest }) {
  const parts = [
    answer.message,
    answer.fiscal?.economicCode
      ? `کد اقتصادی: ${toPersianDigits(answer.fiscal.economicCode)}`
      : null,
    answer.serverTime
      ? `ساعت سامانه: ${formatJalaliDate(answer.serverTime, { withTime: true })}`
      : null,
    `در ${toPersianDigits(answer.millis)} میلی‌ثانیه`,
  ].filter(Boolean);
  return (
    <Text
      size="sm"
      c={answer.ok ? 'teal.8' : 'red.8'}
      role="status"
      style={{ overflowWrap: 'anywhere' }}
    >
      {parts.join(' · ')}
    </Text>
  );
}

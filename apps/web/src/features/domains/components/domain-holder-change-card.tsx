import { Alert, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { ApiRequestError } from '../../../lib/api-error';
import { fieldError } from '../../../lib/field-error';
import { showSuccessToast } from '../../../lib/toast';
import { useChangeDomainHolder, useRequestDomainHolderPin } from '../api/change-domain-holder';
import type { UserDomainDetail } from '../api/get-user-domain';
import { DOMAINS_PATH } from '../utils/domain-paths';

interface DomainHolderChangeCardProps {
  userId: string;
  domain: UserDomainDetail;
}

/**
 * «تغییر دارنده» (issue 38): an IRNIC name still names the holder details the customer had
 * before. IRNIC moves it to the current ones only with the PIN it e-mails the current holder,
 * and after that holder approves: asked for here, step by step.
 */
export function DomainHolderChangeCard({ userId, domain }: DomainHolderChangeCardProps) {
  const askPin = useRequestDomainHolderPin(userId);
  const change = useChangeDomainHolder(userId);
  const [pin, setPin] = useState('');
  const error =
    fieldError(change.error, 'pin') ??
    (change.error instanceof ApiRequestError ? change.error.message : undefined);

  if (domain.holderChange === 'asked') {
    return (
      <Alert color="blue" variant="light" title="تغییر دارنده منتظر تأیید است" role="status">
        درخواست تغییر دارنده به ایرنیک رسیده است. ایرنیک از دارندهٔ کنونی تأیید می‌خواهد و پس از
        تأیید، دارندهٔ دامنه مشخصات کنونی شما می‌شود. نتیجه در رویدادهای دامنه نوشته می‌شود.
      </Alert>
    );
  }

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    try {
      await change.mutateAsync({ id: domain.id, pin: pin.trim() });
    } catch {
      return; // The box says why.
    }
    setPin('');
    showSuccessToast('تغییر دارنده به ایرنیک فرستاده شد');
  };

  return (
    <Card
      component="section"
      aria-labelledby="domain-holder-title"
      withBorder
      style={{ borderColor: 'var(--mantine-color-orange-5)' }}
    >
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <Stack gap={4}>
            <Title order={2} size="h4" id="domain-holder-title">
              تغییر دارندهٔ دامنه
            </Title>
            <Text size="sm">
              دارندهٔ <bdi dir="ltr">{domain.name}</bdi> در ایرنیک هنوز مشخصات پیشین شماست، نه{' '}
              <Link to={DOMAINS_PATH}>مشخصات دارندهٔ کنونی</Link>. ایرنیک دارنده را تنها با کد PIN
              تغییر می‌دهد که به ایمیل دارندهٔ کنونی می‌فرستد، و پس از تأیید همان دارنده.
            </Text>
            <Text size="sm" c="dimmed">
              همین PIN برای انتقال دامنه به ثبت‌کنندهٔ دیگر هم کار می‌کند؛ پس از تغییر دارنده، قفل
              انتقال دوباره بسته می‌شود.
            </Text>
          </Stack>
          <Group gap="sm" wrap="wrap">
            <Button
              variant="light"
              loading={askPin.isPending}
              onClick={async () => {
                try {
                  await askPin.mutateAsync({ id: domain.id });
                } catch {
                  return; // The toast says why.
                }
                showSuccessToast('ایرنیک کد PIN را به ایمیل دارندهٔ کنونی دامنه می‌فرستد');
              }}
            >
              ۱. درخواست کد PIN از ایرنیک
            </Button>
          </Group>
          <Group gap="sm" align="flex-start" wrap="wrap">
            <TextInput
              label="۲. کد PIN"
              description="کد نُه‌رقمی که ایرنیک به ایمیل دارندهٔ کنونی فرستاد"
              dir="ltr"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={32}
              style={{ flex: '1 1 12rem', maxWidth: '18rem' }}
              value={pin}
              onChange={(event) => {
                setPin(event.currentTarget.value);
                if (change.error) change.reset();
              }}
              error={error}
            />
            <Button
              type="submit"
              loading={change.isPending}
              disabled={pin.trim() === ''}
              mt={{ base: 0, xs: 46 }}
              style={{ flex: 'none' }}
            >
              فرستادن تغییر دارنده
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

import { Button, Card, Group, PasswordInput, Stack, Switch, Text, Title } from '@mantine/core';
import { TOAST_ERROR } from '@vitrin/contracts';
import { type FormEvent, useState } from 'react';
import { ApiRequestError } from '../../../lib/api-error';
import { showSuccessToast } from '../../../lib/toast';
import { LatinIsolated } from '../../../ui/latin-isolated';
import type { UserDomainDetail } from '../api/get-user-domain';
import { useRevealDomainAuthCode } from '../api/reveal-domain-auth-code';
import { useSetDomainLock } from '../api/set-domain-lock';

interface DomainTransferCardProps {
  userId: string;
  domain: UserDomainDetail;
  /** Whether the name's TLD moves with a transfer code (gTLDs); .ir moves by IRNIC's PIN. */
  hasAuthCode: boolean;
}

/**
 * «انتقال به ثبت‌کنندهٔ دیگر» (issue 38): the registrar lock, changed at the registry, and for
 * a gTLD name its transfer code, shown only after the owner's own password. For .ir, opening
 * the lock asks IRNIC to send the holder the PIN that moves the name.
 */
export function DomainTransferCard({ userId, domain, hasAuthCode }: DomainTransferCardProps) {
  const setLock = useSetDomainLock(userId);
  const [asked, setAsked] = useState<boolean | null>(null);
  const reveal = useRevealDomainAuthCode();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState<string | null>(null);
  const refusal =
    reveal.error instanceof ApiRequestError
      ? reveal.error.message
      : reveal.error
        ? TOAST_ERROR
        : null;

  const handleReveal = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setCode(null);
    try {
      const answer = await reveal.mutateAsync({ id: domain.id, password });
      setCode(answer.authCode);
      setPassword('');
    } catch {
      // Said under the form.
    }
  };

  return (
    <Card component="section" aria-labelledby="domain-transfer-title">
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} size="h4" id="domain-transfer-title">
            انتقال به ثبت‌کنندهٔ دیگر
          </Title>
          <Text size="sm" c="dimmed">
            {hasAuthCode
              ? 'با قفل بسته، دامنه بی‌اجازهٔ شما جابه‌جا نمی‌شود. برای انتقال، قفل را باز کنید و کد انتقال را به ثبت‌کنندهٔ تازه بدهید.'
              : 'دامنه‌های ایرانی با PIN ایرنیک جابه‌جا می‌شوند: با باز کردن قفل، ایرنیک PIN را برای رایانامهٔ دارنده می‌فرستد و با بستن آن، PIN باطل می‌شود.'}
          </Text>
        </Stack>
        <Switch
          label="قفل انتقال"
          description={
            (asked ?? domain.locked) ? 'بسته: انتقال به جای دیگر ممکن نیست' : 'باز: انتقال ممکن است'
          }
          checked={asked ?? domain.locked}
          disabled={setLock.isPending}
          onChange={async (event) => {
            const locked = event.currentTarget.checked;
            setAsked(locked);
            try {
              await setLock.mutateAsync({ id: domain.id, locked });
            } catch {
              return; // The toast says why.
            } finally {
              setAsked(null);
            }
            showSuccessToast(locked ? 'قفل انتقال بسته شد' : 'قفل انتقال باز شد');
          }}
        />
        {hasAuthCode && (
          <form onSubmit={handleReveal} noValidate>
            <Group gap="sm" align="flex-start" wrap="wrap">
              <PasswordInput
                label="گذرواژهٔ حساب ویترین"
                description="کد انتقال پس از گذرواژهٔ شما نشان داده می‌شود."
                style={{ flex: '1 1 14rem', maxWidth: '22rem' }}
                value={password}
                onChange={(event) => setPassword(event.currentTarget.value)}
                autoComplete="current-password"
                visibilityToggleButtonProps={{ 'aria-label': 'نمایش گذرواژه' }}
              />
              <Button
                type="submit"
                variant="light"
                loading={reveal.isPending}
                disabled={password === ''}
                mt={{ base: 0, xs: 46 }}
                style={{ flex: 'none' }}
              >
                نمایش کد انتقال
              </Button>
            </Group>
          </form>
        )}
        {refusal && (
          <Text size="sm" c="red.8" role="alert">
            <LatinIsolated text={refusal} />
          </Text>
        )}
        {code && (
          <Stack gap={4} role="status">
            <Text size="sm">کد انتقال:</Text>
            <Text ff="monospace" dir="ltr" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {code}
            </Text>
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

import { Button, Card, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { fieldError } from '../../../lib/field-error';
import { showSuccessToast } from '../../../lib/toast';
import { useChangePassword } from '../api/change-password';

// The contracts' passwordInput policy, said before the person types.
const PASSWORD_POLICY_TEXT = 'دست‌کم ۸ نویسه، هم حرف و هم عدد';

interface PasswordFormProps {
  userId: string;
  hasPassword: boolean;
}

export function PasswordForm({ userId, hasPassword }: PasswordFormProps) {
  const change = useChangePassword(userId);
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [missing, setMissing] = useState<{ current?: boolean; next?: boolean }>({});

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const nextMissing = {
      current: hasPassword && currentPassword === '',
      next: newPassword === '',
    };
    setMissing(nextMissing);
    if (nextMissing.current || nextMissing.next) return;
    try {
      await change.mutateAsync(hasPassword ? { currentPassword, newPassword } : { newPassword });
    } catch {
      return;
    }
    setCurrentPassword('');
    setNewPassword('');
    showSuccessToast('رمز عبور تازه ثبت شد؛ از دستگاه‌های دیگر خارج شدید');
  };

  return (
    <Card>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <Title order={2} size="h4">
            رمز عبور
          </Title>
          <Text size="sm" c="dimmed">
            {hasPassword
              ? 'با تغییر رمز عبور، از همهٔ دستگاه‌های دیگر خارج می‌شوید.'
              : 'حساب شما رمز عبور ندارد و با کد پیامکی وارد می‌شوید. با گذاشتن رمز عبور، با آن هم می‌توانید وارد شوید.'}
          </Text>
          {hasPassword && (
            <PasswordInput
              label="رمز عبور فعلی"
              autoComplete="current-password"
              value={currentPassword}
              onChange={(event) => {
                setCurrentPassword(event.currentTarget.value);
                setMissing((current) => ({ ...current, current: false }));
              }}
              error={
                missing.current
                  ? 'رمز عبور فعلی را وارد کنید'
                  : fieldError(change.error, 'currentPassword')
              }
            />
          )}
          <PasswordInput
            label="رمز عبور تازه"
            description={PASSWORD_POLICY_TEXT}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            autoComplete="new-password"
            value={newPassword}
            onChange={(event) => {
              setNewPassword(event.currentTarget.value);
              setMissing((current) => ({ ...current, next: false }));
            }}
            error={
              missing.next ? 'رمز عبور تازه را وارد کنید' : fieldError(change.error, 'newPassword')
            }
          />
          <Button type="submit" loading={change.isPending} style={{ alignSelf: 'flex-start' }}>
            تغییر رمز عبور
          </Button>
        </Stack>
      </form>
    </Card>
  );
}

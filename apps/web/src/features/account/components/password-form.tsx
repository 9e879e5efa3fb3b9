import { Button, Card, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { fieldError } from '../../../lib/field-error';
import { usePasswordStrength } from '../../../lib/password-strength';
import { showSuccessToast } from '../../../lib/toast';
import { useUserInfo } from '../../../lib/user-info';
import { NewPasswordField } from '../../../ui/password-strength-meter';
import { useChangePassword } from '../api/change-password';

interface PasswordFormProps {
  userId: string;
  hasPassword: boolean;
}

export function PasswordForm({ userId, hasPassword }: PasswordFormProps) {
  const change = useChangePassword(userId);
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [missing, setMissing] = useState<{ current?: boolean; next?: boolean }>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  // The server also weighs the name and e-mail here, so the meter does too.
  const user = useUserInfo(userId).data;
  const strength = usePasswordStrength(newPassword, {
    mobile: user?.mobileNumber ?? '',
    firstName: user?.firstName,
    lastName: user?.lastName,
    email: user?.email,
  });

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const nextMissing = {
      current: hasPassword && currentPassword === '',
      next: newPassword === '',
    };
    setMissing(nextMissing);
    if (nextMissing.current || nextMissing.next) return;
    setChecking(true);
    const reason = await strength.refusal(newPassword);
    setChecking(false);
    setRefusal(reason);
    if (reason) return;
    try {
      await change.mutateAsync(hasPassword ? { currentPassword, newPassword } : { newPassword });
    } catch {
      return;
    }
    setCurrentPassword('');
    setNewPassword('');
    showSuccessToast('رمز عبور تازه ثبت شد؛ از دستگاه‌های دیگر خارج شدید');
  };

  const newPasswordError = missing.next
    ? 'رمز عبور تازه را وارد کنید'
    : (refusal ?? fieldError(change.error, 'newPassword'));

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
          <NewPasswordField
            label="رمز عبور تازه"
            value={newPassword}
            onChange={(next) => {
              setNewPassword(next);
              setMissing((current) => ({ ...current, next: false }));
              setRefusal(null);
            }}
            error={newPasswordError}
            strength={strength}
          />
          <Button
            type="submit"
            loading={checking || change.isPending}
            style={{ alignSelf: 'flex-start' }}
          >
            تغییر رمز عبور
          </Button>
        </Stack>
      </form>
    </Card>
  );
}

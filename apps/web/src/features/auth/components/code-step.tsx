import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { toPersianDigits } from '@vitrin/fa';
import { type ClipboardEvent, type FormEvent, useState } from 'react';
import { fieldError } from '../../../lib/field-error';
import { showApiErrorToast } from '../../../lib/http';
import type { Identity } from '../../../lib/identity-storage';
import { usePasswordStrength } from '../../../lib/password-strength';
import { MobileNumber } from '../../../ui/mobile-number';
import { NewPasswordField } from '../../../ui/password-strength-meter';
import { useResetPassword } from '../api/reset-password';
import { useVerifyTemporaryCode } from '../api/verify-temporary-code';
import { useFocusOnMount } from '../hooks/use-focus-on-mount';
import { onlyDigits } from '../utils/digits';
import { ResendCountdown } from './resend-countdown';
import { StepHeading } from './step-heading';

/** sign-in: a sign-in code; verify: proving a new number; reset: a code and a new password. */
export type CodeMode = 'sign-in' | 'verify' | 'reset';

const CODE_LENGTH = 6;

const titleOf: Record<CodeMode, string> = {
  'sign-in': 'ورود با کد پیامکی',
  verify: 'تأیید شماره موبایل',
  reset: 'گذاشتن رمز عبور تازه',
};

interface CodeStepProps {
  mobile: string;
  mode: CodeMode;
  resendAt: number;
  /** No new code was sent now: the server's wait is still running since the last one. */
  sentBefore?: boolean;
  resending: boolean;
  /** Asks for another code; resolves true when one was sent. */
  onResend: () => Promise<boolean>;
  onSignedIn: (identity: Identity) => Promise<void>;
  onChangeMobile: () => void;
}

const codeFieldError = (error: unknown) => fieldError(error, 'code', ['OTP_WRONG', 'OTP_EXPIRED']);

export function CodeStep({
  mobile,
  mode,
  resendAt,
  sentBefore = false,
  resending,
  onResend,
  onSignedIn,
  onChangeMobile,
}: CodeStepProps) {
  const verify = useVerifyTemporaryCode();
  const reset = useResetPassword();
  const submitting = mode === 'reset' ? reset : verify;
  const [code, setCode] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [missing, setMissing] = useState<{ code?: boolean; password?: boolean }>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  // Only the reset form sets a password; the others never load the dictionaries.
  const strength = usePasswordStrength(newPassword, { mobile }, mode === 'reset');
  const codeRef = useFocusOnMount<HTMLInputElement>();

  const changeCode = (next: string) => {
    setCode(next);
    setMissing((current) => ({ ...current, code: false }));
    submitting.reset();
  };

  // maxLength would cut a pasted "کد ورود: ۱۲۳۴۵۶" before onChange sees the digits.
  const handlePaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = onlyDigits(event.clipboardData.getData('text'));
    if (pasted.length === 0) return;
    event.preventDefault();
    const input = event.currentTarget;
    const start = input.selectionStart ?? code.length;
    const end = input.selectionEnd ?? start;
    const whole = pasted.length >= CODE_LENGTH - 1;
    changeCode(
      (whole ? pasted : code.slice(0, start) + pasted + code.slice(end)).slice(0, CODE_LENGTH),
    );
  };

  const handleResend = async () => {
    if (await onResend()) {
      changeCode('');
      codeRef.current?.focus();
    }
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const nextMissing = { code: code === '', password: mode === 'reset' && newPassword === '' };
    setMissing(nextMissing);
    if (nextMissing.code || nextMissing.password) return;
    if (mode === 'reset') {
      // Refused here, so a password the server would refuse costs no try of the code.
      setChecking(true);
      const reason = await strength.refusal(newPassword);
      setChecking(false);
      setRefusal(reason);
      if (reason) return;
    }
    let identity: Identity;
    try {
      identity =
        mode === 'reset'
          ? await reset.mutateAsync({ mobile, code, newPassword })
          : await verify.mutateAsync({ mobile, code });
    } catch (failure) {
      // A refusal about a field is said once, under it (issue 22); the rest in a toast.
      if (!codeFieldError(failure) && !fieldError(failure, 'newPassword')) {
        showApiErrorToast(failure);
      }
      return;
    }
    try {
      await onSignedIn(identity);
    } catch {
      // What failed after signing in has told the person itself.
    }
  };

  const codeError = missing.code ? 'کد تأیید را وارد کنید' : codeFieldError(submitting.error);
  const passwordError = missing.password
    ? 'رمز عبور تازه را وارد کنید'
    : (refusal ?? fieldError(reset.error, 'newPassword'));

  return (
    <Stack gap="lg">
      <StepHeading title={titleOf[mode]}>
        کد {toPersianDigits(CODE_LENGTH)} رقمی به شمارهٔ <MobileNumber mobile={mobile} /> پیامک شد.
      </StepHeading>
      {sentBefore && (
        <Alert color="blue" variant="light" role="status" title="کد پیش‌تر فرستاده شده است">
          کمی پیش کدی به این شماره پیامک شد؛ همان را وارد کنید. کد تازه را پس از پایان شمارش
          می‌توانید بخواهید.
        </Alert>
      )}
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <TextInput
            ref={codeRef}
            label="کد تأیید"
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={CODE_LENGTH}
            dir="ltr"
            size="md"
            value={code}
            onChange={(event) =>
              changeCode(onlyDigits(event.currentTarget.value).slice(0, CODE_LENGTH))
            }
            onPaste={handlePaste}
            error={codeError}
            styles={{
              input: {
                textAlign: 'center',
                letterSpacing: '0.4em',
                fontSize: 'var(--mantine-font-size-xl)',
                fontWeight: 700,
              },
            }}
          />
          {mode === 'reset' && (
            <NewPasswordField
              label="رمز عبور تازه"
              size="md"
              value={newPassword}
              onChange={(next) => {
                setNewPassword(next);
                setMissing((current) => ({ ...current, password: false }));
                setRefusal(null);
                reset.reset();
              }}
              error={passwordError}
              strength={strength}
            />
          )}
          <Group justify="space-between" gap="xs" mih={28}>
            <ResendCountdown resendAt={resendAt} resending={resending} onResend={handleResend} />
            <Button variant="subtle" size="compact-sm" color="gray" onClick={onChangeMobile}>
              تغییر شماره
            </Button>
          </Group>
          <Button type="submit" size="md" loading={checking || submitting.isPending} fullWidth>
            {mode === 'reset' ? 'ذخیرهٔ رمز عبور' : 'تأیید'}
          </Button>
          {mode === 'reset' && (
            <Text size="xs" c="dimmed">
              با ذخیرهٔ رمز عبور تازه، از همهٔ دستگاه‌های دیگر خارج می‌شوید.
            </Text>
          )}
        </Stack>
      </form>
    </Stack>
  );
}

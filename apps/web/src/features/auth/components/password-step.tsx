import { Button, Divider, Group, PasswordInput, Stack } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { fieldError } from '../../../lib/field-error';
import { showApiErrorToast } from '../../../lib/http';
import type { Identity } from '../../../lib/identity-storage';
import { useAuthenticate } from '../api/authenticate';
import { useFocusOnMount } from '../hooks/use-focus-on-mount';
import { MobileSummary } from './mobile-summary';
import { StepHeading } from './step-heading';

interface PasswordStepProps {
  mobile: string;
  sendingSignInCode: boolean;
  sendingResetCode: boolean;
  onSignedIn: (identity: Identity) => Promise<void>;
  onSignInWithCode: () => void;
  onForgotPassword: () => void;
  onChangeMobile: () => void;
}

/** After repeated wrong passwords the server says how long to wait and that a code works. */
const passwordFieldError = (error: unknown) =>
  fieldError(error, 'password', ['WRONG_CREDENTIALS', 'RATE_LIMITED']);

export function PasswordStep({
  mobile,
  sendingSignInCode,
  sendingResetCode,
  onSignedIn,
  onSignInWithCode,
  onForgotPassword,
  onChangeMobile,
}: PasswordStepProps) {
  const authenticate = useAuthenticate();
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);
  const inputRef = useFocusOnMount<HTMLInputElement>();

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setMissing(password === '');
    if (password === '') return;
    let identity: Identity;
    try {
      identity = await authenticate.mutateAsync({ mobile, password });
    } catch (failure) {
      // Issue 22: a refusal about the password is said once, under the field; the rest
      // (no network, a server fault) in a toast.
      if (!passwordFieldError(failure)) showApiErrorToast(failure);
      // Back where the person types it again, with what was typed selected (by keyboard too).
      inputRef.current?.focus();
      inputRef.current?.select();
      return;
    }
    try {
      await onSignedIn(identity);
    } catch {
      // What failed after signing in has told the person itself.
    }
  };

  const error = missing ? 'رمز عبور را وارد کنید' : passwordFieldError(authenticate.error);

  return (
    <Stack gap="lg">
      <StepHeading title="ورود با رمز عبور">رمز عبور حساب‌تان را وارد کنید.</StepHeading>
      <MobileSummary mobile={mobile} onChangeMobile={onChangeMobile} />
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <PasswordInput
            ref={inputRef}
            label="رمز عبور"
            autoComplete="current-password"
            size="md"
            value={password}
            onChange={(event) => {
              setPassword(event.currentTarget.value);
              setMissing(false);
              authenticate.reset();
            }}
            error={error}
          />
          <Group justify="flex-start">
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={onForgotPassword}
              loading={sendingResetCode}
            >
              رمز عبور را فراموش کرده‌ام
            </Button>
          </Group>
          <Button type="submit" size="md" loading={authenticate.isPending} fullWidth>
            ورود
          </Button>
        </Stack>
      </form>
      <Divider label="یا" labelPosition="center" />
      <Button
        variant="default"
        size="md"
        loading={sendingSignInCode}
        onClick={onSignInWithCode}
        fullWidth
      >
        ورود با کد پیامکی
      </Button>
    </Stack>
  );
}

import { Button, PasswordInput, Stack } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { fieldError } from '../../../lib/field-error';
import { useRegister } from '../api/register';
import { useFocusOnMount } from '../hooks/use-focus-on-mount';
import { MobileSummary } from './mobile-summary';
import { PASSWORD_POLICY_TEXT } from './password-policy';
import { StepHeading } from './step-heading';

interface SignUpStepProps {
  mobile: string;
  sendingCode: boolean;
  /** Called once the account is made; sends the code that proves the number. */
  onRegistered: () => Promise<void>;
  onChangeMobile: () => void;
}

export function SignUpStep({ mobile, sendingCode, onRegistered, onChangeMobile }: SignUpStepProps) {
  const register = useRegister();
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);
  const inputRef = useFocusOnMount<HTMLInputElement>();

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setMissing(password === '');
    if (password === '') return;
    try {
      await register.mutateAsync({ mobile, password });
    } catch {
      return;
    }
    await onRegistered();
  };

  const error = missing ? 'رمز عبور را وارد کنید' : fieldError(register.error, 'password');

  return (
    <Stack gap="lg">
      <StepHeading title="ساخت حساب تازه">
        این شماره هنوز حسابی در ویترین ندارد. یک رمز عبور بگذارید تا حساب‌تان ساخته شود؛ سپس با کدی
        که پیامک می‌شود شماره را تأیید می‌کنید.
      </StepHeading>
      <MobileSummary mobile={mobile} onChangeMobile={onChangeMobile} />
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="lg">
          <PasswordInput
            ref={inputRef}
            label="رمز عبور"
            description={PASSWORD_POLICY_TEXT}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            autoComplete="new-password"
            size="md"
            value={password}
            onChange={(event) => {
              setPassword(event.currentTarget.value);
              setMissing(false);
              register.reset();
            }}
            error={error}
          />
          <Button type="submit" size="md" loading={register.isPending || sendingCode} fullWidth>
            ثبت‌نام
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}

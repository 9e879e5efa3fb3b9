import { Button, Stack } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { fieldError } from '../../../lib/field-error';
import { usePasswordStrength } from '../../../lib/password-strength';
import { NewPasswordField } from '../../../ui/password-strength-meter';
import { useRegister } from '../api/register';
import { useFocusOnMount } from '../hooks/use-focus-on-mount';
import { MobileSummary } from './mobile-summary';
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
  const [refusal, setRefusal] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const strength = usePasswordStrength(password, { mobile });
  const inputRef = useFocusOnMount<HTMLInputElement>();

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setMissing(password === '');
    if (password === '') return;
    // What the server would refuse is refused here, before a request.
    setChecking(true);
    const reason = await strength.refusal(password);
    setChecking(false);
    setRefusal(reason);
    if (reason) return;
    try {
      await register.mutateAsync({ mobile, password });
    } catch {
      return;
    }
    await onRegistered();
  };

  const error = missing
    ? 'رمز عبور را وارد کنید'
    : (refusal ?? fieldError(register.error, 'password'));

  return (
    <Stack gap="lg">
      <StepHeading title="ساخت حساب تازه">
        این شماره هنوز حسابی در ویترین ندارد. یک رمز عبور بگذارید تا حساب‌تان ساخته شود؛ سپس با کدی
        که پیامک می‌شود شماره را تأیید می‌کنید.
      </StepHeading>
      <MobileSummary mobile={mobile} onChangeMobile={onChangeMobile} />
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="lg">
          <NewPasswordField
            inputRef={inputRef}
            label="رمز عبور"
            size="md"
            value={password}
            onChange={(next) => {
              setPassword(next);
              setMissing(false);
              setRefusal(null);
              register.reset();
            }}
            error={error}
            strength={strength}
          />
          <Button
            type="submit"
            size="md"
            loading={checking || register.isPending || sendingCode}
            fullWidth
          >
            ثبت‌نام
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}

import { Button, Stack, TextInput } from '@mantine/core';
import { MOBILE_INVALID_MESSAGE, normalizeMobile } from '@vitrin/fa';
import { type FormEvent, useState } from 'react';
import { fieldError } from '../../../lib/field-error';
import { useFocusOnMount } from '../hooks/use-focus-on-mount';
import { StepHeading } from './step-heading';

interface MobileStepProps {
  title: string;
  description: string;
  defaultValue: string;
  pending: boolean;
  /** The last failed call of this step, for the server's word about the number. */
  error: unknown;
  onSubmit: (mobile: string, typed: string) => void;
}

export function MobileStep({
  title,
  description,
  defaultValue,
  pending,
  error,
  onSubmit,
}: MobileStepProps) {
  const [typed, setTyped] = useState(defaultValue);
  const [invalid, setInvalid] = useState(false);
  const [lastSubmitted, setLastSubmitted] = useState<string | null>(null);
  const inputRef = useFocusOnMount<HTMLInputElement>();

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const mobile = normalizeMobile(typed);
    setInvalid(mobile === null);
    if (mobile === null) return;
    setLastSubmitted(typed);
    onSubmit(mobile, typed);
  };

  // The server's message belongs to the number it was about, not to what is typed since.
  const serverError = lastSubmitted === typed ? fieldError(error, 'username') : undefined;

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="lg">
        <StepHeading title={title}>{description}</StepHeading>
        <TextInput
          label="شماره موبایل"
          type="tel"
          inputMode="numeric"
          autoComplete="tel"
          dir="ltr"
          placeholder="۰۹۱۲ ۱۲۳ ۴۵۶۷"
          size="md"
          value={typed}
          onChange={(event) => {
            setTyped(event.currentTarget.value);
            setInvalid(false);
          }}
          error={invalid ? MOBILE_INVALID_MESSAGE : serverError}
          ref={inputRef}
          required
          withAsterisk={false}
          maxLength={40}
        />
        <Button type="submit" size="md" loading={pending} fullWidth>
          ادامه
        </Button>
      </Stack>
    </form>
  );
}

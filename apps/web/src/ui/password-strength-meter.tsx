import { Box, Group, List, PasswordInput, Progress, Stack, Text } from '@mantine/core';
import type { PasswordStrength } from '@vitrin/contracts/password-strength';
import type { Ref } from 'react';
import { PASSWORD_POLICY_TEXT, type PasswordStrengthState } from '../lib/password-strength';

// zxcvbn's five scores: red and orange are refused, green is accepted (the server's threshold).
const LEVEL_COLORS = ['red.7', 'red.6', 'orange.6', 'teal.6', 'green.7'] as const;
const LEVELS = [0, 1, 2, 3, 4] as const;

interface PasswordStrengthMeterProps {
  strength: PasswordStrength | null;
  /** The dictionaries are still loading. */
  measuring: boolean;
  /** The field's error already gives the reason (a refused submit): not said twice. */
  hideWarning?: boolean;
}

/**
 * How guessable the typed password is: five bars filling from the start of the line, the level's
 * name, and zxcvbn's reason and advice in Persian. Nothing while the field is empty.
 */
export function PasswordStrengthMeter({
  strength,
  measuring,
  hideWarning = false,
}: PasswordStrengthMeterProps) {
  if (!strength) {
    return measuring ? (
      <Text size="xs" c="dimmed" aria-live="polite">
        در حال سنجش رمز عبور…
      </Text>
    ) : null;
  }
  const color = LEVEL_COLORS[strength.score];
  return (
    <Stack gap={6} aria-live="polite">
      <Group gap="sm" wrap="nowrap" align="center">
        <Box
          role="meter"
          aria-label="قدرت رمز عبور"
          aria-valuemin={0}
          aria-valuemax={4}
          aria-valuenow={strength.score}
          aria-valuetext={strength.label}
          style={{ flex: 1, display: 'grid', gridTemplateColumns: 'repeat(5, 1fr)', gap: 4 }}
        >
          {LEVELS.map((level) => (
            <Progress
              key={level}
              size="sm"
              radius="xl"
              value={level <= strength.score ? 100 : 0}
              color={color}
              transitionDuration={150}
              aria-hidden
            />
          ))}
        </Box>
        <Text size="sm" fw={600} c={color} style={{ flex: 'none', minWidth: '4.5em' }}>
          {strength.label}
        </Text>
      </Group>
      {strength.warning && !hideWarning && (
        <Text size="xs" c={strength.strong ? 'dimmed' : 'red.8'}>
          {strength.warning}
        </Text>
      )}
      {!strength.strong && strength.suggestions.length > 0 && (
        <List size="xs" c="dimmed" spacing={2}>
          {strength.suggestions.map((suggestion) => (
            <List.Item key={suggestion}>{suggestion}</List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}

interface NewPasswordFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | null | undefined;
  strength: Pick<PasswordStrengthState, 'strength' | 'measuring'>;
  size?: 'sm' | 'md';
  inputRef?: Ref<HTMLInputElement>;
}

/** A field that sets a new password: the rule under it, then the live meter (sign-up, reset, change). */
export function NewPasswordField({
  label,
  value,
  onChange,
  error,
  strength,
  size,
  inputRef,
}: NewPasswordFieldProps) {
  return (
    <Stack gap="xs">
      <PasswordInput
        ref={inputRef}
        label={label}
        description={PASSWORD_POLICY_TEXT}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        autoComplete="new-password"
        size={size}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        error={error}
      />
      <PasswordStrengthMeter
        strength={strength.strength}
        measuring={strength.measuring}
        hideWarning={Boolean(error)}
      />
    </Stack>
  );
}

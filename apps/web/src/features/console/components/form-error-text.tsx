import { Text } from '@mantine/core';

/** A refusal in a form's flow, read out when it appears; nothing when there is none. */
export function FormErrorText({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <Text size="sm" c="red.8" role="alert">
      {message}
    </Text>
  );
}

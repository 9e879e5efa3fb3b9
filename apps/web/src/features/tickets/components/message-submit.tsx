import { Button, Group, type MantineSize, Text } from '@mantine/core';
import type { ReactNode } from 'react';

interface MessageSubmitProps {
  label: string;
  sending: boolean;
  /** An attachment is still on its way: sending waits for it. */
  uploading: boolean;
  size?: MantineSize;
  /** Beside the button: a way out of the form. */
  children?: ReactNode;
}

/** The send button under a ticket's message, held back while attachments upload. */
export function MessageSubmit({ label, sending, uploading, size, children }: MessageSubmitProps) {
  return (
    <Group gap="sm">
      <Button type="submit" size={size} loading={sending} disabled={uploading}>
        {label}
      </Button>
      {children}
      {uploading && (
        <Text size="sm" c="dimmed">
          صبر کنید تا بارگذاری پیوست‌ها تمام شود.
        </Text>
      )}
    </Group>
  );
}

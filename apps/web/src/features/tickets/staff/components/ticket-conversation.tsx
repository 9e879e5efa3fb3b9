import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { JalaliDateTime } from '../../../../ui/jalali-date-time';
import { MessageAttachments } from '../../../../ui/message-attachments';
import type { StaffTicketMessage } from '../api/tickets';

export const INTERNAL_NOTE_LABEL = 'یادداشت داخلی — مشتری نمی‌بیند';

interface TicketConversationProps {
  /** Who is reading: the attachments are fetched as them. */
  userId: string;
  messages: readonly StaffTicketMessage[];
}

/**
 * Every message of the ticket, oldest first, as staff see it: staff's own side at the start of
 * the line, the customer's at the end, and internal notes in amber with a label saying the
 * customer never sees them. Bodies are plain text, line breaks kept by CSS, never parsed as HTML.
 */
export function TicketConversation({ userId, messages }: TicketConversationProps) {
  return (
    <Stack
      component="ol"
      gap="md"
      m={0}
      p={0}
      style={{ listStyle: 'none' }}
      aria-label="پیام‌های تیکت"
    >
      {messages.map((message) => (
        <MessageBubble key={message.id} userId={userId} message={message} />
      ))}
    </Stack>
  );
}

const BUBBLE_COLORS = {
  customer: { bg: 'brand.0', border: 'var(--mantine-color-brand-2)' },
  staff: { bg: 'gray.0', border: 'var(--mantine-color-gray-3)' },
  note: { bg: 'amber.0', border: 'var(--mantine-color-amber-5)' },
} as const;

function MessageBubble({ userId, message }: { userId: string; message: StaffTicketMessage }) {
  const kind = message.internal ? 'note' : message.author;
  const colors = BUBBLE_COLORS[kind];
  return (
    <Paper
      component="li"
      withBorder
      radius="lg"
      p={{ base: 'sm', sm: 'md' }}
      w={{ base: '96%', sm: '82%' }}
      bg={colors.bg}
      style={{
        alignSelf: message.author === 'customer' ? 'flex-end' : 'flex-start',
        borderColor: colors.border,
        borderStyle: kind === 'note' ? 'dashed' : undefined,
        borderWidth: kind === 'note' ? 2 : undefined,
      }}
    >
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" style={{ rowGap: 2 }}>
          <Group gap={6} style={{ minWidth: 0, rowGap: 2 }}>
            <Text fw={700} size="sm" dir="auto" style={{ overflowWrap: 'anywhere' }}>
              {message.authorName}
            </Text>
            {kind === 'note' ? (
              <Badge size="sm" variant="filled" color="amber" c="dark.8" style={{ flex: 'none' }}>
                {INTERNAL_NOTE_LABEL}
              </Badge>
            ) : kind === 'staff' ? (
              <Badge size="xs" variant="light" color="teal" style={{ flex: 'none' }}>
                پاسخ کارکنان
              </Badge>
            ) : (
              <Badge size="xs" variant="light" color="brand" style={{ flex: 'none' }}>
                مشتری
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            <JalaliDateTime iso={message.createdAt} />
          </Text>
        </Group>
        <Text
          component="div"
          size="sm"
          dir="auto"
          style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', unicodeBidi: 'plaintext' }}
        >
          {message.body}
        </Text>
        <MessageAttachments userId={userId} attachments={message.attachments} />
        {message.smsSentAt && (
          <Text size="xs" c="dimmed">
            {'پیامک خبر پاسخ برای مشتری رفت: '}
            <JalaliDateTime iso={message.smsSentAt} />
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

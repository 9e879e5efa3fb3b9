import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { JalaliDateTime } from '../../../ui/jalali-date-time';
import { MessageAttachments } from '../../../ui/message-attachments';
import type { TicketMessage } from '../api/get-ticket-replies';

interface TicketConversationProps {
  userId: string;
  messages: readonly TicketMessage[];
}

/**
 * The messages, oldest first: the person's own at the start of the line (the right, in Persian),
 * support's at the end. Bodies are plain text: line breaks kept by CSS, never parsed as HTML.
 */
export function TicketConversation({ userId, messages }: TicketConversationProps) {
  return (
    <Stack component="ol" gap="md" m={0} p={0} style={{ listStyle: 'none' }}>
      {messages.map((message) => (
        <MessageBubble key={message.id} userId={userId} message={message} />
      ))}
    </Stack>
  );
}

function MessageBubble({ userId, message }: { userId: string; message: TicketMessage }) {
  const staff = message.author === 'staff';
  return (
    <Paper
      component="li"
      withBorder
      radius="lg"
      p={{ base: 'sm', sm: 'md' }}
      w={{ base: '94%', sm: '80%' }}
      bg={staff ? 'gray.0' : 'brand.0'}
      style={{
        alignSelf: staff ? 'flex-end' : 'flex-start',
        borderColor: staff ? 'var(--mantine-color-gray-3)' : 'var(--mantine-color-brand-2)',
      }}
    >
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" style={{ rowGap: 0 }}>
          <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
            <Text fw={700} size="sm" dir="auto" style={{ overflowWrap: 'anywhere' }}>
              {message.authorName}
            </Text>
            {staff ? (
              <Badge size="xs" variant="light" color="teal" style={{ flex: 'none' }}>
                پشتیبانی
              </Badge>
            ) : (
              <Text size="xs" c="dimmed" style={{ flex: 'none' }}>
                (شما)
              </Text>
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
          // Each line takes the direction of its own first letter: an English line in a Persian
          // message reads left to right, with its «!» at its end.
          style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', unicodeBidi: 'plaintext' }}
        >
          {message.body}
        </Text>
        <MessageAttachments userId={userId} attachments={message.attachments} />
      </Stack>
    </Paper>
  );
}

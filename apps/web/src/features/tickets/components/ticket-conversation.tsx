import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { JalaliDateTime } from '../../../ui/jalali-date-time';
import { MessageAttachments } from '../../../ui/message-attachments';
import type { TicketMessage } from '../api/get-ticket-replies';

/** Who reads the conversation: the customer in their panel, or staff in the console. */
export type ConversationReader = 'customer' | 'staff';

/** A message as either side receives it; only staff get internal notes and the SMS time. */
export interface ConversationMessage extends TicketMessage {
  internal?: boolean;
  smsSentAt?: string | null;
}

const INTERNAL_NOTE_LABEL = 'یادداشت داخلی — مشتری نمی‌بیند';

// How each reader's page lays the conversation out.
const READER_LAYOUT = {
  customer: { listLabel: undefined, width: { base: '94%', sm: '80%' }, headerRowGap: 0 },
  staff: { listLabel: 'پیام‌های تیکت', width: { base: '96%', sm: '82%' }, headerRowGap: 2 },
} as const;

const BUBBLE_COLORS = {
  customer: { bg: 'brand.0', border: 'var(--mantine-color-brand-2)' },
  staff: { bg: 'gray.0', border: 'var(--mantine-color-gray-3)' },
  note: { bg: 'amber.0', border: 'var(--mantine-color-amber-5)' },
} as const;

interface TicketConversationProps {
  reader: ConversationReader;
  /** Who is reading: the attachments are fetched as them. */
  userId: string;
  messages: readonly ConversationMessage[];
}

/**
 * Every message of the ticket, oldest first: the reader's own side at the start of the line (the
 * right, in Persian), the other side's at the end. Staff also see internal notes, in amber with a
 * label saying the customer never sees them. Bodies are plain text: line breaks kept by CSS,
 * never parsed as HTML.
 */
export function TicketConversation({ reader, userId, messages }: TicketConversationProps) {
  return (
    <Stack
      component="ol"
      gap="md"
      m={0}
      p={0}
      style={{ listStyle: 'none' }}
      aria-label={READER_LAYOUT[reader].listLabel}
    >
      {messages.map((message) => (
        <MessageBubble key={message.id} reader={reader} userId={userId} message={message} />
      ))}
    </Stack>
  );
}

interface MessageBubbleProps {
  reader: ConversationReader;
  userId: string;
  message: ConversationMessage;
}

function MessageBubble({ reader, userId, message }: MessageBubbleProps) {
  const layout = READER_LAYOUT[reader];
  const kind = message.internal ? 'note' : message.author;
  const colors = BUBBLE_COLORS[kind];
  return (
    <Paper
      component="li"
      withBorder
      radius="lg"
      p={{ base: 'sm', sm: 'md' }}
      w={layout.width}
      bg={colors.bg}
      style={{
        alignSelf: message.author === reader ? 'flex-start' : 'flex-end',
        borderColor: colors.border,
        borderStyle: kind === 'note' ? 'dashed' : undefined,
        borderWidth: kind === 'note' ? 2 : undefined,
      }}
    >
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" style={{ rowGap: layout.headerRowGap }}>
          <Group
            gap={6}
            wrap={reader === 'customer' ? 'nowrap' : 'wrap'}
            style={{ minWidth: 0, rowGap: reader === 'customer' ? undefined : 2 }}
          >
            <Text fw={700} size="sm" dir="auto" style={{ overflowWrap: 'anywhere' }}>
              {message.authorName}
            </Text>
            <AuthorTag reader={reader} kind={kind} />
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

/** Beside the author's name: whose message it is, in the reader's words. */
function AuthorTag({
  reader,
  kind,
}: {
  reader: ConversationReader;
  kind: keyof typeof BUBBLE_COLORS;
}) {
  if (kind === 'note') {
    return (
      <Badge size="sm" variant="filled" color="amber" c="dark.8" style={{ flex: 'none' }}>
        {INTERNAL_NOTE_LABEL}
      </Badge>
    );
  }
  if (kind === 'staff') {
    return (
      <Badge size="xs" variant="light" color="teal" style={{ flex: 'none' }}>
        {reader === 'staff' ? 'پاسخ کارکنان' : 'پشتیبانی'}
      </Badge>
    );
  }
  return reader === 'staff' ? (
    <Badge size="xs" variant="light" color="brand" style={{ flex: 'none' }}>
      مشتری
    </Badge>
  ) : (
    <Text size="xs" c="dimmed" style={{ flex: 'none' }}>
      (شما)
    </Text>
  );
}

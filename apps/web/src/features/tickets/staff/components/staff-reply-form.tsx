import { Alert, Button, Card, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { type FormEvent, useRef, useState } from 'react';
import { fieldError } from '../../../../lib/field-error';
import { showSuccessToast } from '../../../../lib/toast';
import { useAttachmentUploads } from '../../../../lib/use-attachment-uploads';
import { MessageFields } from '../../components/message-fields';
import { listFieldError } from '../../utils/form-errors';
import { type StaffTicket, useReplyTicket } from '../api/tickets';
import { insertText } from '../utils/ticket-reply';
import { CannedReplyPicker } from './canned-reply-picker';

type ReplyKind = 'reply' | 'note';

const KINDS = {
  reply: {
    tab: 'پاسخ به مشتری',
    field: 'متن پاسخ',
    send: 'ارسال پاسخ به مشتری',
    sent: 'پاسخ برای مشتری فرستاده شد',
    hint: 'مشتری پاسخ را در پنل خود می‌بیند و پیامک می‌گیرد؛ وضعیت تیکت «پاسخ داده شده» می‌شود.',
  },
  note: {
    tab: 'یادداشت داخلی',
    field: 'متن یادداشت',
    send: 'ثبت یادداشت داخلی',
    sent: 'یادداشت داخلی ثبت شد',
    hint: 'فقط کارکنان آن را می‌بینند؛ مشتری خبردار نمی‌شود و وضعیت تیکت تغییر نمی‌کند.',
  },
} as const;

interface StaffReplyFormProps {
  userId: string;
  ticket: StaffTicket;
}

/** Staff's next message: a reply the customer gets, or a note only staff see. */
export function StaffReplyForm({ userId, ticket }: StaffReplyFormProps) {
  const reply = useReplyTicket(userId);
  const uploads = useAttachmentUploads();
  const [kind, setKind] = useState<ReplyKind>('reply');
  const [body, setBody] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const texts = KINDS[kind];
  const note = kind === 'note';

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (uploads.uploading) return;
    if (body.trim() === '') {
      setProblem(note ? 'متن یادداشت را بنویسید' : 'متن پاسخ را بنویسید');
      return;
    }
    setProblem(null);
    try {
      await reply.mutateAsync({
        ticketId: ticket.id,
        body,
        attachmentIds: uploads.attachmentIds,
        internal: note,
      });
      setBody('');
      uploads.clear();
      reply.reset();
      showSuccessToast(texts.sent);
    } catch {
      // The server's message is in the toast, and under the field it is about.
    }
  };

  const insertCanned = (text: string) => {
    const element = textarea.current;
    const selection = element ? { start: element.selectionStart, end: element.selectionEnd } : null;
    const next = insertText(body, text, selection);
    setBody(next.body);
    setProblem(null);
    // After the dialog has closed and the new text is in the field.
    setTimeout(() => {
      element?.focus();
      element?.setSelectionRange(next.cursor, next.cursor);
    }, 0);
  };

  return (
    <Card component="section" aria-labelledby="staff-reply-title">
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <Group justify="space-between" gap="sm">
            <Title order={2} size="h4" id="staff-reply-title">
              پیام تازه
            </Title>
            <SegmentedControl
              value={kind}
              onChange={(value) => setKind(value as ReplyKind)}
              aria-label="نوع پیام"
              color={note ? 'amber' : 'brand'}
              data={[
                { value: 'reply', label: KINDS.reply.tab },
                { value: 'note', label: KINDS.note.tab },
              ]}
            />
          </Group>
          <Text size="sm" c={note ? 'amber.9' : 'dimmed'}>
            {texts.hint}
          </Text>
          {ticket.status === 'closed' && !note && (
            <Alert color="gray" variant="light">
              این تیکت بسته است؛ پاسخ به مشتری آن را دوباره باز می‌کند.
            </Alert>
          )}
          <Group gap="sm">
            <CannedReplyPicker
              userId={userId}
              onPick={(canned) => insertCanned(canned.body)}
              disabled={reply.isPending}
            />
          </Group>
          <MessageFields
            textareaRef={textarea}
            label={texts.field}
            body={body}
            onBodyChange={(next) => {
              setBody(next);
              setProblem(null);
            }}
            bodyError={problem ?? fieldError(reply.error, 'body')}
            uploads={uploads}
            attachmentsError={listFieldError(reply.error, 'attachmentIds')}
            disabled={reply.isPending}
            inputBackground={note ? 'var(--mantine-color-amber-0)' : undefined}
          />
          <Group justify="flex-end" gap="sm">
            {uploads.uploading && (
              <Text size="sm" c="dimmed">
                صبر کنید تا بارگذاری پیوست‌ها تمام شود.
              </Text>
            )}
            <Button
              type="submit"
              color={note ? 'amber' : undefined}
              autoContrast
              loading={reply.isPending}
              disabled={uploads.uploading}
            >
              {texts.send}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

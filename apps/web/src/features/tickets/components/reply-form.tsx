import { Alert, Card, Stack, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { fieldError } from '../../../lib/field-error';
import { showSuccessToast } from '../../../lib/toast';
import { useAttachmentUploads } from '../../../lib/use-attachment-uploads';
import type { TicketSummary } from '../api/get-user-tickets';
import { useSubmitReply } from '../api/submit-reply';
import { listFieldError } from '../utils/form-errors';
import { ticketStatusNote } from '../utils/ticket-status';
import { MessageFields } from './message-fields';
import { MessageSubmit } from './message-submit';

interface ReplyFormProps {
  userId: string;
  ticket: TicketSummary;
}

/** The person's next message; on a closed ticket, sending it opens the ticket again. */
export function ReplyForm({ userId, ticket }: ReplyFormProps) {
  const reply = useSubmitReply(userId);
  const uploads = useAttachmentUploads();
  const [body, setBody] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const closed = ticket.status === 'closed';

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (uploads.uploading) return;
    if (body.trim() === '') {
      setProblem('متن پاسخ را بنویسید');
      return;
    }
    setProblem(null);
    try {
      await reply.mutateAsync({
        ticketId: ticket.id,
        body,
        attachmentIds: uploads.attachmentIds,
      });
      setBody('');
      uploads.clear();
      reply.reset();
      showSuccessToast(closed ? 'پاسخ شما ثبت شد و تیکت دوباره باز شد' : 'پاسخ شما ثبت شد');
    } catch {
      // The server's message is in the toast, and beside the field it is about.
    }
  };

  return (
    <Card component="section" aria-labelledby="reply-title">
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <Title order={2} size="h4" id="reply-title">
            پاسخ شما
          </Title>
          {closed && (
            <Alert color="gray" variant="light">
              {ticketStatusNote('closed')}
            </Alert>
          )}
          <MessageFields
            label="متن پاسخ"
            body={body}
            onBodyChange={(next) => {
              setBody(next);
              setProblem(null);
            }}
            bodyError={problem ?? fieldError(reply.error, 'body')}
            uploads={uploads}
            attachmentsError={listFieldError(reply.error, 'attachmentIds')}
            disabled={reply.isPending}
          />
          <MessageSubmit
            label={closed ? 'ارسال پاسخ و باز کردن تیکت' : 'ارسال پاسخ'}
            sending={reply.isPending}
            uploading={uploads.uploading}
          />
        </Stack>
      </form>
    </Card>
  );
}

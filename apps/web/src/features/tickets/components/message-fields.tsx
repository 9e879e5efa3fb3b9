import { Stack, Textarea } from '@mantine/core';
import { TICKET_BODY_MAX_LENGTH } from '@vitrin/contracts';
import { toPersianDigits } from '@vitrin/fa';
import type { Ref } from 'react';
import type { AttachmentUploads } from '../../../lib/use-attachment-uploads';
import { AttachmentPicker } from '../../../ui/attachment-picker';

interface MessageFieldsProps {
  label: string;
  body: string;
  onBodyChange: (body: string) => void;
  bodyError?: string;
  uploads: AttachmentUploads;
  attachmentsError?: string;
  placeholder?: string;
  disabled?: boolean;
  /** The text field itself: staff put a canned reply in at its cursor. */
  textareaRef?: Ref<HTMLTextAreaElement>;
  /** The text field's background: staff's internal note is written on amber. */
  inputBackground?: string;
}

/**
 * A message's text, with its character count, and its attachments: a new ticket's or a reply's,
 * the customer's or staff's.
 */
export function MessageFields({
  label,
  body,
  onBodyChange,
  bodyError,
  uploads,
  attachmentsError,
  placeholder,
  disabled = false,
  textareaRef,
  inputBackground,
}: MessageFieldsProps) {
  const nearLimit = body.length > TICKET_BODY_MAX_LENGTH * 0.9;
  return (
    <Stack gap="md">
      <Textarea
        ref={textareaRef}
        label={label}
        placeholder={placeholder}
        required
        autosize
        minRows={5}
        maxRows={16}
        maxLength={TICKET_BODY_MAX_LENGTH}
        value={body}
        onChange={(event) => onBodyChange(event.currentTarget.value)}
        error={bodyError}
        disabled={disabled}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        description={`${toPersianDigits(body.length)} از ${toPersianDigits(TICKET_BODY_MAX_LENGTH)} نویسه`}
        styles={{
          // Each line in the direction of its first letter, so English text types left to right.
          input: { unicodeBidi: 'plaintext', backgroundColor: inputBackground },
          description: {
            textAlign: 'end',
            color: nearLimit ? 'var(--mantine-color-orange-8)' : undefined,
          },
        }}
      />
      <AttachmentPicker uploads={uploads} error={attachmentsError} disabled={disabled} />
    </Stack>
  );
}

import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { CANNED_REPLY_BODY_MAX_LENGTH, CANNED_REPLY_TITLE_MAX_LENGTH } from '@vitrin/contracts';
import { toPersianDigits } from '@vitrin/fa';
import { type FormEvent, useState } from 'react';
import { fieldError } from '../../../../lib/field-error';
import { showSuccessToast } from '../../../../lib/toast';
import { type CannedReply, useSaveCannedReply } from '../api/canned-replies';

interface CannedReplyEditorProps {
  userId: string;
  /** The reply being edited; null for a new one. */
  reply: CannedReply | null;
  opened: boolean;
  onClose: () => void;
}

/**
 * A canned reply's title and text in a dialog, for a new one or an edit. The server's Persian
 * message shows under the field it is about; the dialog stays open for another try.
 */
export function CannedReplyEditor({ userId, reply, opened, onClose }: CannedReplyEditorProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={reply ? 'ویرایش پاسخ آماده' : 'پاسخ آمادهٔ تازه'}
      size="lg"
      closeButtonProps={{ 'aria-label': 'بستن' }}
    >
      {/* Keyed, so each opening starts from the reply as stored. */}
      <EditorForm key={reply?.id ?? 'new'} userId={userId} reply={reply} onDone={onClose} />
    </Modal>
  );
}

function EditorForm({
  userId,
  reply,
  onDone,
}: {
  userId: string;
  reply: CannedReply | null;
  onDone: () => void;
}) {
  const save = useSaveCannedReply(userId);
  const [title, setTitle] = useState(reply?.title ?? '');
  const [body, setBody] = useState(reply?.body ?? '');
  const [problems, setProblems] = useState<{ title?: string; body?: string }>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing = {
      title: title.trim() === '' ? 'عنوان را بنویسید' : undefined,
      body: body.trim() === '' ? 'متن پاسخ را بنویسید' : undefined,
    };
    setProblems(missing);
    if (missing.title || missing.body) return;
    try {
      await save.mutateAsync({ ...(reply ? { id: reply.id } : {}), title, body });
      showSuccessToast(reply ? 'پاسخ آماده ذخیره شد' : 'پاسخ آماده افزوده شد');
      onDone();
    } catch {
      // The server's message is in the toast and under its field.
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label="عنوان"
          description="برای پیدا کردن پاسخ در فهرست؛ مشتری آن را نمی‌بیند."
          required
          maxLength={CANNED_REPLY_TITLE_MAX_LENGTH}
          value={title}
          onChange={(event) => {
            setTitle(event.currentTarget.value);
            setProblems((current) => ({ ...current, title: undefined }));
          }}
          error={problems.title ?? fieldError(save.error, 'title')}
          data-autofocus
        />
        <Textarea
          label="متن پاسخ"
          required
          // Not autosize: its hidden measuring field outlives the dialog with the dialog's width,
          // and would widen a page resized after it closed.
          rows={8}
          resize="vertical"
          maxLength={CANNED_REPLY_BODY_MAX_LENGTH}
          value={body}
          onChange={(event) => {
            setBody(event.currentTarget.value);
            setProblems((current) => ({ ...current, body: undefined }));
          }}
          error={problems.body ?? fieldError(save.error, 'body')}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          description={`${toPersianDigits(body.length)} از ${toPersianDigits(CANNED_REPLY_BODY_MAX_LENGTH)} نویسه`}
          styles={{ input: { unicodeBidi: 'plaintext' }, description: { textAlign: 'end' } }}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={save.isPending}>
            انصراف
          </Button>
          <Button type="submit" loading={save.isPending}>
            ذخیره
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

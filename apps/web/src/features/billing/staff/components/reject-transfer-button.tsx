import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { TRANSFER_CLAIM_MESSAGES } from '@vitrin/contracts';
import { type FormEvent, useState } from 'react';
import { describeApiError } from '../../../../lib/api-error';
import { fieldError } from '../../../../lib/field-error';
import { showSuccessToast } from '../../../../lib/toast';
import { FormErrorText } from '../../../console/components/form-error-text';

const REASON_MIN_LENGTH = 3;
const REASON_MAX_LENGTH = 500;

interface RejectTransferButtonProps {
  /** What the claim pays, for the dialog's title: «سفارش ۱۲۳». */
  target: string;
  /** Runs the call; a thrown error keeps the dialog open with the server's message. */
  onReject: (reason: string) => Promise<unknown>;
}

/** «رد پرداخت»: a dialog asking the reason the customer will read, then the rejection. */
export function RejectTransferButton({ target, onReject }: RejectTransferButtonProps) {
  const [opened, setOpened] = useState(false);
  const [reason, setReason] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [localError, setLocalError] = useState<string | null>(null);

  const close = () => {
    if (pending) return;
    setOpened(false);
    setReason('');
    setError(null);
    setLocalError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = reason.trim();
    if (trimmed.length < REASON_MIN_LENGTH) {
      setLocalError(TRANSFER_CLAIM_MESSAGES.reason);
      return;
    }
    setLocalError(null);
    setError(null);
    setPending(true);
    try {
      await onReject(trimmed);
      setPending(false);
      setOpened(false);
      setReason('');
      showSuccessToast('پرداخت رد شد؛ مشتری دلیل آن را می‌بیند');
    } catch (caught) {
      setPending(false);
      setError(caught);
    }
  };

  const reasonError = localError ?? fieldError(error, 'reason');
  const otherError = error !== null && reasonError === undefined ? describeApiError(error) : null;

  return (
    <>
      <Button color="red" variant="light" size="sm" onClick={() => setOpened(true)}>
        رد پرداخت
      </Button>
      <Modal
        opened={opened}
        onClose={close}
        title={`رد پرداخت ${target}`}
        centered
        closeButtonProps={{ 'aria-label': 'بستن' }}
      >
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Text size="sm">
              پرداخت ردشده تسویه نمی‌شود. مشتری دلیل را همان‌طور که می‌نویسید می‌خواند و می‌تواند دوباره
              پرداخت کند.
            </Text>
            <Textarea
              label="دلیل رد"
              required
              rows={3}
              maxLength={REASON_MAX_LENGTH}
              placeholder="مثلاً: مبلغی با این کد پیگیری به حساب نرسیده است"
              value={reason}
              onChange={(event) => {
                setReason(event.currentTarget.value);
                setLocalError(null);
              }}
              error={reasonError}
              data-autofocus
            />
            <FormErrorText message={otherError} />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close} disabled={pending}>
                انصراف
              </Button>
              <Button type="submit" color="red" loading={pending}>
                رد پرداخت
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}

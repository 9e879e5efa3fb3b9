import {
  Button,
  type ButtonProps,
  Group,
  type MantineColor,
  Modal,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { toPersianDigits } from '@vitrin/fa';
import { type ReactNode, useState } from 'react';
import { describeApiError } from '../../../lib/api-error';
import { fieldError } from '../../../lib/field-error';
import { showSuccessToast } from '../../../lib/toast';
import { FormErrorText } from './form-error-text';

export const REASON_MIN_LENGTH = 3;
export const REASON_MAX_LENGTH = 500;

interface ConfirmActionProps {
  /** The button that opens the confirmation. */
  label: string;
  /** The dialog's title: what is about to happen, to what ('بازپرداخت سفارش ۱۲۳'). */
  title: string;
  /** What follows from it, in a sentence or two. */
  description: ReactNode;
  /** The confirming button's text: 'بله، بازپرداخت شود'. */
  confirmLabel: string;
  /** Red for what cannot be taken back (the default); another colour for what can. */
  color?: MantineColor;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  disabled?: boolean;
  /** A reason field: `required` when the server requires one, `optional` when it keeps one. */
  reason?: 'required' | 'optional';
  /** Shown in a toast when the action succeeded. */
  successMessage: string;
  /** Runs the call; a thrown error keeps the dialog open with the server's message in it. */
  onConfirm: (reason: string | undefined) => Promise<unknown>;
}

/**
 * A staff action that changes something for a customer (refund, lock, cancel…): the button opens
 * a dialog saying what will happen, with a reason field when the audit log keeps one, and the
 * action runs only on confirmation. The server's Persian error shows under the reason field when
 * it is about the reason, and above the buttons otherwise; the dialog stays for another try.
 */
export function ConfirmAction(props: ConfirmActionProps) {
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

  const confirm = async () => {
    const trimmed = reason.trim();
    if (props.reason === 'required' && trimmed.length < REASON_MIN_LENGTH) {
      setLocalError(`دلیل را دست‌کم در ${toPersianDigits(REASON_MIN_LENGTH)} حرف بنویسید`);
      return;
    }
    setLocalError(null);
    setError(null);
    setPending(true);
    try {
      await props.onConfirm(trimmed === '' ? undefined : trimmed);
      setPending(false);
      setOpened(false);
      setReason('');
      showSuccessToast(props.successMessage);
    } catch (caught) {
      setPending(false);
      setError(caught);
    }
  };

  const reasonError = localError ?? fieldError(error, 'reason');
  const otherError = error !== null && reasonError === undefined ? describeApiError(error) : null;

  return (
    <>
      <Button
        color={props.color ?? 'red'}
        variant={props.variant ?? 'light'}
        size={props.size}
        disabled={props.disabled}
        onClick={() => setOpened(true)}
      >
        {props.label}
      </Button>
      <Modal
        opened={opened}
        onClose={close}
        title={props.title}
        centered
        closeButtonProps={{ 'aria-label': 'بستن' }}
      >
        <Stack gap="md">
          <Text size="sm">{props.description}</Text>
          {props.reason && (
            <Textarea
              label="دلیل"
              description="در گزارش کارها می‌ماند."
              required={props.reason === 'required'}
              // A fixed height: autosize keeps a hidden measuring copy in the page, as wide as
              // the dialog, which can widen a narrowed window afterwards.
              rows={3}
              maxLength={REASON_MAX_LENGTH}
              value={reason}
              onChange={(event) => {
                setReason(event.currentTarget.value);
                setLocalError(null);
              }}
              error={reasonError}
              data-autofocus
            />
          )}
          <FormErrorText message={otherError} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={pending}>
              انصراف
            </Button>
            <Button color={props.color ?? 'red'} onClick={confirm} loading={pending}>
              {props.confirmLabel}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

import { SegmentedControl, Textarea, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { toPersianDigits } from '@vitrin/fa';
import { type FormEvent, useState } from 'react';
import { describeApiError } from '../../../../lib/api-error';
import { fieldError } from '../../../../lib/field-error';
import { tomanText } from '../../../../lib/money';
import { showSuccessToast } from '../../../../lib/toast';
import { REASON_MAX_LENGTH, REASON_MIN_LENGTH } from '../../../console/components/confirm-action';
import { FormDialog } from '../../../console/components/form-dialog';
import {
  CREDIT_DIRECTION_LABELS,
  CREDIT_DIRECTIONS,
  type CreditDirection,
  creditAdjustmentRial,
} from '../utils/customer-credit';

interface CreditAdjustDialogProps {
  balanceRial: number;
  adjust: (change: {
    amountRial: number;
    reason: string;
  }) => Promise<{ balanceRial: number; transactionId: string }>;
  /** Told the balance the server answered, to show it beside the wallet. */
  onAdjusted: (balanceRial: number) => void;
}

interface LocalErrors {
  amount?: string;
  reason?: string;
}

/**
 * «تنظیم اعتبار» (admins): adds credit to a customer's wallet or removes it, in Toman, with the
 * reason the audit log keeps. The server decides whether the balance allows a decrease; its
 * Persian error shows under the field it is about and the dialog stays for another try.
 */
export function CreditAdjustDialog({ balanceRial, adjust, onAdjusted }: CreditAdjustDialogProps) {
  const [opened, setOpened] = useState(false);
  const [direction, setDirection] = useState<CreditDirection>('increase');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [localErrors, setLocalErrors] = useState<LocalErrors>({});
  const mutation = useMutation({ mutationFn: adjust });

  const parsed = creditAdjustmentRial(amount, direction);
  const balanceAfter = parsed.ok ? balanceRial + parsed.amountRial : null;

  const close = () => {
    if (mutation.isPending) return;
    setOpened(false);
    setDirection('increase');
    setAmount('');
    setReason('');
    setLocalErrors({});
    mutation.reset();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = reason.trim();
    const errors: LocalErrors = {};
    if (!parsed.ok) errors.amount = parsed.error;
    if (trimmed.length < REASON_MIN_LENGTH) {
      errors.reason = `دلیل را دست‌کم در ${toPersianDigits(REASON_MIN_LENGTH)} حرف بنویسید`;
    }
    setLocalErrors(errors);
    if (!parsed.ok || errors.reason) return;
    mutation.mutate(
      { amountRial: parsed.amountRial, reason: trimmed },
      {
        onSuccess: (result) => {
          onAdjusted(result.balanceRial);
          showSuccessToast(`اعتبار به‌روز شد؛ موجودی تازه ${tomanText(result.balanceRial)}`);
          setOpened(false);
          setDirection('increase');
          setAmount('');
          setReason('');
          mutation.reset();
        },
      },
    );
  };

  const amountError = localErrors.amount ?? fieldError(mutation.error, 'amountRial');
  const reasonError = localErrors.reason ?? fieldError(mutation.error, 'reason');
  const otherError =
    mutation.error &&
    !fieldError(mutation.error, 'amountRial') &&
    !fieldError(mutation.error, 'reason')
      ? describeApiError(mutation.error)
      : null;

  return (
    <FormDialog
      openLabel="تنظیم اعتبار"
      opened={opened}
      onOpen={() => setOpened(true)}
      onClose={close}
      title="تنظیم اعتبار کیف پول"
      formLabel="تنظیم اعتبار کیف پول"
      onSubmit={submit}
      current={{ label: 'موجودی کنونی: ', value: tomanText(balanceRial) }}
      otherError={otherError}
      pending={mutation.isPending}
      submitLabel={direction === 'increase' ? 'افزودن اعتبار' : 'کسر اعتبار'}
      submitColor={direction === 'increase' ? 'teal' : 'red'}
    >
      <SegmentedControl
        aria-label="نوع تغییر"
        fullWidth
        value={direction}
        onChange={(value) => {
          setDirection(value as CreditDirection);
          mutation.reset();
        }}
        data={CREDIT_DIRECTIONS.map((value) => ({
          value,
          label: CREDIT_DIRECTION_LABELS[value],
        }))}
        color={direction === 'increase' ? 'teal' : 'red'}
      />
      <TextInput
        label="مبلغ (تومان)"
        placeholder="مثلا ۵۰٬۰۰۰"
        inputMode="numeric"
        autoComplete="off"
        required
        value={amount}
        onChange={(event) => {
          setAmount(event.currentTarget.value);
          setLocalErrors((errors) => ({ ...errors, amount: undefined }));
          // The server's refusal was about the amount now being changed.
          if (mutation.error) mutation.reset();
        }}
        error={amountError}
        description={
          balanceAfter !== null && !amountError
            ? balanceAfter >= 0
              ? `موجودی پس از این تغییر: ${tomanText(balanceAfter)}`
              : 'این مبلغ از موجودی کنونی بیشتر است'
            : 'عدد کامل به تومان؛ رقم فارسی یا لاتین'
        }
        data-autofocus
      />
      <Textarea
        label="دلیل"
        description="در گزارش کارها می‌ماند."
        required
        autosize
        minRows={2}
        maxLength={REASON_MAX_LENGTH}
        value={reason}
        onChange={(event) => {
          setReason(event.currentTarget.value);
          setLocalErrors((errors) => ({ ...errors, reason: undefined }));
        }}
        error={reasonError}
      />
    </FormDialog>
  );
}

import { Button, Group, Modal, Radio, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { toPersianDigits } from '@vitrin/fa';
import { type FormEvent, useState } from 'react';
import { describeApiError } from '../../../../lib/api-error';
import { fieldError } from '../../../../lib/field-error';
import { showSuccessToast } from '../../../../lib/toast';
import { REASON_MAX_LENGTH, REASON_MIN_LENGTH } from '../../../console/components/confirm-action';
import { FormErrorText } from '../../../console/components/form-error-text';
import { type AdminOrder, useRefundOrder } from '../api/orders';
import {
  exactTomanText,
  partialRefundRial,
  type RefundScope,
  refundableRial,
} from '../utils/order-refund';

interface LocalErrors {
  amount?: string;
  reason?: string;
}

/**
 * «بازپرداخت به کیف پول» (admins): all that is left of what the customer paid, or a part of it
 * in Toman, with the reason the audit log keeps. The two differ in more than the amount, and the
 * dialog says how: all of it refunds the order and cancels its services; a part leaves the order
 * paid and its services alone. Either issues a credit note. The server's refusal shows under the
 * field it is about, or above the buttons; the dialog stays for another try.
 */
export function RefundOrderDialog({ userId, order }: { userId: string; order: AdminOrder }) {
  const refund = useRefundOrder(userId);
  const [opened, setOpened] = useState(false);
  const [scope, setScope] = useState<RefundScope>('all');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [localErrors, setLocalErrors] = useState<LocalErrors>({});
  const refundable = refundableRial(order);
  const number = toPersianDigits(order.number);
  const renews = order.lines.some((line) => line.renewsServiceId !== null);
  const part = scope === 'part' ? partialRefundRial(amount, refundable) : null;
  const partIsAll = part?.ok === true && part.amountRial === refundable;

  const reset = () => {
    setScope('all');
    setAmount('');
    setReason('');
    setLocalErrors({});
    refund.reset();
  };
  const close = () => {
    if (refund.isPending) return;
    setOpened(false);
    reset();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = reason.trim();
    const errors: LocalErrors = {};
    if (part && !part.ok) errors.amount = part.error;
    if (trimmed.length < REASON_MIN_LENGTH) {
      errors.reason = `دلیل را دست‌کم در ${toPersianDigits(REASON_MIN_LENGTH)} حرف بنویسید`;
    }
    setLocalErrors(errors);
    if (errors.amount || errors.reason) return;
    const amountRial = part?.ok ? part.amountRial : undefined;
    refund.mutate(
      { orderId: order.id, reason: trimmed, ...(amountRial === undefined ? {} : { amountRial }) },
      {
        onSuccess: () => {
          showSuccessToast(
            amountRial === undefined || amountRial === refundable
              ? 'مبلغ سفارش به کیف پول مشتری برگشت'
              : `${exactTomanText(amountRial)} به کیف پول مشتری برگشت`,
          );
          setOpened(false);
          reset();
        },
      },
    );
  };

  const amountError = localErrors.amount ?? fieldError(refund.error, 'amountRial');
  const reasonError = localErrors.reason ?? fieldError(refund.error, 'reason');
  const otherError =
    refund.error && !fieldError(refund.error, 'amountRial') && !fieldError(refund.error, 'reason')
      ? describeApiError(refund.error)
      : null;

  return (
    <>
      <Button color="red" variant="light" onClick={() => setOpened(true)}>
        بازپرداخت به کیف پول
      </Button>
      <Modal
        opened={opened}
        onClose={close}
        title={`بازپرداخت سفارش ${number}`}
        centered
        closeButtonProps={{ 'aria-label': 'بستن' }}
      >
        <form onSubmit={submit} noValidate aria-label={`بازپرداخت سفارش ${number}`}>
          <Stack gap="md">
            {order.refundedRial > 0 && (
              <Text size="sm">
                {`از ${exactTomanText(order.walletAppliedRial + order.gatewayPaidRial)} پرداختی این سفارش، ${exactTomanText(order.refundedRial)} پیش‌تر بازپرداخت شده است.`}
              </Text>
            )}
            <Radio.Group
              label={`چه مقدار به کیف پول ${order.customer.name} برگردد؟`}
              value={scope}
              onChange={(value) => {
                setScope(value as RefundScope);
                setLocalErrors({});
                refund.reset();
              }}
            >
              <Stack gap="sm" mt="xs">
                <Radio
                  value="all"
                  label={`همهٔ باقی‌مانده: ${exactTomanText(refundable)}`}
                  description={`سفارش «بازپرداخت‌شده» می‌شود و سرویس‌های این سفارش لغو می‌شوند${renews ? '؛ تمدیدی که با آن خریده شده پس گرفته می‌شود و پایان سرویس به پیش از آن برمی‌گردد' : ''}. کد تخفیفش آزاد می‌شود.`}
                />
                <Radio
                  value="part"
                  label="بخشی از مبلغ"
                  description="فقط مبلغی که می‌نویسید برمی‌گردد؛ سفارش «پرداخت‌شده» می‌ماند و به سرویس‌ها دست زده نمی‌شود."
                />
              </Stack>
            </Radio.Group>
            {scope === 'part' && (
              <TextInput
                label="مبلغ بازپرداخت (تومان)"
                placeholder="مثلا ۵۰٬۰۰۰"
                inputMode="decimal"
                autoComplete="off"
                required
                value={amount}
                onChange={(event) => {
                  setAmount(event.currentTarget.value);
                  setLocalErrors((errors) => ({ ...errors, amount: undefined }));
                  if (refund.error) refund.reset();
                }}
                error={amountError}
                description={
                  partIsAll
                    ? 'این همهٔ باقی‌مانده است: بازپرداخت کامل می‌شود و سرویس‌ها لغو می‌شوند.'
                    : 'عدد به تومان؛ ریالِ باقی را پس از ممیز بنویسید (۱۲٬۳۴۵٫۶).'
                }
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                data-autofocus
              />
            )}
            <Textarea
              label="دلیل"
              description="در گزارش کارها و روی برگشت از فروش می‌ماند."
              required
              // A fixed height: autosize keeps a hidden measuring copy in the page, as wide as
              // the dialog, which can widen a narrowed window afterwards.
              rows={3}
              maxLength={REASON_MAX_LENGTH}
              value={reason}
              onChange={(event) => {
                setReason(event.currentTarget.value);
                setLocalErrors((errors) => ({ ...errors, reason: undefined }));
              }}
              error={reasonError}
            />
            <Text size="xs" c="dimmed">
              برای هر بازپرداخت یک «برگشت از فروش» به همان مبلغ صادر می‌شود. این کار برگشت‌پذیر نیست.
            </Text>
            <FormErrorText message={otherError} />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close} disabled={refund.isPending}>
                انصراف
              </Button>
              <Button type="submit" color="red" loading={refund.isPending}>
                {scope === 'all' || partIsAll ? 'بله، بازپرداخت شود' : 'بازپرداخت این مبلغ'}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}

import {
  ActionIcon,
  Button,
  Card,
  CopyButton,
  FileButton,
  Group,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { type ManualMethod, TICKET_ATTACHMENT_TYPES } from '@vitrin/contracts';
import { formatAmount } from '@vitrin/fa';
import { type FormEvent, useRef, useState } from 'react';
import { describeApiError } from '../../../lib/api-error';
import { fieldError } from '../../../lib/field-error';
import { tomanText } from '../../../lib/money';
import { uploadTicketAttachment } from '../../../lib/ticket-attachments';
import { CheckIcon, CopyIcon } from '../../../ui/icons';
import { LabeledValue } from '../../../ui/labeled-value';
import { useClaimTransfer } from '../api/claim-transfer';
import type { PaymentMethods } from '../api/get-payment-methods';
import {
  buildClaimBody,
  groupCardNumber,
  groupSheba,
  initialTransferForm,
  type TransferForm,
  transferInstant,
} from '../utils/manual-payment';

const RECEIPT_TYPES = TICKET_ATTACHMENT_TYPES.filter((type) => type.startsWith('image/'));
const RECEIPT_NOT_IMAGE = 'تصویر رسید باید عکس باشد (JPG، PNG، WebP یا GIF)';

interface ManualPaymentFormProps {
  userId: string;
  method: ManualMethod;
  methods: PaymentMethods;
  /** What to transfer, in Rial. */
  amountRial: number;
  target: { orderId: string } | { amountRial: number };
  onClaimed?: () => void;
}

/**
 * Card-to-card or bank transfer: the company's card or account and the exact amount, then the
 * claim (tracking number, when, the card's last digits, an optional receipt photo).
 */
export function ManualPaymentForm({
  userId,
  method,
  methods,
  amountRial,
  target,
  onClaimed,
}: ManualPaymentFormProps) {
  const claim = useClaimTransfer(userId);
  const [form, setForm] = useState<TransferForm>(() => initialTransferForm());
  const [whenProblem, setWhenProblem] = useState<{ field: 'day' | 'time'; message: string }>();
  const receipt = useReceiptUpload();
  const card = method === 'card-to-card' ? methods.cardToCard : null;
  const account = method === 'bank-transfer' ? methods.bankTransfer : null;
  const details = card ?? account;
  if (!details) return null;

  // The value is read now: the event's currentTarget is gone by the time the updater runs.
  const set = (field: keyof TransferForm) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setForm((current) => ({ ...current, [field]: value }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const when = transferInstant(form.day, form.time);
    if (!('instant' in when)) {
      setWhenProblem(when);
      return;
    }
    setWhenProblem(undefined);
    try {
      await claim.mutateAsync(
        buildClaimBody(
          method,
          target,
          { ...form, receiptAttachmentId: receipt.attachmentId },
          when.instant,
        ),
      );
      onClaimed?.();
    } catch {
      // The server's message is in the toast and under its field.
    }
  };

  const copyValue = card ? card.cardNumber : (account?.sheba ?? '');
  const shown = card ? groupCardNumber(card.cardNumber) : groupSheba(account?.sheba ?? '');
  const transferredAtError = fieldError(claim.error, 'transferredAt');

  return (
    <Stack gap="md">
      <Card withBorder padding="md" aria-label="مشخصات واریز">
        <Stack gap="xs">
          <Text size="sm">
            {card
              ? 'مبلغ را دقیقاً به این کارت بپردازید و سپس مشخصات پرداخت را ثبت کنید.'
              : 'مبلغ را دقیقاً به این حساب واریز کنید و سپس مشخصات پرداخت را ثبت کنید.'}
          </Text>
          <LabeledValue label={card ? 'شمارهٔ کارت' : 'شمارهٔ شبا'} labelWidth="6rem">
            <Group gap={4} wrap="nowrap">
              <bdi
                dir="ltr"
                // A Sheba is longer than a phone's row: it wraps between its groups of four.
                style={{
                  fontWeight: 700,
                  fontSize: '1.05rem',
                  whiteSpace: card ? 'nowrap' : 'normal',
                  minWidth: 0,
                }}
                data-testid="transfer-destination"
              >
                {shown}
              </bdi>
              <CopyButton value={copyValue} timeout={2000}>
                {({ copied, copy }) => (
                  <Tooltip label={copied ? 'کپی شد' : 'کپی'} withArrow>
                    <ActionIcon
                      variant="subtle"
                      color={copied ? 'teal' : 'gray'}
                      onClick={copy}
                      aria-label={card ? 'کپی شمارهٔ کارت' : 'کپی شمارهٔ شبا'}
                    >
                      {copied ? <CheckIcon size={16} /> : <CopyIcon size={16} />}
                    </ActionIcon>
                  </Tooltip>
                )}
              </CopyButton>
            </Group>
          </LabeledValue>
          <LabeledValue label="به نام" labelWidth="6rem">
            {details.holderName}
          </LabeledValue>
          {details.bankName && (
            <LabeledValue label="بانک" labelWidth="6rem">
              {details.bankName}
            </LabeledValue>
          )}
          <LabeledValue label="مبلغ واریز" labelWidth="6rem">
            <Text span fw={700}>
              {tomanText(amountRial)}
            </Text>{' '}
            <Text span size="xs" c="dimmed">
              ({formatAmount(amountRial)} ریال)
            </Text>
          </LabeledValue>
        </Stack>
      </Card>

      <form onSubmit={submit} noValidate aria-label="ثبت پرداخت">
        <Stack gap="sm">
          <TextInput
            label="کد پیگیری"
            description="شمارهٔ پیگیری یا ارجاع روی رسید بانک"
            value={form.transferReference}
            onChange={set('transferReference')}
            error={fieldError(claim.error, 'transferReference')}
            dir="ltr"
            inputMode="text"
            autoComplete="off"
            required
          />
          <SimpleGrid cols={2} spacing="sm">
            <TextInput
              label="تاریخ واریز"
              value={form.day}
              onChange={set('day')}
              error={whenProblem?.field === 'day' ? whenProblem.message : transferredAtError}
              dir="ltr"
              inputMode="numeric"
              required
            />
            <TextInput
              label="ساعت واریز"
              value={form.time}
              onChange={set('time')}
              error={whenProblem?.field === 'time' ? whenProblem.message : undefined}
              dir="ltr"
              inputMode="numeric"
              required
            />
          </SimpleGrid>
          {card && (
            <TextInput
              label="چهار رقم آخر کارت"
              description="کارتی که از آن پرداخت کردید"
              value={form.cardLast4}
              onChange={set('cardLast4')}
              error={fieldError(claim.error, 'cardLast4')}
              dir="ltr"
              inputMode="numeric"
              maxLength={4}
              autoComplete="off"
              required
            />
          )}
          <Stack gap={4}>
            <Group gap="sm">
              <FileButton accept={RECEIPT_TYPES.join(',')} onChange={receipt.pick}>
                {(props) => (
                  <Button {...props} variant="default" size="xs" disabled={receipt.uploading}>
                    {receipt.fileName ? 'تصویر دیگری برای رسید' : 'بارگذاری تصویر رسید (اختیاری)'}
                  </Button>
                )}
              </FileButton>
              {receipt.fileName && (
                <Text size="xs" c="dimmed" dir="auto">
                  {receipt.fileName}
                </Text>
              )}
            </Group>
            {receipt.uploading && (
              <Progress
                value={receipt.progress * 100}
                size="sm"
                aria-label="پیشرفت بارگذاری رسید"
                animated
              />
            )}
            {(receipt.problem ?? fieldError(claim.error, 'receiptAttachmentId')) && (
              <Text size="xs" c="red" role="alert">
                {receipt.problem ?? fieldError(claim.error, 'receiptAttachmentId')}
              </Text>
            )}
          </Stack>
          <Group>
            <Button type="submit" loading={claim.isPending} disabled={receipt.uploading}>
              ثبت پرداخت
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

/** One receipt photo, uploaded as soon as it is picked, with its progress. */
function useReceiptUpload() {
  const [state, setState] = useState<{
    fileName: string | null;
    progress: number;
    uploading: boolean;
    attachmentId: string | null;
    problem: string | null;
  }>({ fileName: null, progress: 0, uploading: false, attachmentId: null, problem: null });
  const controller = useRef<AbortController | null>(null);

  const pick = (file: File | null) => {
    if (!file) return;
    controller.current?.abort();
    if (!RECEIPT_TYPES.some((type) => type === file.type)) {
      setState({
        fileName: file.name,
        progress: 0,
        uploading: false,
        attachmentId: null,
        problem: RECEIPT_NOT_IMAGE,
      });
      return;
    }
    const current = new AbortController();
    controller.current = current;
    setState({
      fileName: file.name,
      progress: 0,
      uploading: true,
      attachmentId: null,
      problem: null,
    });
    uploadTicketAttachment(file, {
      signal: current.signal,
      onProgress: (loaded, total) =>
        setState((previous) => ({ ...previous, progress: total > 0 ? loaded / total : 0 })),
    })
      .then((attachment) =>
        setState((previous) => ({
          ...previous,
          uploading: false,
          progress: 1,
          attachmentId: attachment.id,
        })),
      )
      .catch((error: unknown) => {
        if (current.signal.aborted) return;
        setState((previous) => ({
          ...previous,
          uploading: false,
          problem: describeApiError(error) || 'بارگذاری رسید انجام نشد',
        }));
      });
  };

  return { ...state, pick };
}

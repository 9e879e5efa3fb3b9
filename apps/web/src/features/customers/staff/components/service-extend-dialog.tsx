import { SegmentedControl, Textarea, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { MAX_SERVICE_EXTENSION_DAYS } from '@vitrin/contracts';
import { formatJalaliDate, toPersianDigits } from '@vitrin/fa';
import { type FormEvent, useState } from 'react';
import { describeApiError } from '../../../../lib/api-error';
import { fieldError } from '../../../../lib/field-error';
import { showSuccessToast } from '../../../../lib/toast';
import { REASON_MAX_LENGTH } from '../../../console/components/confirm-action';
import { FormDialog } from '../../../console/components/form-dialog';
import type { CustomerServiceView } from '../api/customers';
import type { ServiceExtension } from '../api/services';
import { type ExtensionMode, extensionRequest } from '../utils/service-actions';

interface ServiceExtendDialogProps {
  service: CustomerServiceView;
  extend: (extension: ServiceExtension, reason: string | undefined) => Promise<CustomerServiceView>;
}

const DAY_MS = 86_400_000;
const SUGGESTED_EXTENSION_DAYS = 30;

/** A month after the later of the service's expiry and today, as an example date to type. */
function exampleDate(expiresAt: string | null): string {
  const now = Date.now();
  const expiry = expiresAt ? Date.parse(expiresAt) : now;
  return formatJalaliDate(new Date(Math.max(expiry, now) + SUGGESTED_EXTENSION_DAYS * DAY_MS));
}

const EXTENSION_MODE_LABELS: Record<ExtensionMode, string> = {
  days: 'چند روز',
  until: 'تا یک تاریخ',
};

/**
 * «تمدید» (admins): moves a service's expiry later by a number of days or to a date typed as
 * Jalali (or ISO) text. The date goes to the server as typed; what it cannot read, or a date not
 * later than the current expiry, comes back as a Persian error under the field.
 */
export function ServiceExtendDialog({ service, extend }: ServiceExtendDialogProps) {
  const [opened, setOpened] = useState(false);
  const [mode, setMode] = useState<ExtensionMode>('days');
  const [days, setDays] = useState('');
  const [until, setUntil] = useState('');
  const [reason, setReason] = useState('');
  const [localError, setLocalError] = useState<{ field: ExtensionMode; error: string } | null>(
    null,
  );
  const mutation = useMutation({
    mutationFn: (input: { extension: ServiceExtension; reason: string | undefined }) =>
      extend(input.extension, input.reason),
  });

  const reset = () => {
    setMode('days');
    setDays('');
    setUntil('');
    setReason('');
    setLocalError(null);
    mutation.reset();
  };

  const close = () => {
    if (mutation.isPending) return;
    setOpened(false);
    reset();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const request = extensionRequest(mode, { days, until });
    if (!request.ok) {
      setLocalError({ field: request.field, error: request.error });
      return;
    }
    setLocalError(null);
    const trimmed = reason.trim();
    mutation.mutate(
      { extension: request.change, reason: trimmed === '' ? undefined : trimmed },
      {
        onSuccess: (updated) => {
          showSuccessToast(
            updated.expiresAt
              ? `سرویس تا ${formatJalaliDate(updated.expiresAt)} تمدید شد`
              : 'سرویس تمدید شد',
          );
          setOpened(false);
          reset();
        },
      },
    );
  };

  const example = exampleDate(service.expiresAt);
  const errorOf = (field: ExtensionMode) =>
    localError?.field === field ? localError.error : fieldError(mutation.error, field);
  const reasonError = fieldError(mutation.error, 'reason');
  const otherError =
    mutation.error && !errorOf('days') && !errorOf('until') && !reasonError
      ? describeApiError(mutation.error)
      : null;

  return (
    <FormDialog
      openLabel="تمدید"
      openSize="compact-sm"
      opened={opened}
      onOpen={() => setOpened(true)}
      onClose={close}
      title={`تمدید ${service.name}`}
      formLabel="تمدید سرویس"
      onSubmit={submit}
      current={{
        label: 'انقضای کنونی: ',
        value: service.expiresAt ? formatJalaliDate(service.expiresAt) : 'ثبت نشده',
      }}
      otherError={otherError}
      pending={mutation.isPending}
      submitLabel="تمدید سرویس"
    >
      <SegmentedControl
        aria-label="روش تمدید"
        fullWidth
        value={mode}
        onChange={(value) => {
          setMode(value as ExtensionMode);
          setLocalError(null);
          mutation.reset();
        }}
        data={(['days', 'until'] as const).map((value) => ({
          value,
          label: EXTENSION_MODE_LABELS[value],
        }))}
      />
      {mode === 'days' ? (
        <TextInput
          key="days"
          label="تعداد روز"
          description={`از انقضای کنونی (یا امروز، اگر گذشته باشد)؛ حداکثر ${toPersianDigits(MAX_SERVICE_EXTENSION_DAYS)} روز`}
          placeholder="۳۰"
          inputMode="numeric"
          autoComplete="off"
          required
          value={days}
          onChange={(event) => setDays(event.currentTarget.value)}
          error={errorOf('days')}
          data-autofocus
        />
      ) : (
        <TextInput
          key="until"
          label="تاریخ انقضای تازه"
          description={`شمسی، مثل ${example}؛ باید بعد از انقضای کنونی باشد`}
          placeholder={example}
          autoComplete="off"
          required
          value={until}
          onChange={(event) => setUntil(event.currentTarget.value)}
          error={errorOf('until')}
          data-autofocus
        />
      )}
      <Textarea
        label="دلیل"
        description="اختیاری؛ در گزارش کارها می‌ماند."
        autosize
        minRows={2}
        maxLength={REASON_MAX_LENGTH}
        value={reason}
        onChange={(event) => setReason(event.currentTarget.value)}
        error={reasonError}
      />
    </FormDialog>
  );
}

import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { toPersianDigits } from '@vitrin/fa';
import { type FormEvent, useState } from 'react';
import { describeApiError } from '../../../../lib/api-error';
import { fieldError } from '../../../../lib/field-error';
import { showSuccessToast } from '../../../../lib/toast';
import { REASON_MAX_LENGTH } from '../../../console/components/confirm-action';
import { FormDialog } from '../../../console/components/form-dialog';
import { type DeliveryQueueRow, useDeliverService } from '../api/delivery-queue';

interface DetailRow {
  key: number;
  label: string;
  value: string;
  secret: boolean;
}

const MAX_ROWS = 12;

function startingRows(): DetailRow[] {
  return [
    { key: 1, label: 'نشانی یا آدرس IP', value: '', secret: false },
    { key: 2, label: 'نام کاربری', value: '', secret: false },
    { key: 3, label: 'گذرواژه', value: '', secret: true },
  ];
}

/**
 * «تحویل» (admins): what the customer needs to use what they bought, each line a label and a
 * value, passwords marked secret (the customer sees them only after their own password). The
 * service's term starts when this is saved, and the customer is told.
 */
export function DeliverServiceDialog({
  staffId,
  service,
}: {
  staffId: string;
  service: DeliveryQueueRow;
}) {
  const deliver = useDeliverService(staffId, service.serviceId);
  const [opened, setOpened] = useState(false);
  const [rows, setRows] = useState<DetailRow[]>(startingRows);
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);

  const reset = () => {
    setRows(startingRows());
    setReason('');
    setMissing(false);
    deliver.reset();
  };
  const close = () => {
    if (deliver.isPending) return;
    setOpened(false);
    reset();
  };
  const change = (key: number, patch: Partial<DetailRow>) => {
    setMissing(false);
    setRows((all) => all.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const details = rows
      .map((row) => ({ label: row.label.trim(), value: row.value.trim(), secret: row.secret }))
      .filter((row) => row.label !== '' && row.value !== '');
    if (details.length === 0) {
      setMissing(true);
      return;
    }
    const trimmed = reason.trim();
    deliver.mutate(
      { details, ...(trimmed ? { reason: trimmed } : {}) },
      {
        onSuccess: () => {
          showSuccessToast('سرویس تحویل شد و دورهٔ آن آغاز شد');
          setOpened(false);
          reset();
        },
      },
    );
  };

  const detailsError = fieldError(deliver.error, 'details');
  const reasonError = fieldError(deliver.error, 'reason');
  const otherError =
    deliver.error && !detailsError && !reasonError ? describeApiError(deliver.error) : null;

  return (
    <FormDialog
      openLabel="تحویل"
      openSize="xs"
      opened={opened}
      onOpen={() => setOpened(true)}
      onClose={close}
      title={`تحویل ${service.name}`}
      formLabel="ثبت تحویل سرویس"
      onSubmit={submit}
      current={{ label: 'محصول: ', value: service.productName ?? service.name }}
      otherError={otherError}
      pending={deliver.isPending}
      submitLabel="ثبت تحویل و آغاز دوره"
      submitColor="teal"
    >
      <Text size="sm" c="dimmed">
        اطلاعاتی که مشتری برای استفاده لازم دارد. ردیف‌های خالی فرستاده نمی‌شوند؛ گذرواژه‌ها را
        «محرمانه» بزنید.
      </Text>
      <Stack gap="sm">
        {rows.map((row, index) => (
          <Group key={row.key} gap="xs" align="flex-end" wrap="wrap">
            <TextInput
              label={`عنوان ${toPersianDigits(index + 1)}`}
              value={row.label}
              maxLength={60}
              onChange={(event) => change(row.key, { label: event.currentTarget.value })}
              style={{ flex: '1 1 8rem' }}
            />
            <TextInput
              label={`مقدار ${toPersianDigits(index + 1)}`}
              dir="ltr"
              value={row.value}
              maxLength={500}
              onChange={(event) => change(row.key, { value: event.currentTarget.value })}
              style={{ flex: '2 1 10rem' }}
            />
            <Checkbox
              label="محرمانه"
              checked={row.secret}
              onChange={(event) => change(row.key, { secret: event.currentTarget.checked })}
              mb={8}
            />
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`حذف ردیف ${toPersianDigits(index + 1)}`}
              mb={4}
              disabled={rows.length === 1}
              onClick={() => setRows((all) => all.filter((item) => item.key !== row.key))}
            >
              ×
            </ActionIcon>
          </Group>
        ))}
        {rows.length < MAX_ROWS && (
          <Group>
            <Button
              variant="subtle"
              size="xs"
              onClick={() =>
                setRows((all) => [
                  ...all,
                  {
                    key: Math.max(0, ...all.map((r) => r.key)) + 1,
                    label: '',
                    value: '',
                    secret: false,
                  },
                ])
              }
            >
              افزودن ردیف
            </Button>
          </Group>
        )}
        {(missing || detailsError) && (
          <Text size="sm" c="red" role="alert">
            {missing ? 'دست‌کم یک ردیف با عنوان و مقدار لازم است' : detailsError}
          </Text>
        )}
      </Stack>
      <Textarea
        label="یادداشت"
        description="اختیاری؛ در رویدادهای سرویس و گزارش کارها می‌ماند، به مشتری نشان داده نمی‌شود."
        rows={2}
        maxLength={REASON_MAX_LENGTH}
        value={reason}
        onChange={(event) => setReason(event.currentTarget.value)}
        error={reasonError}
      />
    </FormDialog>
  );
}

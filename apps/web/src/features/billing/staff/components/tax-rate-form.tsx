import { Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { formatJalaliDate } from '@vitrin/fa';
import { type FormEvent, useState } from 'react';
import { showSuccessToast } from '../../../../lib/toast';
import { FormErrorText } from '../../../console/components/form-error-text';
import { useScheduleTaxRate } from '../api/tax-rates';
import {
  EMPTY_TAX_RATE_DRAFT,
  TAX_RATE_NOTE_MAX_LENGTH,
  type TaxRateDraft,
  type TaxRateField,
  taxRateFormErrors,
  taxRatePreview,
  taxRateRequest,
} from '../utils/tax-rate-form';

const MONTH_MS = 30 * 86_400_000;

/**
 * «نرخ تازه» (admins): a rate from a future Jalali day and Tehran time. What is typed is checked
 * here first (a past instant is refused before it is sent); the server's refusal of the last try
 * shows under the field it names, the rest above the button.
 */
export function TaxRateForm({ userId }: { userId: string }) {
  const schedule = useScheduleTaxRate(userId);
  const [draft, setDraft] = useState<TaxRateDraft>(EMPTY_TAX_RATE_DRAFT);
  const [localErrors, setLocalErrors] = useState<Partial<Record<TaxRateField, string>>>({});
  const errors = taxRateFormErrors(localErrors, schedule.error);
  const preview = taxRatePreview(draft, new Date());
  // A day a month from now: an example that is itself in the future.
  const [datePlaceholder] = useState(() => formatJalaliDate(new Date(Date.now() + MONTH_MS)));

  const edit = (field: keyof TaxRateDraft) => ({
    value: draft[field],
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setDraft((current) => ({ ...current, [field]: value }));
      setLocalErrors({});
      if (schedule.error) schedule.reset();
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const request = taxRateRequest(draft, new Date());
    if (!request.ok) {
      setLocalErrors(request.errors);
      return;
    }
    setLocalErrors({});
    schedule.mutate(request.input, {
      onSuccess: () => {
        showSuccessToast('نرخ تازه زمان‌بندی شد');
        setDraft(EMPTY_TAX_RATE_DRAFT);
      },
    });
  };

  return (
    <Card>
      <form onSubmit={submit} noValidate aria-labelledby="tax-rate-form-title">
        <Stack gap="md">
          <Stack gap={4}>
            <Title order={2} size="h4" id="tax-rate-form-title">
              نرخ تازه از تاریخی در آینده
            </Title>
            <Text size="sm" c="dimmed">
              نرخ هر سفارش هنگام ثبت آن روی ردیف‌هایش می‌نشیند؛ نرخ تازه فقط سفارش‌هایی را می‌گیرد که از
              آن لحظه به بعد ثبت شوند و سفارش‌ها و صورتحساب‌های گذشته دست نمی‌خورند.
            </Text>
          </Stack>
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
            <TextInput
              label="نرخ (درصد)"
              placeholder="۱۰"
              inputMode="decimal"
              autoComplete="off"
              required
              maxLength={8}
              {...edit('rate')}
              error={errors.fields.ratePercent}
            />
            <TextInput
              label="تاریخ اجرا"
              placeholder={datePlaceholder}
              autoComplete="off"
              required
              maxLength={20}
              {...edit('date')}
              error={errors.fields.effectiveFrom}
            />
            <TextInput
              label="ساعت (به وقت تهران)"
              placeholder="۰۰:۰۰"
              description="خالی: آغاز روز"
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              autoComplete="off"
              maxLength={5}
              {...edit('time')}
              error={errors.fields.time}
            />
          </SimpleGrid>
          <TextInput
            label="یادداشت"
            placeholder="مثلاً شمارهٔ مصوبه یا قانون بودجه"
            maxLength={TAX_RATE_NOTE_MAX_LENGTH}
            {...edit('note')}
            error={errors.fields.note}
          />
          {preview && (
            <Text size="sm" c="brand.8" aria-live="polite">
              {preview}
            </Text>
          )}
          <FormErrorText message={errors.other} />
          <Group>
            <Button type="submit" loading={schedule.isPending}>
              زمان‌بندی نرخ
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

import { Button, Card, Group, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { showSuccessToast } from '../../../../lib/toast';
import { FormErrorText } from '../../../console/components/form-error-text';
import { useUpdateSeller } from '../api/seller';
import {
  SELLER_DIGIT_FIELDS,
  SELLER_FIELD_LABELS,
  type SellerDraft,
  type SellerField,
  type SellerView,
  sellerDraftOf,
  sellerFormErrors,
  sellerRequest,
} from '../utils/seller-form';

interface SellerFormProps {
  userId: string;
  seller: SellerView;
  /** Support reads the details; only admins change them. */
  readOnly: boolean;
}

const HINTS: Partial<Record<SellerField, { placeholder: string; description?: string }>> = {
  legalName: { placeholder: 'شرکت ویترین پارس (سهامی خاص)' },
  nationalId: { placeholder: '۱۰۳۸۰۲۸۴۷۹۰', description: '۱۱ رقم' },
  economicNumber: { placeholder: '۴۱۱۱۱۱۱۱۱۱۱۱', description: '۱۱ یا ۱۲ رقم' },
  registrationNumber: { placeholder: '۱۲۳۴۵', description: 'تا ۱۰ رقم' },
  phone: { placeholder: '۰۲۱۱۲۳۴۵۶۷۸', description: 'با کد شهر' },
  postalCode: { placeholder: '۱۴۱۵۸۹۳۴۷۱', description: '۱۰ رقم' },
};

const MAX_LENGTHS: Record<SellerField, number> = {
  legalName: 120,
  nationalId: 21,
  economicNumber: 22,
  registrationNumber: 20,
  phone: 22,
  postalCode: 20,
  address: 300,
};

/**
 * The seller's legal details as the next documents will print them. Each field the server
 * refuses shows the server's Persian message under it. Rendered with `key` set to what the
 * server last answered, so a save starts the form again from what it kept.
 */
export function SellerForm({ userId, seller, readOnly }: SellerFormProps) {
  const update = useUpdateSeller(userId);
  const [draft, setDraft] = useState<SellerDraft>(() => sellerDraftOf(seller));
  const errors = sellerFormErrors(update.error);

  const field = (name: SellerField) => ({
    label: SELLER_FIELD_LABELS[name],
    value: draft[name],
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setDraft((current) => ({ ...current, [name]: value }));
    },
    error: errors.fields[name],
    readOnly,
    required: !readOnly,
    maxLength: MAX_LENGTHS[name],
    placeholder: readOnly ? undefined : HINTS[name]?.placeholder,
    description: readOnly ? undefined : HINTS[name]?.description,
    inputWrapperOrder: ['label', 'input', 'description', 'error'] as (
      | 'label'
      | 'input'
      | 'description'
      | 'error'
    )[],
    ...(SELLER_DIGIT_FIELDS.has(name)
      ? { inputMode: 'numeric' as const, autoComplete: 'off' }
      : {}),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(sellerRequest(draft), {
      onSuccess: () => showSuccessToast('مشخصات فروشنده ذخیره شد؛ از سند بعدی چاپ می‌شود'),
    });
  };

  return (
    <Card>
      <form onSubmit={submit} noValidate aria-label="مشخصات حقوقی فروشنده">
        <Stack gap="md">
          <TextInput {...field('legalName')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
            <TextInput {...field('nationalId')} />
            <TextInput {...field('economicNumber')} />
            <TextInput {...field('registrationNumber')} />
            <TextInput {...field('phone')} />
            <TextInput {...field('postalCode')} />
          </SimpleGrid>
          <Textarea {...field('address')} rows={3} />
          {!readOnly && (
            <>
              <FormErrorText message={errors.summary} />
              <Group>
                <Button type="submit" loading={update.isPending}>
                  ذخیرهٔ مشخصات
                </Button>
              </Group>
            </>
          )}
        </Stack>
      </form>
    </Card>
  );
}

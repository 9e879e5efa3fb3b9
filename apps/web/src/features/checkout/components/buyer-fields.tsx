import { SimpleGrid, TextInput } from '@mantine/core';
import type { ChangeEvent } from 'react';
import { fieldError } from '../../../lib/field-error';

/** The buyer's invoice details as typed: every field a string, empty when left out. */
export interface BuyerDraft {
  fullName: string;
  email: string;
  nationalId: string;
  companyName: string;
}

export function toBuyerDraft(buyer: {
  fullName: string;
  email: string;
  nationalId: string | null;
  companyName: string | null;
}): BuyerDraft {
  return {
    fullName: buyer.fullName,
    email: buyer.email,
    nationalId: buyer.nationalId ?? '',
    companyName: buyer.companyName ?? '',
  };
}

/** What update-user takes: the optional fields as null when left empty (null clears them). */
export function fromBuyerDraft(draft: BuyerDraft) {
  const orNull = (value: string) => (value.trim() === '' ? null : value.trim());
  return {
    fullName: draft.fullName.trim(),
    email: draft.email.trim(),
    nationalId: orNull(draft.nationalId),
    companyName: orNull(draft.companyName),
  };
}

interface BuyerFieldsProps {
  value: BuyerDraft;
  onChange: (next: BuyerDraft) => void;
  /** The last save's failure: its field messages show on the fields. */
  error: unknown;
}

/** The invoice's name, e-mail, and optionally national id and company. */
export function BuyerFields({ value, onChange, error }: BuyerFieldsProps) {
  const set = (field: keyof BuyerDraft) => (event: ChangeEvent<HTMLInputElement>) =>
    onChange({ ...value, [field]: event.currentTarget.value });

  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <TextInput
        label="نام و نام خانوادگی"
        autoComplete="name"
        required
        maxLength={120}
        value={value.fullName}
        onChange={set('fullName')}
        error={fieldError(error, 'fullName')}
      />
      <TextInput
        label="ایمیل"
        type="email"
        dir="ltr"
        autoComplete="email"
        required
        maxLength={254}
        value={value.email}
        onChange={set('email')}
        error={fieldError(error, 'email')}
      />
      <TextInput
        label="کد ملی (اختیاری)"
        dir="ltr"
        inputMode="numeric"
        autoComplete="off"
        maxLength={20}
        value={value.nationalId}
        onChange={set('nationalId')}
        error={fieldError(error, 'nationalId')}
      />
      <TextInput
        label="نام شرکت (اختیاری)"
        autoComplete="organization"
        maxLength={120}
        value={value.companyName}
        onChange={set('companyName')}
        error={fieldError(error, 'companyName')}
      />
    </SimpleGrid>
  );
}

import { SegmentedControl, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { BuyerKind } from '@vitrin/contracts';
import type { ChangeEvent } from 'react';
import { fieldError } from '../../../lib/field-error';

/** The buyer's invoice details as typed: every field a string, empty when left out. */
export interface BuyerDraft {
  kind: BuyerKind;
  fullName: string;
  email: string;
  nationalId: string;
  companyName: string;
  legalNationalId: string;
  economicNumber: string;
  registrationNumber: string;
  address: string;
  postalCode: string;
}

type SavedBuyer = { kind: BuyerKind; fullName: string; email: string } & Record<
  Exclude<keyof BuyerDraft, 'kind' | 'fullName' | 'email'>,
  string | null
>;

export function toBuyerDraft(buyer: SavedBuyer): BuyerDraft {
  return {
    kind: buyer.kind,
    fullName: buyer.fullName,
    email: buyer.email,
    nationalId: buyer.nationalId ?? '',
    companyName: buyer.companyName ?? '',
    legalNationalId: buyer.legalNationalId ?? '',
    economicNumber: buyer.economicNumber ?? '',
    registrationNumber: buyer.registrationNumber ?? '',
    address: buyer.address ?? '',
    postalCode: buyer.postalCode ?? '',
  };
}

/**
 * What update-user takes: the optional fields as null when left empty (null clears them). A
 * person sends no legal details (the server keeps none for a person); a company sends them all,
 * empty ones as null, so the server names each that is missing (decision 0022).
 */
export function fromBuyerDraft(draft: BuyerDraft) {
  const orNull = (value: string) => (value.trim() === '' ? null : value.trim());
  const common = { fullName: draft.fullName.trim(), email: draft.email.trim() };
  if (draft.kind === 'person') {
    return {
      kind: 'person' as const,
      ...common,
      nationalId: orNull(draft.nationalId),
      companyName: orNull(draft.companyName),
    };
  }
  return {
    kind: 'company' as const,
    ...common,
    nationalId: null,
    companyName: orNull(draft.companyName),
    legalNationalId: orNull(draft.legalNationalId),
    economicNumber: orNull(draft.economicNumber),
    registrationNumber: orNull(draft.registrationNumber),
    address: orNull(draft.address),
    postalCode: orNull(draft.postalCode),
  };
}

/** Whether saving the draft would change what was saved (the fields of its kind only). */
export function buyerDraftChanged(saved: BuyerDraft, draft: BuyerDraft): boolean {
  return JSON.stringify(fromBuyerDraft(saved)) !== JSON.stringify(fromBuyerDraft(draft));
}

const BUYER_KIND_OPTIONS = [
  { value: 'person', label: 'شخص حقیقی' },
  { value: 'company', label: 'شخص حقوقی (شرکت)' },
];

interface BuyerFieldsProps {
  value: BuyerDraft;
  onChange: (next: BuyerDraft) => void;
  /** The last save's failure: its field messages show on the fields. */
  error: unknown;
}

/**
 * The invoice's buyer: a person (name, e-mail, and optionally کد ملی and a company) or a company
 * with every legal detail an official invoice names, and the person to contact. Digits may be
 * typed in Persian: the server folds them.
 */
export function BuyerFields({ value, onChange, error }: BuyerFieldsProps) {
  const set =
    (field: Exclude<keyof BuyerDraft, 'kind'>) =>
    (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      onChange({ ...value, [field]: event.currentTarget.value });
  const digitsInput = (field: Exclude<keyof BuyerDraft, 'kind'>, label: string, max: number) => (
    <TextInput
      label={label}
      dir="ltr"
      inputMode="numeric"
      autoComplete="off"
      required
      maxLength={max + 10}
      value={value[field]}
      onChange={set(field)}
      error={fieldError(error, field)}
    />
  );
  const company = value.kind === 'company';

  return (
    <Stack gap="md">
      <SegmentedControl
        aria-label="نوع خریدار"
        data={BUYER_KIND_OPTIONS}
        value={value.kind}
        onChange={(kind) => onChange({ ...value, kind: kind as BuyerKind })}
        fullWidth
      />
      {company ? (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label="نام ثبت‌شدهٔ شرکت"
              autoComplete="organization"
              required
              maxLength={120}
              value={value.companyName}
              onChange={set('companyName')}
              error={fieldError(error, 'companyName')}
            />
            {digitsInput('legalNationalId', 'شناسهٔ ملی شرکت', 11)}
            {digitsInput('economicNumber', 'کد اقتصادی', 12)}
            {digitsInput('registrationNumber', 'شمارهٔ ثبت', 10)}
            <Textarea
              label="نشانی شرکت"
              autoComplete="street-address"
              required
              autosize
              minRows={2}
              maxLength={300}
              value={value.address}
              onChange={set('address')}
              error={fieldError(error, 'address')}
              style={{ gridColumn: '1 / -1' }}
            />
            {digitsInput('postalCode', 'کد پستی', 10)}
          </SimpleGrid>
          <Stack gap={2}>
            <Text fw={700} size="sm">
              رابط شرکت
            </Text>
            <Text size="xs" c="dimmed">
              کسی که دربارهٔ این سفارش با او تماس می‌گیریم.
            </Text>
          </Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label="نام و نام خانوادگی رابط"
              autoComplete="name"
              required
              maxLength={120}
              value={value.fullName}
              onChange={set('fullName')}
              error={fieldError(error, 'fullName')}
            />
            <EmailInput value={value.email} onChange={set('email')} error={error} />
          </SimpleGrid>
        </>
      ) : (
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
          <EmailInput value={value.email} onChange={set('email')} error={error} />
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
      )}
    </Stack>
  );
}

interface EmailInputProps {
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  error: unknown;
}

function EmailInput({ value, onChange, error }: EmailInputProps) {
  return (
    <TextInput
      label="ایمیل"
      type="email"
      dir="ltr"
      autoComplete="email"
      required
      maxLength={254}
      value={value}
      onChange={onChange}
      error={fieldError(error, 'email')}
    />
  );
}

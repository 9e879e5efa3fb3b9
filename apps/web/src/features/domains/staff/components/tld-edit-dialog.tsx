import { MultiSelect, NativeSelect, SimpleGrid, Switch, Textarea, TextInput } from '@mantine/core';
import { REGISTRAR_KIND_LABELS } from '@vitrin/contracts';
import { toPersianDigits } from '@vitrin/fa';
import { type FormEvent, useState } from 'react';
import { describeApiError } from '../../../../lib/api-error';
import { fieldError } from '../../../../lib/field-error';
import { showSuccessToast } from '../../../../lib/toast';
import { REASON_MAX_LENGTH } from '../../../console/components/confirm-action';
import { FormDialog } from '../../../console/components/form-dialog';
import { useStaffRegistrars } from '../api/registrars';
import { useUpdateTld } from '../api/tlds';
import {
  type StaffTld,
  TLD_DAY_FIELDS,
  TLD_PRICE_FIELDS,
  TLD_YEAR_CHOICES,
  type TldDayField,
  type TldFormErrors,
  type TldFormValues,
  type TldPriceField,
  tldFormOf,
  tldUpdateRequest,
} from '../utils/tld-form';
import { tldLabel } from './tld-name';

// Before VAT, as the store's prices are.
const PRICE_LABELS: Record<TldPriceField, string> = {
  registerPriceRial: 'ثبت، هر سال',
  renewPriceRial: 'تمدید، هر سال',
  transferPriceRial: 'انتقال',
  restorePriceRial: 'بازگردانی',
};

const DAY_LABELS: Record<TldDayField, { label: string; description: string }> = {
  graceDays: {
    label: 'مهلت تمدید پس از انقضا (روز)',
    description: 'در این روزها دامنه با قیمت تمدید برمی‌گردد.',
  },
  redemptionDays: {
    label: 'دورهٔ بازخرید (روز)',
    description: 'پس از مهلت تمدید، با هزینهٔ بازگردانی.',
  },
};

const FORM_FIELDS = [
  'enabled',
  'registrarAccountId',
  'years',
  ...TLD_PRICE_FIELDS,
  ...TLD_DAY_FIELDS,
  'authCodeRequired',
  'reason',
];

const YEAR_OPTIONS = TLD_YEAR_CHOICES.map((year) => ({
  value: String(year),
  label: `${toPersianDigits(year)} سال`,
}));

interface TldEditDialogProps {
  staffId: string;
  tld: StaffTld;
}

/**
 * A TLD's terms and prices (admins): prices typed in whole Toman and sent in Rial; its
 * registration price becomes its store product's yearly price too.
 */
export function TldEditDialog({ staffId, tld }: TldEditDialogProps) {
  const [opened, setOpened] = useState(false);
  const [values, setValues] = useState<TldFormValues>(() => tldFormOf(tld));
  const [localErrors, setLocalErrors] = useState<TldFormErrors>({});
  const update = useUpdateTld(staffId);
  const registrars = useStaffRegistrars(staffId);

  const open = () => {
    setValues(tldFormOf(tld));
    setLocalErrors({});
    update.reset();
    setOpened(true);
  };
  const close = () => {
    if (update.isPending) return;
    setOpened(false);
  };
  const change = (changes: Partial<TldFormValues>) => {
    setValues((current) => ({ ...current, ...changes }));
    setLocalErrors({});
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const answer = tldUpdateRequest(tld.tld, values);
    if (!answer.ok) {
      setLocalErrors(answer.errors);
      return;
    }
    update.mutate(answer.request, {
      onSuccess: () => {
        showSuccessToast(`پسوند ${tldLabel(tld.tld)} ذخیره شد`);
        setOpened(false);
      },
    });
  };

  const errorOf = (field: string) => localErrors[field] ?? fieldError(update.error, field);
  const shown = FORM_FIELDS.some((field) => fieldError(update.error, field));
  const otherError = update.error && !shown ? describeApiError(update.error) : null;

  // The current account stays choosable even before the list comes (or if it fails).
  const accounts = registrars.data?.items ?? [];
  const accountOptions = accounts.some((account) => account.id === tld.registrarAccountId)
    ? accounts.map((account) => ({
        value: account.id,
        label: `${account.name} · ${REGISTRAR_KIND_LABELS[account.kind]}${account.enabled ? '' : ' (خاموش)'}`,
      }))
    : [
        { value: tld.registrarAccountId, label: tld.registrarName },
        ...accounts.map((account) => ({ value: account.id, label: account.name })),
      ];

  return (
    <FormDialog
      openLabel="ویرایش"
      openSize="compact-sm"
      opened={opened}
      onOpen={open}
      onClose={close}
      title={`ویرایش پسوند ${tldLabel(tld.tld)}`}
      formLabel={`ویرایش پسوند .${tld.tld}`}
      onSubmit={submit}
      current={{
        label: 'دامنه‌های این پسوند: ',
        value: toPersianDigits(tld.domains),
      }}
      otherError={otherError}
      pending={update.isPending}
      submitLabel="ذخیرهٔ پسوند"
    >
      <Switch
        label="در فروش"
        description="پسوند خاموش در جست‌وجوی دامنه نمی‌آید؛ دامنه‌هایی که دارد سر جایشان می‌مانند."
        checked={values.enabled}
        onChange={(event) => change({ enabled: event.currentTarget.checked })}
      />
      <NativeSelect
        label="حساب ثبت‌کننده"
        description={registrars.isError ? 'فهرست حساب‌ها بارگذاری نشد.' : undefined}
        value={values.registrarAccountId}
        onChange={(event) => change({ registrarAccountId: event.currentTarget.value })}
        error={errorOf('registrarAccountId')}
        data={accountOptions}
      />
      <MultiSelect
        label="مدت‌های فروش"
        description="مشتری از میان این‌ها برمی‌گزیند."
        data={YEAR_OPTIONS}
        value={values.years}
        onChange={(years) => change({ years: [...years].sort((a, b) => Number(a) - Number(b)) })}
        error={errorOf('years')}
        comboboxProps={{ withinPortal: true }}
        hidePickedOptions
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        {TLD_PRICE_FIELDS.map((field) => (
          <TextInput
            key={field}
            label={`${PRICE_LABELS[field]} (تومان)`}
            required
            inputMode="numeric"
            autoComplete="off"
            value={values.prices[field]}
            onChange={(event) =>
              change({ prices: { ...values.prices, [field]: event.currentTarget.value } })
            }
            error={errorOf(field)}
          />
        ))}
        {TLD_DAY_FIELDS.map((field) => (
          <TextInput
            key={field}
            label={DAY_LABELS[field].label}
            description={DAY_LABELS[field].description}
            required
            inputMode="numeric"
            autoComplete="off"
            value={values.days[field]}
            onChange={(event) =>
              change({ days: { ...values.days, [field]: event.currentTarget.value } })
            }
            error={errorOf(field)}
          />
        ))}
      </SimpleGrid>
      <Switch
        label="انتقال کد می‌خواهد"
        description="برای انتقال به ویترین، مشتری کد انتقال ثبت‌کنندهٔ کنونی را می‌دهد."
        checked={values.authCodeRequired}
        onChange={(event) => change({ authCodeRequired: event.currentTarget.checked })}
      />
      <Textarea
        label="دلیل"
        description="اختیاری؛ در گزارش کارها می‌ماند."
        rows={2}
        maxLength={REASON_MAX_LENGTH}
        value={values.reason}
        onChange={(event) => change({ reason: event.currentTarget.value })}
        error={errorOf('reason')}
      />
    </FormDialog>
  );
}

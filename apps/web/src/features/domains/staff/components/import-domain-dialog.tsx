import { Textarea, TextInput } from '@mantine/core';
import { toPersianDigits } from '@vitrin/fa';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { describeApiError } from '../../../../lib/api-error';
import { fieldError } from '../../../../lib/field-error';
import { showSuccessToast } from '../../../../lib/toast';
import { REASON_MAX_LENGTH, REASON_MIN_LENGTH } from '../../../console/components/confirm-action';
import { FormDialog } from '../../../console/components/form-dialog';
import { useImportDomain } from '../api/import-domain';
import { staffDomainPath } from '../utils/domains-console-paths';
import { DomainOwnerField } from './domain-owner-field';

const NAME_MAX_LENGTH = 300;
const FORM_FIELDS = ['customerId', 'name', 'reason'] as const;

interface Draft {
  customerId: string | null;
  name: string;
  reason: string;
}

const EMPTY: Draft = { customerId: null, name: '', reason: '' };

/**
 * «افزودن دامنهٔ موجود» (admins): a name the company already manages at a registry, added to a
 * customer's account free of charge. The server reads it from the registry; its page opens after.
 */
export function ImportDomainDialog({ staffId }: { staffId: string }) {
  const [opened, setOpened] = useState(false);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [localErrors, setLocalErrors] = useState<Partial<Record<keyof Draft, string>>>({});
  const importDomain = useImportDomain(staffId);
  const navigate = useNavigate();

  const change = (changes: Partial<Draft>) => {
    setDraft((current) => ({ ...current, ...changes }));
    setLocalErrors({});
  };
  const close = () => {
    if (importDomain.isPending) return;
    setOpened(false);
    setDraft(EMPTY);
    setLocalErrors({});
    importDomain.reset();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const name = draft.name.trim();
    const reason = draft.reason.trim();
    const errors: Partial<Record<keyof Draft, string>> = {};
    if (!draft.customerId) errors.customerId = 'مشتری را برگزینید';
    if (name === '') errors.name = 'نام دامنه را با پسوندش بنویسید';
    if (reason.length < REASON_MIN_LENGTH) {
      errors.reason = `دلیل را دست‌کم در ${toPersianDigits(REASON_MIN_LENGTH)} حرف بنویسید`;
    }
    if (!draft.customerId || Object.keys(errors).length > 0) {
      setLocalErrors(errors);
      return;
    }
    importDomain.mutate(
      { customerId: draft.customerId, name, reason },
      {
        onSuccess: (added) => {
          showSuccessToast(`دامنهٔ ${name} به حساب مشتری افزوده شد`);
          setOpened(false);
          setDraft(EMPTY);
          navigate(staffDomainPath(added.id));
        },
      },
    );
  };

  const errorOf = (field: keyof Draft) =>
    localErrors[field] ?? fieldError(importDomain.error, field);
  const shown = FORM_FIELDS.some((field) => fieldError(importDomain.error, field));
  const otherError = importDomain.error && !shown ? describeApiError(importDomain.error) : null;

  return (
    <FormDialog
      openLabel="افزودن دامنهٔ موجود"
      opened={opened}
      onOpen={() => setOpened(true)}
      onClose={close}
      title="افزودن دامنهٔ موجود"
      formLabel="افزودن دامنهٔ موجود به حساب مشتری"
      onSubmit={submit}
      current={{ label: 'هزینه برای مشتری: ', value: 'رایگان' }}
      otherError={otherError}
      pending={importDomain.isPending}
      submitLabel="افزودن دامنه"
      submitColor="blue"
    >
      <DomainOwnerField
        value={draft.customerId}
        onChange={(customerId) => change({ customerId })}
        error={errorOf('customerId')}
      />
      <TextInput
        label="نام دامنه"
        description="با پسوند، همان‌طور که در ثبت‌کننده به نام حساب ما ثبت است؛ تاریخ انقضا و نیم‌سرورها از آن‌جا خوانده می‌شود."
        placeholder="example.ir"
        required
        dir="auto"
        autoComplete="off"
        maxLength={NAME_MAX_LENGTH}
        value={draft.name}
        onChange={(event) => change({ name: event.currentTarget.value })}
        error={errorOf('name')}
      />
      <Textarea
        label="دلیل"
        description="در گزارش کارها می‌ماند."
        required
        rows={2}
        maxLength={REASON_MAX_LENGTH}
        value={draft.reason}
        onChange={(event) => change({ reason: event.currentTarget.value })}
        error={errorOf('reason')}
      />
    </FormDialog>
  );
}

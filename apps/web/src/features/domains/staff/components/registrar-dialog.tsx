import {
  NativeSelect,
  PasswordInput,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { REGISTRAR_KIND_LABELS, REGISTRAR_KIND_NAMES } from '@vitrin/contracts';
import { toPersianDigits } from '@vitrin/fa';
import { type FormEvent, useState } from 'react';
import { describeApiError } from '../../../../lib/api-error';
import { fieldError } from '../../../../lib/field-error';
import { showSuccessToast } from '../../../../lib/toast';
import { REASON_MAX_LENGTH } from '../../../console/components/confirm-action';
import { FormDialog } from '../../../console/components/form-dialog';
import { type StaffRegistrar, useSaveRegistrar } from '../api/registrars';
import {
  keepsRegistrarCredentials,
  newRegistrarForm,
  REGISTRAR_CREDENTIAL_FIELDS,
  REGISTRAR_ENDPOINT_HINTS,
  type RegistrarFormErrors,
  type RegistrarFormValues,
  type RegistrarKind,
  registrarFormOf,
  registrarRequest,
} from '../utils/registrar-form';

interface RegistrarDialogProps {
  staffId: string;
  /** Left out: a new account. */
  registrar?: StaffRegistrar;
  /** How many accounts there are, said in the new account's dialog. */
  count: number;
}

/** An example typed left to right, kept whole on its line in the Persian hint. */
function latin(text: string) {
  return (
    <bdi dir="ltr" style={{ display: 'inline-block' }}>
      {text}
    </bdi>
  );
}

const FORM_FIELDS = ['name', 'kind', 'endpoint', 'enabled', 'defaultNameservers', 'reason'];

/**
 * Adds a registrar account or edits one (admins). Its credentials are kind-specific and
 * write-only: an edit shows them empty, and leaving them empty keeps the saved ones.
 */
export function RegistrarDialog({ staffId, registrar, count }: RegistrarDialogProps) {
  const editing = registrar ?? null;
  const [opened, setOpened] = useState(false);
  const [values, setValues] = useState<RegistrarFormValues>(newRegistrarForm);
  const [localErrors, setLocalErrors] = useState<RegistrarFormErrors>({});
  const save = useSaveRegistrar(staffId);

  const open = () => {
    setValues(editing ? registrarFormOf(editing) : newRegistrarForm());
    setLocalErrors({});
    save.reset();
    setOpened(true);
  };
  const close = () => {
    if (save.isPending) return;
    setOpened(false);
  };
  const change = (changes: Partial<RegistrarFormValues>) => {
    setValues((current) => ({ ...current, ...changes }));
    setLocalErrors({});
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const answer = registrarRequest(values, editing);
    if (!answer.ok) {
      setLocalErrors(answer.errors);
      return;
    }
    save.mutate(answer.request, {
      onSuccess: (saved) => {
        showSuccessToast(
          editing ? `حساب ${saved.name} ذخیره شد` : `حساب ثبت‌کنندهٔ ${saved.name} افزوده شد`,
        );
        setOpened(false);
      },
    });
  };

  const errorOf = (field: string) => localErrors[field] ?? fieldError(save.error, field);
  const nameserversError =
    errorOf('defaultNameservers') ??
    [0, 1, 2, 3].map((index) => errorOf(`defaultNameservers.${index}`)).find(Boolean);
  const credentialFields = REGISTRAR_CREDENTIAL_FIELDS[values.kind];
  const keep = keepsRegistrarCredentials(editing, values.kind);
  const shownErrors = [
    ...FORM_FIELDS,
    'credentials',
    ...credentialFields.map((field) => `credentials.${field.key}`),
  ]
    .map(errorOf)
    .filter(Boolean);
  const otherError =
    save.error && shownErrors.length === 0 && !nameserversError
      ? describeApiError(save.error)
      : null;
  const endpointHint = REGISTRAR_ENDPOINT_HINTS[values.kind];

  return (
    <FormDialog
      openLabel={editing ? 'ویرایش' : 'حساب تازه'}
      openSize={editing ? 'compact-sm' : undefined}
      opened={opened}
      onOpen={open}
      onClose={close}
      title={editing ? `ویرایش حساب ${editing.name}` : 'حساب تازهٔ ثبت‌کننده'}
      formLabel={editing ? 'ویرایش حساب ثبت‌کننده' : 'افزودن حساب ثبت‌کننده'}
      onSubmit={submit}
      current={
        editing
          ? {
              label: 'پسوندهای این حساب: ',
              value: toPersianDigits(editing.tlds.length),
            }
          : { label: 'حساب‌های ثبت‌شده: ', value: toPersianDigits(count) }
      }
      otherError={otherError}
      pending={save.isPending}
      submitLabel={editing ? 'ذخیرهٔ حساب' : 'افزودن حساب'}
    >
      <TextInput
        label="نام"
        description={<>نامی یکتا که در پسوندها و رویدادها دیده می‌شود، مثل {latin('irnic-main')}.</>}
        required
        dir="auto"
        autoComplete="off"
        value={values.name}
        onChange={(event) => change({ name: event.currentTarget.value })}
        error={errorOf('name')}
        data-autofocus
      />
      <NativeSelect
        label="نوع ثبت‌کننده"
        value={values.kind}
        onChange={(event) => change({ kind: event.currentTarget.value as RegistrarKind })}
        error={errorOf('kind')}
        data={REGISTRAR_KIND_NAMES.map((kind) => ({
          value: kind,
          label: REGISTRAR_KIND_LABELS[kind],
        }))}
      />
      {endpointHint && (
        <TextInput
          label="نشانی ثبت‌کننده"
          description={
            values.kind === 'epp' ? (
              <>میزبان و درگاه، مانند {latin('epp.registry.example:700')}</>
            ) : (
              <>با {latin('https://')} آغاز می‌شود.</>
            )
          }
          placeholder={endpointHint}
          required
          dir="ltr"
          autoComplete="off"
          inputMode="url"
          value={values.endpoint}
          onChange={(event) => change({ endpoint: event.currentTarget.value })}
          error={errorOf('endpoint')}
        />
      )}
      <Textarea
        label="نیم‌سرورهای پیش‌فرض"
        description={
          <>
            هر کدام در یک خط، مانند {latin('ns1.example.ir')}؛ دامنهٔ تازه با این‌ها ثبت می‌شود. خالی،
            یا دو تا چهار نیم‌سرور.
          </>
        }
        // Not autosize: its hidden measuring textarea stays in the page, wider than a phone.
        rows={3}
        dir="ltr"
        autoComplete="off"
        value={values.nameservers}
        onChange={(event) => change({ nameservers: event.currentTarget.value })}
        error={nameserversError}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
      />
      <Switch
        label="روشن"
        description="حساب خاموش کار تازه‌ای به ثبت‌کننده نمی‌فرستد."
        checked={values.enabled}
        onChange={(event) => change({ enabled: event.currentTarget.checked })}
      />
      <Stack gap="xs" component="fieldset" m={0} p={0} style={{ border: 0 }}>
        <Title order={3} size="h6" component="legend" p={0}>
          اطلاعات ورود به ثبت‌کننده
        </Title>
        <Text size="sm" c="dimmed">
          {credentialFields.length === 0
            ? 'ثبت‌کنندهٔ آزمایشی داخلی بخشی از خود ویترین است و اطلاعات ورود نمی‌خواهد.'
            : keep
              ? 'اطلاعات ورود ذخیره‌شده هرگز نمایش داده نمی‌شود. برای نگه داشتن همان‌ها فیلدها را خالی بگذارید؛ برای عوض کردن، همه را دوباره بنویسید.'
              : 'فقط نوشته و رمزگذاری‌شده نگه داشته می‌شود؛ پس از ذخیره دیگر نمایش داده نمی‌شود.'}
        </Text>
        {credentialFields.map((field) => {
          const description =
            [field.description, keep ? 'خالی بماند، همان قبلی می‌ماند.' : undefined]
              .filter(Boolean)
              .join(' ') || undefined;
          const common = {
            label: field.label,
            description,
            placeholder: field.placeholder,
            required: field.required && !keep,
            // Not on a password field: there its show button sits at the inline start, under text
            // laid out left to right (dots have no direction anyway).
            dir: field.secret ? undefined : ('ltr' as const),
            value: values.credentials[field.key] ?? '',
            error: errorOf(`credentials.${field.key}`),
            onChange: (event: { currentTarget: { value: string } }) =>
              change({
                credentials: { ...values.credentials, [field.key]: event.currentTarget.value },
              }),
          };
          if (field.multiline) {
            return (
              <Textarea
                key={`${values.kind}-${field.key}`}
                {...common}
                rows={3}
                autoComplete="off"
                styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
              />
            );
          }
          const Input = field.secret ? PasswordInput : TextInput;
          return (
            <Input
              key={`${values.kind}-${field.key}`}
              {...common}
              autoComplete={field.secret ? 'new-password' : 'off'}
              // Mantine's PasswordInput marks only its wrapper; the input itself says it too.
              aria-invalid={common.error ? true : undefined}
            />
          );
        })}
        {errorOf('credentials') && (
          <Text size="sm" c="red.8" role="alert">
            {errorOf('credentials')}
          </Text>
        )}
      </Stack>
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

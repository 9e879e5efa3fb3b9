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
import { PANEL_KIND_LABELS, PANEL_KINDS, SERVER_ADDRESSES_MAX } from '@vitrin/contracts';
import { toPersianDigits } from '@vitrin/fa';
import { type FormEvent, useState } from 'react';
import { ApiRequestError, describeApiError } from '../../../../lib/api-error';
import { showSuccessToast } from '../../../../lib/toast';
import { REASON_MAX_LENGTH } from '../../../console/components/confirm-action';
import { FormDialog } from '../../../console/components/form-dialog';
import { type PanelServer, useSavePanelServer } from '../api/panel-servers';
import { serverFieldError } from '../utils/form-numbers';
import {
  addressesError,
  CREDENTIAL_FIELDS,
  keepsCredentials,
  nameserversError,
  newPanelServerForm,
  type PanelKind,
  type PanelServerFormErrors,
  type PanelServerFormValues,
  panelServerFormOf,
  panelServerRequest,
} from '../utils/panel-server-form';

interface PanelServerDialogProps {
  staffId: string;
  /** Left out: a new server. */
  server?: PanelServer;
  /** How many servers there are, said in the new server's dialog. */
  serverCount: number;
}

const FORM_FIELDS = [
  'name',
  'kind',
  'baseUrl',
  'groupName',
  'capacity',
  'nameservers',
  'nameservers.0',
  'nameservers.1',
  'nameservers.2',
  'nameservers.3',
  'addresses',
  ...Array.from({ length: SERVER_ADDRESSES_MAX }, (_, index) => `addresses.${index}`),
  'enabled',
  'reason',
];

/**
 * Adds a panel server or edits one (admins). Its credentials are kind-specific and write-only:
 * an edit shows them empty, and leaving them empty keeps the saved ones.
 */
export function PanelServerDialog({ staffId, server, serverCount }: PanelServerDialogProps) {
  const editing = server ?? null;
  const [opened, setOpened] = useState(false);
  const [values, setValues] = useState<PanelServerFormValues>(() =>
    editing ? panelServerFormOf(editing) : newPanelServerForm(),
  );
  const [localErrors, setLocalErrors] = useState<PanelServerFormErrors>({});
  const save = useSavePanelServer(staffId);

  const reset = () => {
    setValues(editing ? panelServerFormOf(editing) : newPanelServerForm());
    setLocalErrors({});
    save.reset();
  };
  const close = () => {
    if (save.isPending) return;
    setOpened(false);
    reset();
  };
  const change = (changes: Partial<PanelServerFormValues>) => {
    setValues((current) => ({ ...current, ...changes }));
    setLocalErrors({});
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const answer = panelServerRequest(values, editing);
    if (!answer.ok) {
      setLocalErrors(answer.errors);
      return;
    }
    save.mutate(answer.request, {
      onSuccess: (saved) => {
        showSuccessToast(editing ? `سرور ${saved.name} ذخیره شد` : `سرور ${saved.name} افزوده شد`);
        setOpened(false);
        if (!editing) reset();
        else {
          setValues(panelServerFormOf(saved));
          setLocalErrors({});
          save.reset();
        }
      },
    });
  };

  const serverFields = save.error instanceof ApiRequestError ? save.error.fields : undefined;
  const errorOf = (field: string) => localErrors[field] ?? serverFieldError(serverFields, field);
  const credentialFields = CREDENTIAL_FIELDS[values.kind];
  const keep = keepsCredentials(editing, values.kind);
  const shownFieldErrors = [
    ...FORM_FIELDS,
    'credentials',
    ...credentialFields.map((field) => `credentials.${field.key}`),
  ]
    .map(errorOf)
    .filter(Boolean);
  const otherError =
    save.error && shownFieldErrors.length === 0 ? describeApiError(save.error) : null;

  return (
    <FormDialog
      openLabel={editing ? 'ویرایش' : 'سرور تازه'}
      openSize={editing ? 'compact-sm' : undefined}
      opened={opened}
      onOpen={() => setOpened(true)}
      onClose={close}
      title={editing ? `ویرایش سرور ${editing.name}` : 'سرور تازهٔ کنترل پنل'}
      formLabel={editing ? 'ویرایش سرور کنترل پنل' : 'افزودن سرور کنترل پنل'}
      onSubmit={submit}
      current={
        editing
          ? {
              label: 'حساب‌های روی این سرور: ',
              value: `${toPersianDigits(editing.accounts)} از ${toPersianDigits(editing.capacity)}`,
            }
          : { label: 'سرورهای ثبت‌شده: ', value: toPersianDigits(serverCount) }
      }
      otherError={otherError}
      pending={save.isPending}
      submitLabel={editing ? 'ذخیرهٔ سرور' : 'افزودن سرور'}
    >
      <TextInput
        label="نام"
        description="نامی یکتا که در صف و رویدادها دیده می‌شود، مثل whm-tehran-1."
        required
        autoComplete="off"
        value={values.name}
        onChange={(event) => change({ name: event.currentTarget.value })}
        error={errorOf('name')}
        data-autofocus
      />
      <NativeSelect
        label="نوع کنترل پنل"
        value={values.kind}
        onChange={(event) => change({ kind: event.currentTarget.value as PanelKind })}
        error={errorOf('kind')}
        data={PANEL_KINDS.map((kind) => ({ value: kind, label: PANEL_KIND_LABELS[kind] }))}
      />
      {values.kind !== 'sandbox' && (
        <TextInput
          label="نشانی سرور"
          description="با https و درگاه، مثل https://server.example.com:2087"
          placeholder="https://server.example.com:2087"
          required
          dir="ltr"
          autoComplete="off"
          inputMode="url"
          value={values.baseUrl}
          onChange={(event) => change({ baseUrl: event.currentTarget.value })}
          error={errorOf('baseUrl')}
        />
      )}
      <TextInput
        label="گروه"
        description="محصولات به یک گروه وصل می‌شوند و هر سرویس تازه روی کم‌بارترین سرور روشن همان گروه ساخته می‌شود."
        required
        autoComplete="off"
        value={values.groupName}
        onChange={(event) => change({ groupName: event.currentTarget.value })}
        error={errorOf('groupName')}
      />
      <TextInput
        label="ظرفیت (تعداد حساب)"
        required
        inputMode="numeric"
        autoComplete="off"
        value={values.capacity}
        onChange={(event) => change({ capacity: event.currentTarget.value })}
        error={errorOf('capacity')}
      />
      <Textarea
        label="نیم‌سرورها"
        description="هر کدام در یک خط، مانند ns1.example.com؛ در صفحهٔ سرویس به مشتری نشان داده می‌شوند تا دامنه را به آن‌ها بسپارد. خالی یعنی نشان داده نشود."
        // Not autosize: its hidden measuring textarea stays in the page, wider than a phone.
        rows={3}
        dir="ltr"
        autoComplete="off"
        value={values.nameservers}
        onChange={(event) => change({ nameservers: event.currentTarget.value })}
        error={nameserversError(errorOf)}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
      />
      <Textarea
        label="نشانی‌های IP"
        description={
          <>
            هر کدام در یک خط، IPv4 یا IPv6 عمومی. رکوردهای DNS دامنه‌هایی که نزد ما هستند و حسابی روی
            این سرور دارند به این نشانی‌ها اشاره می‌کند و با تغییرشان عوض می‌شود.
            {values.kind === 'sandbox' && (
              <>
                {' '}
                پنل آزمایشی نشانی‌های مخصوص مثال را هم می‌پذیرد، مانند{' '}
                <bdi dir="ltr">203.0.113.10</bdi>.
              </>
            )}
          </>
        }
        rows={3}
        dir="ltr"
        autoComplete="off"
        value={values.addresses}
        onChange={(event) => change({ addresses: event.currentTarget.value })}
        error={addressesError(errorOf)}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
      />
      <Switch
        label="روشن"
        description="سرور خاموش سرویس تازه‌ای نمی‌گیرد؛ حساب‌هایی که دارد سر جایشان می‌مانند."
        checked={values.enabled}
        onChange={(event) => change({ enabled: event.currentTarget.checked })}
      />
      <Stack gap="xs" component="fieldset" m={0} p={0} style={{ border: 0 }}>
        <Title order={3} size="h6" component="legend" p={0}>
          اطلاعات ورود به کنترل پنل
        </Title>
        {credentialFields.length === 0 ? (
          <Text size="sm" c="dimmed">
            پنل آزمایشی داخلی بخشی از خود ویترین است و اطلاعات ورود نمی‌خواهد.
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            {keep
              ? 'اطلاعات ورود ذخیره‌شده هرگز نمایش داده نمی‌شود. برای نگه داشتن همان‌ها فیلدها را خالی بگذارید؛ برای عوض کردن، همه را دوباره بنویسید.'
              : 'فقط نوشته و رمزگذاری‌شده نگه داشته می‌شود؛ پس از ذخیره دیگر نمایش داده نمی‌شود.'}
          </Text>
        )}
        {credentialFields.map((field) => {
          const Input = field.secret ? PasswordInput : TextInput;
          const description = [
            field.description,
            keep ? 'خالی بماند، همان قبلی می‌ماند.' : undefined,
          ]
            .filter(Boolean)
            .join(' ');
          return (
            <Input
              key={`${values.kind}-${field.key}`}
              label={field.label}
              description={description || undefined}
              placeholder={field.placeholder}
              required={field.required && !keep}
              dir="ltr"
              autoComplete={field.secret ? 'new-password' : 'off'}
              value={values.credentials[field.key] ?? ''}
              onChange={(event) =>
                change({
                  credentials: { ...values.credentials, [field.key]: event.currentTarget.value },
                })
              }
              error={errorOf(`credentials.${field.key}`)}
              // Mantine's PasswordInput marks only its wrapper; the input itself says it too.
              aria-invalid={errorOf(`credentials.${field.key}`) ? true : undefined}
            />
          );
        })}
        {errorOf('credentials') && (
          <Text size="sm" c="red.8" role="alert">
            {errorOf('credentials')}
          </Text>
        )}
      </Stack>
      {editing && (
        <Textarea
          label="دلیل"
          description="اختیاری؛ در گزارش کارها می‌ماند."
          rows={2}
          maxLength={REASON_MAX_LENGTH}
          value={values.reason}
          onChange={(event) => change({ reason: event.currentTarget.value })}
          error={errorOf('reason')}
        />
      )}
    </FormDialog>
  );
}

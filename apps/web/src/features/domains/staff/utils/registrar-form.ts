import type { PathInput, REGISTRAR_KIND_NAMES } from '@vitrin/contracts';

// The registrar account form (issue 38): what each kind of registry needs to be reached, and how
// the form's text becomes the save call. Credentials are write-only: the server never sends them
// back, so an edit starts with them empty, and empty means "keep the ones saved" — unless the
// kind changes, which needs new ones.

export type RegistrarKind = (typeof REGISTRAR_KIND_NAMES)[number];
export type SaveRegistrarInput = PathInput<'/api/admin/domains/save-registrar'>;

export interface RegistrarCredentialField {
  key: string;
  label: string;
  /** A secret is typed into a password field. */
  secret: boolean;
  /** A PEM certificate or key: several lines. */
  multiline: boolean;
  required: boolean;
  placeholder?: string;
  description?: string;
}

const PEM_DESCRIPTION = 'اختیاری؛ متن کامل PEM.';

/** Each kind's credentials, as its driver needs them (registrars.ts on the server). */
export const REGISTRAR_CREDENTIAL_FIELDS: Record<
  RegistrarKind,
  readonly RegistrarCredentialField[]
> = {
  sandbox: [],
  epp: [
    { key: 'clientId', label: 'شناسهٔ کاربری EPP', secret: false, multiline: false, required: true },
    {
      key: 'password',
      label: 'گذرواژهٔ EPP',
      secret: true,
      multiline: false,
      required: true,
      description: 'دست‌کم ۶ نویسه.',
    },
    {
      key: 'ca',
      label: 'گواهی CA ثبت‌کننده',
      secret: false,
      multiline: true,
      required: false,
      description: `${PEM_DESCRIPTION} فقط وقتی گواهی ثبت‌کننده را مرجعی عمومی امضا نکرده است.`,
    },
    {
      key: 'cert',
      label: 'گواهی کلاینت ما',
      secret: false,
      multiline: true,
      required: false,
      description: `${PEM_DESCRIPTION} برای ثبت‌کننده‌ای که گواهی کلاینت می‌خواهد.`,
    },
    {
      key: 'key',
      label: 'کلید خصوصی گواهی کلاینت',
      secret: false,
      multiline: true,
      required: false,
      description: PEM_DESCRIPTION,
    },
  ],
  irnic: [
    { key: 'token', label: 'توکن API ایرنیک', secret: true, multiline: false, required: true },
    {
      key: 'depositCode',
      label: 'کد سپرده',
      secret: true,
      multiline: false,
      required: true,
      description: 'شانزده رقم، همان که ایرنیک به نماینده داده است.',
    },
    {
      key: 'resellerHandle',
      label: 'شناسهٔ نماینده',
      secret: false,
      multiline: false,
      required: true,
      placeholder: 'ab1234-irnic',
    },
    {
      key: 'ca',
      label: 'گواهی CA',
      secret: false,
      multiline: true,
      required: false,
      description: PEM_DESCRIPTION,
    },
  ],
};

/** Where each kind's registry is reached, as the field's hint. */
export const REGISTRAR_ENDPOINT_HINTS: Record<RegistrarKind, string | null> = {
  sandbox: null,
  epp: 'epp.registry.example:700',
  irnic: 'https://epp.nic.ir',
};

export interface RegistrarFormValues {
  name: string;
  kind: RegistrarKind;
  endpoint: string;
  enabled: boolean;
  /** One a line (spaces or commas also separate them). */
  nameservers: string;
  credentials: Record<string, string>;
  reason: string;
}

/** A saved account as the form shows it: everything but its credentials. */
export interface EditedRegistrar {
  id: string;
  name: string;
  kind: RegistrarKind;
  endpoint: string;
  enabled: boolean;
  defaultNameservers: string[];
}

export function newRegistrarForm(): RegistrarFormValues {
  return {
    name: '',
    kind: 'epp',
    endpoint: '',
    enabled: true,
    nameservers: '',
    credentials: {},
    reason: '',
  };
}

export function registrarFormOf(account: EditedRegistrar): RegistrarFormValues {
  return {
    name: account.name,
    kind: account.kind,
    endpoint: account.endpoint,
    enabled: account.enabled,
    nameservers: account.defaultNameservers.join('\n'),
    credentials: {},
    reason: '',
  };
}

/** Whether the saved credentials can stay: an edit that keeps the account's kind. */
export function keepsRegistrarCredentials(
  editing: EditedRegistrar | null,
  kind: RegistrarKind,
): boolean {
  return editing !== null && editing.kind === kind;
}

/** Field name → message; credential fields are `credentials.<key>`. */
export type RegistrarFormErrors = Record<string, string>;

/**
 * The save call for the form, or what to fix first. Only what the form can know is checked here
 * (a field left empty); the server judges the rest (the endpoint's shape, each credential's).
 */
export function registrarRequest(
  values: RegistrarFormValues,
  editing: EditedRegistrar | null,
): { ok: true; request: SaveRegistrarInput } | { ok: false; errors: RegistrarFormErrors } {
  const errors: RegistrarFormErrors = {};
  const name = values.name.trim();
  if (name === '') errors.name = 'نام حساب را بنویسید';
  const endpoint = values.kind === 'sandbox' ? '' : values.endpoint.trim();
  if (values.kind !== 'sandbox' && endpoint === '') errors.endpoint = 'نشانی ثبت‌کننده را بنویسید';

  const fields = REGISTRAR_CREDENTIAL_FIELDS[values.kind];
  const typed = Object.fromEntries(
    fields
      .map((field) => [field.key, (values.credentials[field.key] ?? '').trim()] as const)
      .filter(([, value]) => value !== ''),
  );
  const keep = keepsRegistrarCredentials(editing, values.kind) && Object.keys(typed).length === 0;
  if (!keep) {
    for (const field of fields) {
      if (field.required && !typed[field.key]) {
        errors[`credentials.${field.key}`] = editing
          ? 'برای عوض کردن اطلاعات ورود، این را هم بنویسید'
          : 'این فیلد لازم است';
      }
    }
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };

  const reason = values.reason.trim();
  return {
    ok: true,
    request: {
      ...(editing ? { id: editing.id } : {}),
      name,
      kind: values.kind,
      endpoint,
      enabled: values.enabled,
      defaultNameservers: nameserversOf(values.nameservers),
      ...(keep ? {} : { credentials: typed }),
      ...(reason ? { reason } : {}),
    },
  };
}

/** The nameservers as typed, one a line or separated by spaces or commas; the server checks them. */
export function nameserversOf(text: string): string[] {
  return text
    .split(/[\s,،]+/)
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

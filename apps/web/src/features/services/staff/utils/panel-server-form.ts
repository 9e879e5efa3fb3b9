import { type PANEL_KINDS, SERVER_ADDRESSES_MAX } from '@vitrin/contracts';
import { formatAmount, toPersianDigits } from '@vitrin/fa';
import { readWholeNumberText } from './form-numbers';

// The panel server form (issue 20): what each kind of panel needs to be reached, and how the
// form's text becomes the save call. Credentials are write-only: the server never sends them
// back, so an edit starts with them empty, and empty means "keep the ones saved" — unless the
// kind changes, which needs new ones.

export type PanelKind = (typeof PANEL_KINDS)[number];

export interface CredentialField {
  key: string;
  label: string;
  /** A secret is typed into a password field. */
  secret: boolean;
  required: boolean;
  placeholder?: string;
  description?: string;
}

/** Each kind's credentials, as its driver needs them (panel-servers.ts on the server). */
export const CREDENTIAL_FIELDS: Record<PanelKind, readonly CredentialField[]> = {
  sandbox: [],
  whm: [
    {
      key: 'username',
      label: 'نام کاربری WHM',
      secret: false,
      required: true,
      placeholder: 'root',
    },
    {
      key: 'apiToken',
      label: 'توکن API',
      secret: true,
      required: true,
      description: 'از WHM › Manage API Tokens؛ دست‌کم ۱۶ نویسه.',
    },
  ],
  directadmin: [
    { key: 'username', label: 'نام کاربری DirectAdmin', secret: false, required: true },
    {
      key: 'loginKey',
      label: 'کلید ورود (Login Key)',
      secret: true,
      required: true,
      description: 'دست‌کم ۱۶ نویسه.',
    },
    {
      key: 'ip',
      label: 'IP حساب‌های تازه',
      secret: false,
      required: false,
      placeholder: '203.0.113.10',
      description: 'اختیاری؛ خالی بماند، DirectAdmin خودش انتخاب می‌کند.',
    },
  ],
  'site-builder': [
    {
      key: 'secret',
      label: 'کلید امضای پیام‌ها',
      secret: true,
      required: true,
      placeholder: 'whsec_…',
      description: 'با whsec_ آغاز می‌شود؛ همان کلیدی که در سایت‌ساز ثبت شده است.',
    },
  ],
};

export const DEFAULT_PANEL_CAPACITY = 500;
export const MAX_PANEL_CAPACITY = 1_000_000;

export interface PanelServerFormValues {
  name: string;
  kind: PanelKind;
  baseUrl: string;
  groupName: string;
  capacity: string;
  /** One a line (spaces or commas also separate them). */
  nameservers: string;
  /** The IPv4 and IPv6 addresses its sites answer on, one a line (spaces or commas too). */
  addresses: string;
  enabled: boolean;
  credentials: Record<string, string>;
  reason: string;
}

/** A saved server as the form shows it: everything but its credentials. */
export interface EditedServer {
  id: string;
  name: string;
  kind: PanelKind;
  baseUrl: string;
  groupName: string;
  capacity: number;
  nameservers: string[];
  addresses: string[];
  enabled: boolean;
}

export function newPanelServerForm(): PanelServerFormValues {
  return {
    name: '',
    kind: 'whm',
    baseUrl: '',
    groupName: 'default',
    capacity: toPersianDigits(DEFAULT_PANEL_CAPACITY),
    nameservers: '',
    addresses: '',
    enabled: true,
    credentials: {},
    reason: '',
  };
}

export function panelServerFormOf(server: EditedServer): PanelServerFormValues {
  return {
    name: server.name,
    kind: server.kind,
    baseUrl: server.baseUrl,
    groupName: server.groupName,
    capacity: toPersianDigits(server.capacity),
    nameservers: server.nameservers.join('\n'),
    addresses: server.addresses.join('\n'),
    enabled: server.enabled,
    credentials: {},
    reason: '',
  };
}

/** Whether the saved credentials can stay: an edit that keeps the server's kind. */
export function keepsCredentials(editing: EditedServer | null, kind: PanelKind): boolean {
  return editing !== null && editing.kind === kind;
}

export interface PanelServerRequest {
  id?: string;
  name: string;
  kind: PanelKind;
  baseUrl: string;
  groupName: string;
  capacity: number;
  nameservers: string[];
  addresses: string[];
  enabled: boolean;
  credentials?: Record<string, string>;
  reason?: string;
}

/** Field name → message; credential fields are `credentials.<key>`. */
export type PanelServerFormErrors = Record<string, string>;

/**
 * The save call for the form, or what to fix first. Only what the form can know is checked
 * here (a field left empty, a capacity that is no number); the server judges the rest.
 */
export function panelServerRequest(
  values: PanelServerFormValues,
  editing: EditedServer | null,
): { ok: true; request: PanelServerRequest } | { ok: false; errors: PanelServerFormErrors } {
  const errors: PanelServerFormErrors = {};
  const name = values.name.trim();
  if (name === '') errors.name = 'نام سرور را بنویسید';
  const groupName = values.groupName.trim();
  if (groupName === '') errors.groupName = 'گروه را بنویسید';
  const capacity = readWholeNumberText(values.capacity, 1, MAX_PANEL_CAPACITY);
  if (capacity === null) {
    errors.capacity = `ظرفیت را عددی از ۱ تا ${formatAmount(MAX_PANEL_CAPACITY)} بنویسید`;
  }
  const baseUrl = values.kind === 'sandbox' ? '' : values.baseUrl.trim();
  if (values.kind !== 'sandbox' && baseUrl === '') errors.baseUrl = 'نشانی سرور را بنویسید';

  const fields = CREDENTIAL_FIELDS[values.kind];
  const typed = Object.fromEntries(
    fields
      .map((field) => [field.key, (values.credentials[field.key] ?? '').trim()] as const)
      .filter(([, value]) => value !== ''),
  );
  const keep = keepsCredentials(editing, values.kind) && Object.keys(typed).length === 0;
  if (!keep) {
    for (const field of fields) {
      if (field.required && !typed[field.key]) {
        errors[`credentials.${field.key}`] = editing
          ? 'برای عوض کردن اطلاعات ورود، این را هم بنویسید'
          : 'این فیلد لازم است';
      }
    }
  }
  if (Object.keys(errors).length > 0 || capacity === null) return { ok: false, errors };

  const reason = values.reason.trim();
  return {
    ok: true,
    request: {
      ...(editing ? { id: editing.id } : {}),
      name,
      kind: values.kind,
      baseUrl,
      groupName,
      capacity,
      nameservers: nameserversOf(values.nameservers),
      addresses: addressesOf(values.addresses),
      enabled: values.enabled,
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

/** The server's message about the nameservers, whichever of them it is about. */
export function nameserversError(
  errorOf: (field: string) => string | undefined,
): string | undefined {
  return (
    errorOf('nameservers') ??
    [0, 1, 2, 3].map((index) => errorOf(`nameservers.${index}`)).find(Boolean)
  );
}

/** The addresses as typed, one a line or separated by spaces or commas; the server checks them. */
export function addressesOf(text: string): string[] {
  return text
    .split(/[\s,،]+/)
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

/** The server's message about the addresses, whichever of them it is about. */
export function addressesError(errorOf: (field: string) => string | undefined): string | undefined {
  return (
    errorOf('addresses') ??
    Array.from({ length: SERVER_ADDRESSES_MAX }, (_, index) => errorOf(`addresses.${index}`)).find(
      Boolean,
    )
  );
}

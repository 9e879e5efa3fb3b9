import {
  type PathInput,
  TAX_ENVIRONMENT_LABELS,
  type TaxQueueItem,
  type TaxSystemSettingsView,
} from '@vitrin/contracts';
import { JALALI_MONTHS, toJalaliParts, toLatinDigits, toPersianDigits } from '@vitrin/fa';
import { ApiRequestError, describeApiError } from '../../../../lib/api-error';
import { saveErrorSummary } from '../../../console/utils/save-error-summary';

// The console's «سامانه مودیان» page (issue 39, decision 0039): what the status line says, the
// settings form and how it becomes the save call, how urgent a queued document and the signing
// certificate are, and the month the summary opens on.

export type SaveTaxSettingsInput = PathInput<'/api/admin/tax-system/save-settings'>;
export type TaxEnvironment = SaveTaxSettingsInput['environment'];

/** The status line above the settings: not set up, off, or on in which environment. */
export function taxSystemStatusText(settings: TaxSystemSettingsView): {
  tone: 'off' | 'on';
  text: string;
} {
  if (!settings.configured) {
    return {
      tone: 'off',
      text: 'سامانهٔ مودیان هنوز تنظیم نشده است؛ تا شناسهٔ حافظه، کلید و گواهی را ذخیره و ارسال را روشن نکنید، هیچ صورتحسابی برای سازمان امور مالیاتی فرستاده نمی‌شود.',
    };
  }
  if (!settings.enabled) {
    return {
      tone: 'off',
      text: 'ارسال به سامانهٔ مودیان خاموش است؛ صورتحساب‌ها در صف می‌مانند و تا روشن شدن آن فرستاده نمی‌شوند.',
    };
  }
  return {
    tone: 'on',
    text: `ارسال به سامانهٔ مودیان روشن است: ${TAX_ENVIRONMENT_LABELS[settings.environment]}.`,
  };
}

// ---------------------------------------------------------------------------------------------
// The settings form

export const TAX_SETTINGS_FIELDS = [
  'enabled',
  'environment',
  'memoryId',
  'defaultServiceId',
  'privateKeyPem',
  'certificatePem',
] as const;
export type TaxSettingsField = (typeof TAX_SETTINGS_FIELDS)[number];

export interface TaxSettingsDraft {
  enabled: boolean;
  environment: TaxEnvironment;
  memoryId: string;
  defaultServiceId: string;
  /** Write-only: empty keeps the saved one. */
  privateKeyPem: string;
  certificatePem: string;
}

export function taxSettingsDraftOf(settings: TaxSystemSettingsView): TaxSettingsDraft {
  return {
    enabled: settings.enabled,
    environment: settings.environment,
    memoryId: settings.memoryId ?? '',
    defaultServiceId: settings.defaultServiceId ?? '',
    privateKeyPem: '',
    certificatePem: '',
  };
}

/**
 * The form as save-settings takes it: ids trimmed with their digits made Latin (the
 * organisation's ids are Latin), an empty key or certificate left out so the saved one stays.
 * The server judges the rest and names the field it refuses.
 */
export function taxSettingsRequest(draft: TaxSettingsDraft): SaveTaxSettingsInput {
  const privateKeyPem = draft.privateKeyPem.trim();
  const certificatePem = draft.certificatePem.trim();
  return {
    enabled: draft.enabled,
    environment: draft.environment,
    memoryId: toLatinDigits(draft.memoryId).trim().toUpperCase(),
    defaultServiceId: toLatinDigits(draft.defaultServiceId).trim(),
    ...(privateKeyPem ? { privateKeyPem } : {}),
    ...(certificatePem ? { certificatePem } : {}),
  };
}

export interface TaxSettingsErrors {
  fields: Partial<Record<TaxSettingsField, string>>;
  summary: string | null;
}

/** A failed save: the server's message under each field it named, the rest above the button. */
export function taxSettingsErrors(error: unknown): TaxSettingsErrors {
  if (error === null || error === undefined) return { fields: {}, summary: null };
  if (!(error instanceof ApiRequestError)) return { fields: {}, summary: describeApiError(error) };
  const fields: TaxSettingsErrors['fields'] = {};
  for (const [field, message] of Object.entries(error.fields ?? {})) {
    if ((TAX_SETTINGS_FIELDS as readonly string[]).includes(field)) {
      fields[field as TaxSettingsField] = message;
    }
  }
  return { fields, summary: saveErrorSummary(error, TAX_SETTINGS_FIELDS) };
}

// ---------------------------------------------------------------------------------------------
// The signing certificate

/** A certificate this close to its end is shown in red: a new one takes the organisation days. */
export const CERTIFICATE_WARNING_DAYS = 30;
const DAY_MS = 86_400_000;

/** Whether the certificate is past or near its end, and how that reads. */
export function certificateExpiry(
  certificate: NonNullable<TaxSystemSettingsView['certificate']>,
  now: Date,
): { urgent: boolean; text: string } {
  const daysLeft = Math.floor((Date.parse(certificate.notAfter) - now.getTime()) / DAY_MS);
  if (certificate.expired || daysLeft < 0) {
    return { urgent: true, text: 'منقضی شده است؛ تا گواهی تازه ذخیره نشود، چیزی فرستاده نمی‌شود' };
  }
  if (daysLeft === 0) return { urgent: true, text: 'امروز منقضی می‌شود' };
  return {
    urgent: daysLeft <= CERTIFICATE_WARNING_DAYS,
    text: `${toPersianDigits(daysLeft)} روز مانده`,
  };
}

// ---------------------------------------------------------------------------------------------
// The queue

export type TaxQueueFilter = 'attention' | 'open';

export const TAX_QUEUE_FILTER_LABELS: Record<TaxQueueFilter, string> = {
  attention: 'نیازمند رسیدگی',
  open: 'همهٔ ارسال‌نشده‌ها',
};

/**
 * A queued document's badge colour: red when the organisation refused it or its deadline passed,
 * orange while it waits with the deadline near (the days staff are told about), blue once sent
 * and waiting for the verdict, gray while it simply waits for the next run.
 */
export function taxQueueColor(
  item: Pick<TaxQueueItem, 'status' | 'daysLeft'>,
  settings: Pick<TaxSystemSettingsView, 'deadlineDays' | 'noticeDays'>,
): 'red' | 'orange' | 'blue' | 'gray' {
  if (item.status === 'rejected' || item.status === 'late') return 'red';
  if (item.status === 'sent') return 'blue';
  return item.daysLeft <= settings.deadlineDays - settings.noticeDays ? 'orange' : 'gray';
}

/** The days to the deadline in words: «۳ روز مانده», «امروز آخرین روز مهلت است», «۲ روز گذشته». */
export function taxDaysLeftText(daysLeft: number): string {
  if (daysLeft < 0) return `${toPersianDigits(-daysLeft)} روز گذشته`;
  if (daysLeft === 0) return 'امروز آخرین روز مهلت است';
  return `${toPersianDigits(daysLeft)} روز مانده`;
}

// ---------------------------------------------------------------------------------------------
// The month summary

/** The summary's first year, as the server accepts it. */
export const FIRST_SUMMARY_YEAR = 1390;
const SUMMARY_YEARS_SHOWN = 5;

/** The Jalali year and month in Tehran at this instant: the summary opens on it. */
export function currentJalaliMonth(now: Date = new Date()): { year: number; month: number } {
  const { year, month } = toJalaliParts(now);
  return { year, month };
}

/** This year and the four before it, newest first, in Persian digits. */
export function summaryYearOptions(currentYear: number): { value: string; label: string }[] {
  const years: { value: string; label: string }[] = [];
  for (let year = currentYear; year > currentYear - SUMMARY_YEARS_SHOWN; year -= 1) {
    if (year < FIRST_SUMMARY_YEAR) break;
    years.push({ value: String(year), label: toPersianDigits(year) });
  }
  return years;
}

/** فروردین … اسفند, valued 1 to 12. */
export function summaryMonthOptions(): { value: string; label: string }[] {
  return JALALI_MONTHS.map((name, index) => ({ value: String(index + 1), label: name }));
}

/** «اردیبهشت ۱۴۰۵» */
export function jalaliMonthName(year: number, month: number): string {
  return `${JALALI_MONTHS[month - 1] ?? ''} ${toPersianDigits(year)}`;
}

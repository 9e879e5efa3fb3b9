import { MAX_SERVICE_EXTENSION_DAYS, type ServiceStatus } from '@vitrin/contracts';
import { formatAmount, toLatinDigits } from '@vitrin/fa';

// What an admin may do to a customer's service in each state, as the server allows it
// (modules/services/staff-services.service.ts): only an active or expired service is suspended, only
// a suspended one is unsuspended, and a cancelled or terminated one is neither extended nor
// cancelled again.

export type ServiceAction = 'suspend' | 'unsuspend' | 'extend' | 'cancel';

export function serviceActionsFor(status: ServiceStatus): ServiceAction[] {
  if (status === 'cancelled' || status === 'terminated') return [];
  const actions: ServiceAction[] = [];
  if (status === 'active' || status === 'expired') actions.push('suspend');
  if (status === 'suspended') actions.push('unsuspend');
  actions.push('extend', 'cancel');
  return actions;
}

export const EXTENSION_MODES = ['days', 'until'] as const;
export type ExtensionMode = (typeof EXTENSION_MODES)[number];

export type ExtensionRequest =
  | { ok: true; change: { days: number } | { until: string } }
  | { ok: false; field: ExtensionMode; error: string };

/**
 * The extension a form asks for: a number of days (Persian or Latin digits), or the new expiry's
 * date as typed (Jalali or ISO), which only the server reads and judges.
 */
export function extensionRequest(
  mode: ExtensionMode,
  form: { days: string; until: string },
): ExtensionRequest {
  if (mode === 'until') {
    const until = form.until.trim();
    return until === ''
      ? { ok: false, field: 'until', error: 'تاریخ انقضای تازه را وارد کنید' }
      : { ok: true, change: { until } };
  }
  const digits = toLatinDigits(form.days).trim();
  if (digits === '') return { ok: false, field: 'days', error: 'تعداد روز تمدید را وارد کنید' };
  const days = /^\d+$/.test(digits) ? Number(digits) : Number.NaN;
  if (!(days >= 1 && days <= MAX_SERVICE_EXTENSION_DAYS)) {
    return {
      ok: false,
      field: 'days',
      error: `تعداد روز باید عددی از ۱ تا ${formatAmount(MAX_SERVICE_EXTENSION_DAYS)} باشد`,
    };
  }
  return { ok: true, change: { days } };
}

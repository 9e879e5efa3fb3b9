import { SERVICE_STATUS_LABELS, type ServiceStatus } from '@vitrin/contracts';

// What a bought service is doing right after payment (issue 35): the callback page says it from
// the service's real status, not «فعال شد» for all.

/** On its way by itself: the setup job has it (or will try again). */
const SETTING_UP: readonly ServiceStatus[] = ['pending', 'provisioning', 'failed'];

export function isSettingUp(status: ServiceStatus): boolean {
  return SETTING_UP.includes(status);
}

/** A sentence for the statuses a new purchase passes through; any other says its label. */
const PROGRESS_TEXTS: Partial<Record<ServiceStatus, string>> = {
  active: 'فعال است و آمادهٔ استفاده.',
  pending: 'به‌طور خودکار راه‌اندازی می‌شود؛ چند لحظه صبر کنید.',
  provisioning: 'در حال راه‌اندازی خودکار است؛ چند لحظه صبر کنید.',
  failed: 'راه‌اندازی خودکار به مشکل خورد و دوباره امتحان می‌شود.',
  'needs-attention': 'راه‌اندازی خودکار نشد و به پشتیبانی سپرده شد؛ کارشناس آن را راه‌اندازی می‌کند.',
  'awaiting-delivery': 'کارشناس آن را آماده و تحویل می‌دهد؛ دورهٔ آن از روز تحویل شمرده می‌شود.',
};

export function serviceProgressText(status: ServiceStatus): string {
  return PROGRESS_TEXTS[status] ?? `وضعیت: ${SERVICE_STATUS_LABELS[status]}`;
}

/** The title over a paid order's services: «فعال شد» only when every one of them is. */
export function paidOrderTitle(statuses: readonly ServiceStatus[]): string {
  if (statuses.length > 0 && statuses.every((status) => status === 'active')) {
    return 'پرداخت موفق؛ سرویس شما فعال شد';
  }
  return 'پرداخت موفق';
}

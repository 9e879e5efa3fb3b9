import { SERVICE_SETUP_STATUSES, type ServiceStatus } from '@vitrin/contracts';
import { toPersianDigits } from '@vitrin/fa';

/** While the job queue sets a service up, the page asks again this often, to turn active itself. */
export const SETUP_POLL_MS = 3_000;
/** Once staff have it, nothing moves for minutes at a time: asked again far less often. */
export const STAFF_SETUP_POLL_MS = 30_000;

export function isSetupStatus(status: ServiceStatus | undefined): status is ServiceStatus {
  return status !== undefined && SERVICE_SETUP_STATUSES.includes(status);
}

/** How often the page asks about a service in this state; false once it is set up. */
export function setupPollIntervalMs(status: ServiceStatus | undefined): number | false {
  if (!isSetupStatus(status)) return false;
  return status === 'needs-attention' ? STAFF_SETUP_POLL_MS : SETUP_POLL_MS;
}

const MINUTE_MS = 60_000;
const HOUR_MINUTES = 60;
const DAY_MINUTES = 24 * HOUR_MINUTES;

/**
 * The time since `sinceIso` in words, to the minute: «کمتر از یک دقیقه», «۳ دقیقه»,
 * «۱ ساعت و ۵ دقیقه», «۲ روز و ۳ ساعت». A clock on this device behind the server's counts as
 * no time at all.
 */
export function elapsedText(sinceIso: string, nowMs: number): string {
  const minutes = Math.max(0, Math.floor((nowMs - Date.parse(sinceIso)) / MINUTE_MS));
  if (minutes < 1) return 'کمتر از یک دقیقه';
  if (minutes < HOUR_MINUTES) return `${toPersianDigits(minutes)} دقیقه`;
  if (minutes < DAY_MINUTES) {
    return joinUnits(Math.floor(minutes / HOUR_MINUTES), 'ساعت', minutes % HOUR_MINUTES, 'دقیقه');
  }
  return joinUnits(
    Math.floor(minutes / DAY_MINUTES),
    'روز',
    Math.floor((minutes % DAY_MINUTES) / HOUR_MINUTES),
    'ساعت',
  );
}

function joinUnits(major: number, majorUnit: string, minor: number, minorUnit: string): string {
  const first = `${toPersianDigits(major)} ${majorUnit}`;
  return minor === 0 ? first : `${first} و ${toPersianDigits(minor)} ${minorUnit}`;
}

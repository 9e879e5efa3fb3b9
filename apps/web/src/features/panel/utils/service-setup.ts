import { SERVICE_SETUP_STATUSES, type ServiceStatus } from '@vitrin/contracts';

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

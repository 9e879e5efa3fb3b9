import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PathResult } from '@vitrin/contracts';
import { callAsUser } from '../../../lib/app-session';

export type StaffWork = PathResult<'/api/admin/dashboard/get-staff-work'>;

/** Claims arrive and setups fail while the console is open: it reads the counts this often. */
export const STAFF_WORK_REFRESH_MS = 20_000;

export function staffWorkQueryOptions(staffId: string) {
  return queryOptions({
    queryKey: ['admin', staffId, 'staff-work'] as const,
    queryFn: ({ signal }) =>
      callAsUser('/api/admin/dashboard/get-staff-work', {}, { signal, silent: true }),
    staleTime: 0,
    refetchInterval: STAFF_WORK_REFRESH_MS,
    refetchOnWindowFocus: true,
  });
}

/** What waits for staff (issue 35): on the console's menu and its dashboard, kept fresh. */
export function useStaffWork(staffId: string) {
  return useQuery(staffWorkQueryOptions(staffId));
}

/**
 * The rows of the one queue of what automation gave up on (issue 38): setups handed over,
 * deliveries by hand past their time, domains and renewals the registry did not finish.
 */
export function waitingWorkCount(work: StaffWork): number {
  return work.needsAttention + work.overdueDeliveries + work.domainsNeedingStaff;
}

/** The count beside each console section that has work waiting, and whether it is urgent. */
export function sectionWork(
  work: StaffWork | undefined,
): Partial<
  Record<
    'billing' | 'provisioning' | 'domains' | 'work' | 'taxSystem',
    { count: number; urgent: boolean; label: string }
  >
> {
  if (!work) return {};
  const provisioning = work.needsAttention + work.awaitingDelivery;
  const gaveUp = waitingWorkCount(work);
  return {
    ...(work.transferClaims > 0
      ? {
          billing: {
            count: work.transferClaims,
            urgent: work.transferClaimsLate > 0,
            label: 'پرداخت کارت‌به‌کارت منتظر بررسی',
          },
        }
      : {}),
    ...(provisioning > 0 || work.serverGroupsDown.length > 0
      ? {
          provisioning: {
            count: provisioning,
            urgent:
              work.needsAttention > 0 ||
              work.overdueDeliveries > 0 ||
              work.serverGroupsDown.length > 0,
            label: 'سرویس منتظر کارشناس',
          },
        }
      : {}),
    // Documents the tax system has not accepted a week after issue: the deadline is near.
    ...(work.taxDocumentsOverdue > 0
      ? {
          taxSystem: {
            count: work.taxDocumentsOverdue,
            urgent: true,
            label: 'سند پذیرفته‌نشده در سامانهٔ مودیان',
          },
        }
      : {}),
    // What automation gave up on, services and domains in one queue: always urgent.
    ...(gaveUp > 0 ? { work: { count: gaveUp, urgent: true, label: 'کار منتظر کارشناس' } } : {}),
    // A domain waits for a person only when its registry could not finish: always urgent.
    ...(work.domainsNeedingStaff > 0
      ? {
          domains: {
            count: work.domainsNeedingStaff,
            urgent: true,
            label: 'دامنهٔ منتظر کارشناس',
          },
        }
      : {}),
  };
}

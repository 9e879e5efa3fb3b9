import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type PathInput,
  type PathResult,
  SERVICE_SETUP_STATUSES,
  type ServiceStatus,
} from '@vitrin/contracts';
import { callAsUser } from '../../../../lib/app-session';
import { ERROR_SHOWN_IN_PAGE } from '../../../../lib/http';
import { provisioningKey, refreshProvisioning } from './provisioning-key';

type TimelinePath = '/api/admin/services/get-service-timeline';
export type ServiceTimeline = PathResult<TimelinePath>;
export type TimelineService = ServiceTimeline['service'];
export type TimelineEvent = ServiceTimeline['events'][number];
export type PanelCall = TimelineEvent['calls'][number];
export type RetrySetupInput = Omit<PathInput<'/api/admin/provisioning/retry-setup'>, 'serviceId'>;

/** While a job works on the service, its page reads the timeline this often. */
const WORKING_REFRESH_MS = 3_000;
/** States in which a job (not a person) is expected to move the service next. */
const JOB_AT_WORK: readonly ServiceStatus[] = ['pending', 'provisioning', 'failed'];

export function serviceTimelineQueryOptions(staffId: string, serviceId: string) {
  return queryOptions({
    queryKey: [...provisioningKey(staffId), 'timeline', serviceId],
    queryFn: ({ signal }) =>
      callAsUser(
        '/api/admin/services/get-service-timeline',
        { serviceId },
        { signal, silent: true },
      ),
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data && JOB_AT_WORK.includes(query.state.data.service.status)
        ? WORKING_REFRESH_MS
        : false,
    meta: { [ERROR_SHOWN_IN_PAGE]: true },
  });
}

/** A service's events, newest first, each with its redacted exchanges with the panel. */
export function useServiceTimeline(staffId: string, serviceId: string) {
  return useQuery(serviceTimelineQueryOptions(staffId, serviceId));
}

/** Whether staff may still send the setup again or finish it by hand. */
export function isInSetup(status: ServiceStatus): boolean {
  return SERVICE_SETUP_STATUSES.includes(status);
}

/** «تلاش دوباره» and «انجام دستی» (admins); each reads the queue and the timeline again. */
export function useSetupActions(staffId: string, serviceId: string) {
  const queryClient = useQueryClient();
  const after = () => refreshProvisioning(queryClient, staffId);
  const retry = useMutation({
    mutationFn: (input: RetrySetupInput) =>
      callAsUser('/api/admin/provisioning/retry-setup', { serviceId, ...input }, { silent: true }),
    onSuccess: after,
  });
  const completeByHand = useMutation({
    mutationFn: (reason: string) =>
      callAsUser(
        '/api/admin/provisioning/complete-setup-by-hand',
        { serviceId, reason },
        { silent: true },
      ),
    onSuccess: after,
  });
  return { retry, completeByHand };
}

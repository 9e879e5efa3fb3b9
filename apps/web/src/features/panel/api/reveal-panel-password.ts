import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callAsUser } from '../../../lib/app-session';
import { serviceAccessQueryKey } from './get-service-access';

export interface PanelPasswordRequest {
  serviceId: string;
  /** The person's own Vitrin password, asked again before a secret is shown. */
  password: string;
}

/** The control panel's password, once the person has given their own again. */
export function revealPanelPassword(request: PanelPasswordRequest) {
  return callAsUser('/api/user/services/reveal-panel-password', request);
}

export function useRevealPanelPassword(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revealPanelPassword,
    // The timeline records that it was shown.
    onSuccess: (_answer, { serviceId }) =>
      queryClient.invalidateQueries({ queryKey: serviceAccessQueryKey(userId, serviceId) }),
  });
}

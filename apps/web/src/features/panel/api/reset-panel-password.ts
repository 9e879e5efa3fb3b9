import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callAsUser } from '../../../lib/app-session';
import { serviceAccessQueryKey } from './get-service-access';
import type { PanelPasswordRequest } from './reveal-panel-password';

/**
 * A new control-panel password, set on the panel first; answered this once (it can be shown
 * again later like the old one was).
 */
export function resetPanelPassword(request: PanelPasswordRequest) {
  return callAsUser('/api/user/services/reset-panel-password', request);
}

export function useResetPanelPassword(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetPanelPassword,
    // The timeline records the change, or that the panel refused it.
    onSettled: (_answer, _error, { serviceId }) =>
      queryClient.invalidateQueries({ queryKey: serviceAccessQueryKey(userId, serviceId) }),
  });
}

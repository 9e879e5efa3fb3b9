import { useMutation } from '@tanstack/react-query';
import { callAsUser } from '../../../lib/app-session';

/** A one-time sign-in address for the service's control panel (SSO); it works once, briefly. */
export function openControlPanel(serviceId: string) {
  return callAsUser('/api/user/services/open-control-panel', { serviceId });
}

/** Nothing cached changes: the address is used at once and never kept. */
export function useOpenControlPanel() {
  return useMutation({ mutationFn: openControlPanel });
}

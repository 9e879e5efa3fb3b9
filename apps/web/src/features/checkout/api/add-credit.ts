import { useMutation } from '@tanstack/react-query';
import { callAsUser } from '../../../lib/app-session';

/** Opens a top-up payment at the gateway; the answer says where to send the person. */
export function addCredit(amountRial: number) {
  return callAsUser('/api/user/account/add-credit', { amountRial });
}

export function useAddCredit() {
  return useMutation({ mutationFn: addCredit });
}

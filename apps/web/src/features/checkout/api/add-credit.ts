import { useMutation } from '@tanstack/react-query';
import type { OnlineGateway } from '@vitrin/contracts';
import { callAsUser } from '../../../lib/app-session';

/** Opens a top-up payment at the gateway; the answer says where to send the person. */
export function addCredit({
  amountRial,
  gateway,
}: {
  amountRial: number;
  gateway?: OnlineGateway;
}) {
  return callAsUser('/api/user/account/add-credit', {
    amountRial,
    ...(gateway ? { gateway } : {}),
  });
}

export function useAddCredit() {
  return useMutation({ mutationFn: addCredit });
}

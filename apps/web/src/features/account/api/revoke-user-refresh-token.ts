import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callAsUser } from '../../../lib/app-session';
import { userRefreshTokensQueryOptions } from './get-user-refresh-tokens';

/** Ends one of the account's sessions (another device's sign-in). */
export function revokeUserRefreshToken(sessionId: string) {
  return callAsUser('/api/jwt/revoke-user-refresh-token', { id: sessionId });
}

export function useRevokeUserRefreshToken(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeUserRefreshToken,
    onSettled: () =>
      // Also after a failure: "already ended" means the list on screen is out of date.
      queryClient.invalidateQueries({ queryKey: userRefreshTokensQueryOptions(userId).queryKey }),
  });
}

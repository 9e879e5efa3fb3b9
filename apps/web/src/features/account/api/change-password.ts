import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PathInput } from '@vitrin/contracts';
import { callAsUser } from '../../../lib/app-session';
import { userInfoQueryOptions } from '../../../lib/user-info';
import { userRefreshTokensQueryOptions } from './get-user-refresh-tokens';

export type PasswordChange = PathInput<'/api/user/change-password'>;

/** Sets a new password; the server ends every other session of the account. */
export function changePassword(change: PasswordChange) {
  return callAsUser('/api/user/change-password', change);
}

export function useChangePassword(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () =>
      Promise.all([
        // An account that signed in by code only has a password now.
        queryClient.invalidateQueries({ queryKey: userInfoQueryOptions(userId).queryKey }),
        queryClient.invalidateQueries({ queryKey: userRefreshTokensQueryOptions(userId).queryKey }),
      ]),
  });
}

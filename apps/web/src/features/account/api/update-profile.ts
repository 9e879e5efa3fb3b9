import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PathInput } from '@vitrin/contracts';
import { callAsUser } from '../../../lib/app-session';
import { userInfoQueryOptions } from '../../../lib/user-info';
import { refreshRedDots } from './get-red-dot-info';

export type ProfileChanges = PathInput<'/api/user/update-profile'>;

/** Saves name and e-mail; null clears a field. Answers with the whole profile. */
export function updateProfile(changes: ProfileChanges) {
  return callAsUser('/api/user/update-profile', changes);
}

export function useUpdateProfile(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => {
      queryClient.setQueryData(userInfoQueryOptions(userId).queryKey, profile);
      // The server's profile-incomplete red dot follows the name.
      void refreshRedDots();
    },
  });
}

import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';

export interface PasswordReset {
  mobile: string;
  code: string;
  newPassword: string;
}

/** Sets a new password with an SMS code and signs in; the account's other sessions end. */
export function resetPassword({ mobile, code, newPassword }: PasswordReset) {
  // Silent: the code step shows a refusal under its fields, and a toast only for the rest.
  return callApi(
    '/api/jwt/reset-password',
    { username: mobile, code, newPassword },
    { silent: true },
  );
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}

import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';

/** Whether a number (E.164) has a verified account, and whether it has a password. */
export function checkUser(mobile: string) {
  return callApi('/api/jwt/check-user', { username: mobile });
}

export function useCheckUser() {
  return useMutation({ mutationFn: checkUser });
}

import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';

export interface PasswordSignIn {
  mobile: string;
  password: string;
}

/** Silent: the step shows a refusal under the password field, and a toast only for the rest. */
export function authenticate({ mobile, password }: PasswordSignIn) {
  return callApi('/api/jwt/authenticate', { username: mobile, password }, { silent: true });
}

export function useAuthenticate() {
  return useMutation({ mutationFn: authenticate });
}

import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';

export interface PasswordSignIn {
  mobile: string;
  password: string;
}

export function authenticate({ mobile, password }: PasswordSignIn) {
  return callApi('/api/jwt/authenticate', { username: mobile, password });
}

export function useAuthenticate() {
  return useMutation({ mutationFn: authenticate });
}

import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';

export interface Registration {
  mobile: string;
  password: string;
}

/** Creates an unverified account; a code sent to the number then proves it. */
export function register({ mobile, password }: Registration) {
  return callApi('/api/jwt/register', { mobileNumber: mobile, password });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}

import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';

export interface CodeSignIn {
  mobile: string;
  code: string;
}

/** Signs in with an SMS code; a verification code also marks the number as proven. */
export function verifyTemporaryCode({ mobile, code }: CodeSignIn) {
  // Silent: the code step shows a refusal under its field, and a toast only for the rest.
  return callApi('/api/jwt/verify-temporary-code', { input: mobile, code }, { silent: true });
}

export function useVerifyTemporaryCode() {
  return useMutation({ mutationFn: verifyTemporaryCode });
}

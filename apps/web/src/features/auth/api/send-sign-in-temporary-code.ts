import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';

/** A sign-in code by SMS; only a verified account gets one. */
export function sendSignInTemporaryCode(mobile: string) {
  return callApi('/api/jwt/send-sign-in-temporary-code', { username: mobile }, { silent: true });
}

// Silent: the sign-in page says itself what a refusal means (a wait becomes the code step).
export function useSendSignInTemporaryCode() {
  return useMutation({ mutationFn: sendSignInTemporaryCode });
}

import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';

/** A code that proves the number: it finishes a sign-up or allows a password reset. */
export function sendTempCode(mobile: string) {
  return callApi('/api/jwt/send-temp-code', { username: mobile }, { silent: true });
}

// Silent: the sign-in page says itself what a refusal means (a wait becomes the code step).
export function useSendTempCode() {
  return useMutation({ mutationFn: sendTempCode });
}

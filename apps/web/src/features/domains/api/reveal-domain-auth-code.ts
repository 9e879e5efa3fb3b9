import { useMutation } from '@tanstack/react-query';
import type { PathInput } from '@vitrin/contracts';
import { callAsUser } from '../../../lib/app-session';

/**
 * A gTLD name's transfer code, after the owner's own password. It is kept only in the page's
 * state while shown, never in the query cache.
 */
export function useRevealDomainAuthCode() {
  return useMutation({
    mutationFn: (input: PathInput<'/api/user/domains/reveal-auth-code'>) =>
      callAsUser('/api/user/domains/reveal-auth-code', input, { silent: true }),
  });
}

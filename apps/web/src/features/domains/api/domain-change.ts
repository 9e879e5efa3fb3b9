import { useMutation, useQueryClient } from '@tanstack/react-query';
import { domainsQueryKey } from './domains-query-key';
import type { UserDomainDetail } from './get-user-domain';
import { userDomainQueryOptions } from './get-user-domain';

/**
 * A change to one domain that answers with the domain as it is now: that answer replaces the
 * page's, and the list (which shows its nameservers and auto-renew) is asked again.
 */
export function useDomainChange<Variables>(
  userId: string,
  change: (variables: Variables) => Promise<UserDomainDetail>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (domain) => {
      queryClient.setQueryData(userDomainQueryOptions(userId, domain.id).queryKey, domain);
      return queryClient.invalidateQueries({ queryKey: [...domainsQueryKey(userId), 'list'] });
    },
  });
}

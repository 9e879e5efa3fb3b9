import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { domainsQueryKey } from './domains-query-key';
import type { UserDomainDetail } from './get-user-domain';
import { userDomainQueryOptions } from './get-user-domain';

/**
 * A change to one domain that answers with the domain as it is now: that answer replaces the
 * page's, and the list (which shows its nameservers and auto-renew) is asked again, with what
 * else the change touches (`alsoChanged`).
 */
export function useDomainChange<Variables>(
  userId: string,
  change: (variables: Variables) => Promise<UserDomainDetail>,
  alsoChanged: (domain: UserDomainDetail) => readonly QueryKey[] = () => [],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (domain) => {
      queryClient.setQueryData(userDomainQueryOptions(userId, domain.id).queryKey, domain);
      return Promise.all(
        [[...domainsQueryKey(userId), 'list'], ...alsoChanged(domain)].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
  });
}

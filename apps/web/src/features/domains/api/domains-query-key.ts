/** Everything about one person's domains: the list, each domain, and the holder's details. */
export function domainsQueryKey(userId: string) {
  return ['domains', userId] as const;
}

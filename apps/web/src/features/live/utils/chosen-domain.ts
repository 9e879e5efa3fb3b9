/** The address's `?domain=`: the chosen domain stays across reloads and shared links. */
export const DOMAIN_PARAM = 'domain';

/**
 * The domain the page shows: the one named in the address when it is one of the person's
 * (written with or without `www.`, in any case), otherwise the first. Null when there are none.
 */
export function chosenDomain<D extends { domainName: string }>(
  domains: readonly D[],
  requested: string | null,
): D | null {
  const wanted = requested
    ?.trim()
    .toLowerCase()
    .replace(/^www\./, '');
  return domains.find((domain) => domain.domainName === wanted) ?? domains[0] ?? null;
}

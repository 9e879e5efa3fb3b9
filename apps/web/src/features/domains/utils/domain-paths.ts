import { PAGES, pagePath } from '@vitrin/contracts';

// The panel's domain pages (issue 38), from the route table the server's messages share. Kept
// here rather than in lib/panel-paths: that module loads with every page, these only with theirs.

export const DOMAINS_PATH = PAGES.myDomains;

/** One of the person's domains. */
export function domainPath(domainId: string): string {
  return pagePath('myDomain', { domainId });
}
